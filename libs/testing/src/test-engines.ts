import { randomBytes } from 'node:crypto';
import mongoose, { type Connection } from 'mongoose';

/** Database helpers for integration specs against the engines started by `tools/infra/cli.mjs up`. */
export const testMongoUrl = (): string => process.env.MONGO_URL ?? 'mongodb://127.0.0.1:27017';

/** Lowercase, digits and underscores: valid as a database name (FerretDB included) and inside topic names. */
export const uniqueName = (prefix: string): string => `${prefix}_${randomBytes(5).toString('hex')}`;

export const connectTestDatabase = async (name: string): Promise<Connection> =>
  mongoose.createConnection(testMongoUrl(), { dbName: name, serverSelectionTimeoutMS: 5000 }).asPromise();

export const dropTestDatabase = async (connection: Connection): Promise<void> => {
  await connection.dropDatabase();
  await connection.close();
};

export const waitFor = async (
  condition: () => boolean | Promise<boolean>,
  { timeoutMs = 20_000, intervalMs = 50, what = 'condition' } = {},
): Promise<void> => {
  const deadline = Date.now() + timeoutMs;
  while (!(await condition())) {
    if (Date.now() > deadline) throw new Error(`Timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, intervalMs));
  }
};
