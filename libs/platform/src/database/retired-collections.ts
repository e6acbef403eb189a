import type { Connection } from 'mongoose';

/**
 * Drops the collections a read model kept before it moved to a new one (a new shape, filled again from the log), so
 * nothing of a member stays behind where account deletion no longer looks. Called from the new read model's `reset`,
 * which its first filling runs; a collection already gone is no error.
 */
export const dropRetiredCollections = async (connection: Connection, ...names: string[]): Promise<void> => {
  await Promise.all(names.map((name) => connection.dropCollection(name).catch(() => undefined)));
};
