import type { DBSchema, IDBPDatabase } from 'idb';
import { onSignOut } from './sign-out-cleanup';

/** One API read as the server answered it, kept for the member it was read for. */
export interface KeptRead {
  memberId: string;
  /** The endpoint and the request (readKey), so two arguments of one endpoint are two records. */
  readKey: string;
  /** The response body before the app's own parsing, which runs again when it is served. */
  data: unknown;
  /** When the server gave this answer (ms since the epoch): what "last updated" shows. */
  fetchedAt: number;
}

interface ReadCacheSchema extends DBSchema {
  reads: { key: [string, string]; value: KeptRead };
}

const DB_NAME = 'abide-offline-reads';

let opening: Promise<IDBPDatabase<ReadCacheSchema>> | null = null;

/** idb loads with the first read kept or served: a visitor's landing page never needs it. */
function database(): Promise<IDBPDatabase<ReadCacheSchema>> {
  opening ??= import('idb').then(({ openDB }) =>
    openDB<ReadCacheSchema>(DB_NAME, 1, {
      upgrade(db) {
        // The member is the first part of every key: one member's records are one key range, and no lookup can
        // reach another member's by the request alone.
        db.createObjectStore('reads', { keyPath: ['memberId', 'readKey'] });
      },
    }),
  );
  opening.catch(() => {
    // A browser without IndexedDB (or refusing it) keeps nothing; the next call tries again.
    opening = null;
  });
  return opening;
}

/** Every key of one member: [memberId] sorts before [memberId, anything], and an array sorts after every string. */
const memberRange = (memberId: string) => IDBKeyRange.bound([memberId], [memberId, []]);

export async function saveRead(read: KeptRead): Promise<void> {
  const db = await database();
  await db.put('reads', read);
}

export async function loadRead(memberId: string, readKey: string): Promise<KeptRead | undefined> {
  const db = await database();
  return db.get('reads', [memberId, readKey]);
}

/** Drops everything kept for this member (sign-out, another member signing in). */
export async function dropMemberReads(memberId: string): Promise<void> {
  const db = await database();
  await db.delete('reads', memberRange(memberId));
}

onSignOut(dropMemberReads);
