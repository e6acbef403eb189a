import mongoose, { type Connection } from 'mongoose';

/**
 * Direct access to a service's test database, for what a test cannot wait for: making a code or a session
 * old (expiry, grace window, inactivity) instead of sleeping, or reading identity's signing key.
 */
export const withServiceDb = async <T>(service: string, use: (db: Connection) => Promise<T>): Promise<T> => {
  const connection = await mongoose
    .createConnection(process.env.MONGO_URL ?? 'mongodb://127.0.0.1:27017', { dbName: `${process.env.E2E_NAMESPACE ?? 'abide_test'}_${service}` })
    .asPromise();
  try {
    return await use(connection);
  } finally {
    await connection.close();
  }
};
