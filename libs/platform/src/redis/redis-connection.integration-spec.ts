import { randomUUID } from 'node:crypto';
import { RedisConnection } from './redis-connection';

describe('RedisConnection.countWithin (real Redis)', () => {
  let redis: RedisConnection;

  beforeAll(async () => {
    redis = new RedisConnection(process.env.REDIS_URL as string, 'counters-test', 'requests');
    // A `requests` connection has no offline queue (a request must not wait for Redis): start once connected.
    if (!redis.ready) await new Promise((resolve) => redis.client.once('ready', resolve));
  });

  afterAll(() => redis.close());

  const key = () => `it:counters:${randomUUID()}`;

  it('counts one after another and sets the expiry', async () => {
    const k = key();

    const counts = [await redis.countWithin(k, 60), await redis.countWithin(k, 60), await redis.countWithin(k, 60)];

    expect(counts).toEqual([1, 2, 3]);
    expect(await redis.client.ttl(k)).toBeGreaterThan(55);
  });

  it('rejects, rather than reports a count of zero, when the count failed inside the transaction', async () => {
    const k = key();
    // INCR on a value that is not a number fails inside MULTI while EXEC itself succeeds.
    await redis.client.set(k, 'not a number', 'EX', 60);

    await expect(redis.countWithin(k, 60)).rejects.toThrow(/not an integer/);
  });
});
