import { isDuplicateKeyError } from '@abide/platform';
import { setTimeout as sleep } from 'node:timers/promises';
import { jitteredBackoffDelay } from '@abide/messaging';
import { type Connection, type Model, Schema } from 'mongoose';

/** What a change answers to leave the document as it is (no write at all). */
export const unchanged: unique symbol = Symbol('unchanged');
export type Change<T> = (current: T | null) => T | null | typeof unchanged | Promise<T | null | typeof unchanged>;

/**
 * A read-model document: its value as one JSON string (FerretDB v1 turns a large nested document into SQL JSON on
 * every read and write, and nothing queries inside these), and a revision that every write advances. A deleted value
 * stays as a row with `state: null`, so its revision keeps counting: a writer that read it before the delete cannot
 * succeed afterwards by finding "revision 1" again on a new row.
 */
interface Row {
  _id: string;
  revision?: number;
  state: string | null;
}

/** Lost races in a row before an update gives up (each loser waits a growing, jittered pause first). */
const MAX_ATTEMPTS = 50;
const BACKOFF = { initialDelayMs: 2, maxDelayMs: 100 };

export class DocumentContention extends Error {
  override readonly name = 'DocumentContention';
  constructor(collection: string, id: string) {
    super(`${collection}/${id} kept changing under ${MAX_ATTEMPTS} attempts to update it`);
  }
}

/**
 * Read-model documents by key, each written only by a compare-and-set on its revision: `update` reads the document,
 * computes the new value and writes it on condition that nobody wrote since; a writer that lost the race reads again
 * and recomputes. Right with any number of replicas writing the same document at the same moment, with no lock held
 * anywhere (MongoDB makes each single-document update atomic; the local engine is patched to, see docs/architecture.md).
 * Reads and writes are by `_id` (FerretDB v1 scans for any other filter).
 */
export class VersionedDocuments<T> {
  readonly model: Model<Row>;

  constructor(connection: Connection, collection: string) {
    const name = `Versioned_${collection}`;
    this.model =
      (connection.models[name] as Model<Row> | undefined) ??
      connection.model<Row>(
        name,
        new Schema<Row>(
          { _id: { type: String, required: true }, revision: { type: Number }, state: { type: String, default: null } },
          { collection, versionKey: false },
        ),
      );
  }

  get collection(): string {
    return this.model.collection.collectionName;
  }

  async get(id: string): Promise<T | null> {
    const row = await this.model.findById(id).lean<Row>();
    return row?.state ? (JSON.parse(row.state) as T) : null;
  }

  /** Reads by key, in parallel (a `$in` would scan on FerretDB v1); missing ones are left out. */
  async getMany(ids: readonly string[]): Promise<Map<string, T>> {
    const unique = [...new Set(ids)];
    const values = await Promise.all(unique.map((id) => this.get(id)));
    return new Map(unique.flatMap((id, i) => (values[i] === null ? [] : [[id, values[i]] as [string, T]])));
  }

  /**
   * Applies `change` to the current value (null when there is none) and writes what it returns (null deletes), on
   * condition that the document is still at the revision it read; otherwise reads again and calls `change` again, so
   * `change` must be a pure function of the value it is given. Answers the value written (or left).
   */
  async update(id: string, change: Change<T>): Promise<T | null> {
    for (let attempt = 1; ; attempt++) {
      const row = await this.model.findById(id).lean<Row>();
      const current = row?.state ? (JSON.parse(row.state) as T) : null;
      const next = await change(current);
      if (next === unchanged) return current;
      const state = next === null ? null : JSON.stringify(next);
      if (state === (row?.state ?? null)) return current;
      if (await this.write(id, row, state)) return next;
      if (attempt >= MAX_ATTEMPTS) throw new DocumentContention(this.collection, id);
      await sleep(jitteredBackoffDelay(attempt, BACKOFF));
    }
  }

  /** Empties the collection (a rebuild). */
  async clear(): Promise<void> {
    await this.model.deleteMany({});
  }

  /** One conditional write: false when another writer got there first. */
  private async write(id: string, row: Row | null, state: string | null): Promise<boolean> {
    if (!row) {
      try {
        // Only one of racing first writers inserts: the rest meet the unique `_id` and read again.
        await this.model.create({ _id: id, revision: 1, state });
        return true;
      } catch (error) {
        if (isDuplicateKeyError(error)) return false;
        throw error;
      }
    }
    // Documents written before revisions existed have none: the first conditional write gives them one.
    const revision = row.revision ?? 0;
    const filter = row.revision === undefined ? { _id: id, revision: { $exists: false } } : { _id: id, revision };
    const result = await this.model.updateOne(filter, { $set: { state, revision: revision + 1 } });
    return result.matchedCount === 1;
  }
}
