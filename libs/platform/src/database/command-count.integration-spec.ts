import { testMongoUrl, uniqueName } from '@abide/testing/src/test-engines';
import { Logger } from '@nestjs/common';
import type { Connection } from 'mongoose';
import { metricsRegistry } from '../metrics/registry';
import { connectWithRetry } from './database.module';

/** db_commands_total as the metrics listener would show it, by command name and collection (`insert items`). */
const counted = async (): Promise<Record<string, number>> => {
  const metric = (await metricsRegistry.getSingleMetric('db_commands_total')?.get()) ?? { values: [] };
  return Object.fromEntries(metric.values.map((v) => [`${String(v.labels.command)} ${String(v.labels.collection)}`, v.value]));
};

const grew = (before: Record<string, number>, after: Record<string, number>) =>
  Object.fromEntries(Object.entries(after).flatMap(([name, n]) => (n - (before[name] ?? 0) > 0 ? [[name, n - (before[name] ?? 0)]] : [])));

describe("a service's database connection counts its round trips (db_commands_total)", () => {
  let connection: Connection;

  beforeAll(async () => {
    connection = await connectWithRetry(testMongoUrl(), uniqueName('command_count'), new Logger('spec'));
  });

  afterAll(async () => {
    await connection.dropDatabase();
    await connection.close();
  });

  it('one per command the driver sends, by name and collection, in the service database and in one reached with useDb alike', async () => {
    const items = connection.collection('items');
    const other = connection.useDb(`${connection.name}_other`, { useCache: true }).collection('others');
    const before = await counted();
    await items.insertOne({ _id: 'a' as never, n: 1 });
    await items.updateOne({ _id: 'a' as never }, { $inc: { n: 1 } });
    await items.findOne({ _id: 'a' as never });
    await items.findOne({ _id: 'b' as never });
    await other.insertOne({ n: 1 });
    expect(grew(before, await counted())).toEqual({ 'insert items': 1, 'insert others': 1, 'update items': 1, 'find items': 2 });
    await connection.useDb(`${connection.name}_other`).dropDatabase();
  });
});
