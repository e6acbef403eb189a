import { isDuplicateKeyError } from '@abide/platform';
import { setTimeout as sleep } from 'node:timers/promises';
import { jitteredBackoffDelay } from '@abide/platform';
import type { LRUCache } from 'lru-cache';
import { type Connection, type Model, type mongo, Schema } from 'mongoose';
import { deflateRawSync, inflateRawSync } from 'node:zlib';
import { recentDocuments } from '../recent-documents';

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
  /** The value's detail field as JSON, when the collection keeps one apart (VersionedDocumentsOptions); stored deflated. */
  detail?: string | null;
}

/** A row as the engine stores it: the detail deflated (binary). */
type StoredRow = Omit<Row, 'detail'> & { detail?: mongo.Binary | Buffer | null };

/** Fast over slow: the detail is deflated on each write of it, and only its writers inflate it. */
const DEFLATE = { level: 1 };
/** Far above any detail a document can hold (BSON's 16 MiB, deflated): a damaged row cannot make a process inflate without end. */
const INFLATE = { maxOutputLength: 256 * 1024 * 1024 };
const deflated = (json: string | null | undefined): Buffer | null => (typeof json === 'string' ? deflateRawSync(json, DEFLATE) : null);
const inflated = (stored: StoredRow['detail']): string | null =>
  stored ? inflateRawSync(Buffer.isBuffer(stored) ? stored : stored.buffer, INFLATE).toString('utf8') : null;
/** The row in memory: its detail as JSON. */
const inMemory = (row: StoredRow): Row => (row.detail === undefined ? (row as Row) : { ...row, detail: inflated(row.detail) });

export interface VersionedDocumentsOptions<T> {
  /**
   * A field of the value kept in a column of its own, deflated: written with the rest in the same compare-and-set and
   * read by `get` and `update`, but left out of `getSummaries`, so readers that never need it neither receive nor parse
   * it (a member's facts beside the figures computed from them), and the engine, which reads a whole row whatever it
   * sends (FerretDB v1), reads it small. Rows written before hold it inside `state`, where it is read as part of the
   * value.
   */
  detail?: keyof T & string;
}

/** What `getSummaries` answers: the value without its detail field (present only in a row written before it was apart). */
export type Summary<T, K extends keyof T> = Omit<T, K> & Partial<Pick<T, K>>;

/** One memory per collection model, shared by every VersionedDocuments of the process on it (a projection and its queries). */
const recentRowsOf = new WeakMap<Model<Row>, LRUCache<string, Row>>();

/**
 * A new row's first revision: random, so that a row deleted and written again (a purge, a rebuild) never comes back
 * at a revision some process remembers of the row before it; each write adds one.
 */
const firstRevision = (): number => Math.floor(Math.random() * 2 ** 48) + 1;

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
  private readonly detail: (keyof T & string) | undefined;
  /** The driver's collection, for the per-request reads and writes: mongoose's query building and casting cost more than the round trip's own work, and the rows are plain strings and numbers. */
  private readonly rows: mongo.Collection<StoredRow>;
  /**
   * The rows this process last read or wrote: an update tries its compare-and-set on the remembered row first (one
   * round trip instead of a read and a write).
   */
  private readonly recent: LRUCache<string, Row>;

  constructor(connection: Connection, collection: string, options: VersionedDocumentsOptions<T> = {}) {
    this.detail = options.detail;
    const name = `Versioned_${collection}`;
    this.model =
      (connection.models[name] as Model<Row> | undefined) ??
      connection.model<Row>(
        name,
        new Schema<Row>(
          {
            _id: { type: String, required: true },
            revision: { type: Number },
            state: { type: String, default: null },
            detail: { type: Buffer, default: undefined },
          },
          { collection, versionKey: false },
        ),
      );
    this.rows = this.model.collection as unknown as mongo.Collection<StoredRow>;
    this.recent = recentRowsOf.get(this.model) ?? recentDocuments<Row>((row) => (row.state?.length ?? 0) + (row.detail?.length ?? 0));
    recentRowsOf.set(this.model, this.recent);
  }

  get collection(): string {
    return this.model.collection.collectionName;
  }

  /** The value as stored now (always read: another replica may have written it). */
  async get(id: string): Promise<T | null> {
    return this.valueOf(await this.read(id));
  }

  /**
   * The value of the row this process last read or wrote, without a round trip: undefined when it remembers none.
   * Possibly out of date (another writer may have changed it since): only for a caller that can tell from the value
   * itself that it is recent enough (StreamOrderedDocuments.valueIncluding).
   */
  remembered(id: string): T | null | undefined {
    const row = this.recent.get(id);
    if (!row) return undefined;
    return this.valueOf(row);
  }

  /**
   * Reads by key, all in one round trip (`$in` on `_id`: the _id index on MongoDB, and on the local FerretDB through its
   * patch, tools/infra/ferretdb/patches.mjs); missing ones are left out.
   */
  async getMany(ids: readonly string[]): Promise<Map<string, T>> {
    const unique = [...new Set(ids)];
    if (unique.length <= 1) {
      const value = unique.length ? await this.get(unique[0]) : null;
      return new Map(value === null ? [] : [[unique[0], value]]);
    }
    const rows = await this.rows.find({ _id: { $in: unique } }).toArray();
    const byId = new Map(rows.map((row) => [row._id, inMemory(row)]));
    const values = new Map<string, T>();
    for (const id of unique) {
      const row = byId.get(id);
      if (row) this.recent.set(row._id, row);
      else this.recent.delete(id);
      const value = this.valueOf(row ?? null);
      if (value) values.set(id, value);
    }
    return values;
  }

  /**
   * Reads by key like `getMany`, without the detail field (VersionedDocumentsOptions): the engine sends the rest only.
   * Nothing of it is remembered (the rows are partial).
   */
  async getSummaries<K extends keyof T & string>(ids: readonly string[]): Promise<Map<string, Summary<T, K>>> {
    const unique = [...new Set(ids)];
    if (!unique.length) return new Map();
    const filter = unique.length === 1 ? { _id: unique[0] } : { _id: { $in: unique } };
    const rows = await this.rows.find(filter, { projection: { detail: 0 } }).toArray();
    return new Map(rows.flatMap((row) => (row.state ? [[row._id, JSON.parse(row.state) as Summary<T, K>]] : [])));
  }

  /**
   * Applies `change` to the current value (null when there is none) and writes what it returns (null deletes), on
   * condition that the document is still at the revision it read; otherwise reads again and calls `change` again, so
   * `change` must be a pure function of the value it is given. Answers the value written (or left).
   *
   * The first attempt starts from the row this process remembers, when it has one: a write then costs one round trip
   * when nobody else wrote the document meanwhile. A decision to change nothing is never taken on a remembered row
   * (it may be out of date): the row is read and the change asked again.
   */
  async update(id: string, change: Change<T>): Promise<T | null> {
    let remembered = this.recent.get(id);
    for (let attempt = 1; ; attempt++) {
      const guess = remembered;
      remembered = undefined;
      const row = guess ?? (await this.read(id));
      const current = this.valueOf(row);
      const next = await change(current);
      const written = next === unchanged ? null : this.rowOf(next);
      if (!written || (written.state === (row?.state ?? null) && written.detail === (row?.detail ?? null))) {
        if (guess) continue;
        return current;
      }
      if (await this.write(id, row, written)) return next as T | null;
      if (guess) {
        // Someone else wrote it since: read it, at once.
        this.recent.delete(id);
        continue;
      }
      if (attempt >= MAX_ATTEMPTS) throw new DocumentContention(this.collection, id);
      await sleep(jitteredBackoffDelay(attempt, BACKOFF));
    }
  }

  /**
   * Like `update`, for a change that never touches the detail field (VersionedDocumentsOptions): the row is read and
   * written without it, so neither this process nor the engine's wire carries it, on condition that the revision is
   * still the one read (a concurrent write of the detail moves it on, and this one reads again). `change` gets the
   * value without its detail (with it in a row written before it was apart) and must not add one. Writes nothing where
   * there is no document (null is not a change here: answers null, and the caller writes through `update`). Answers
   * the value written or left, without its detail.
   */
  async updateSummary<K extends keyof T & string>(id: string, change: (current: Summary<T, K>) => Summary<T, K> | typeof unchanged): Promise<Summary<T, K> | null> {
    let remembered = this.recent.get(id);
    for (let attempt = 1; ; attempt++) {
      const guess = remembered;
      remembered = undefined;
      const row = guess ?? (await this.readSummary(id));
      if (!row?.state) return null;
      const current = JSON.parse(row.state) as Summary<T, K>;
      const next = change(current);
      const state = next === unchanged ? row.state : JSON.stringify(next);
      if (state === row.state) {
        if (guess) continue;
        return current;
      }
      const written = await this.rows.updateOne(this.revisionFilter(id, row), { $set: { state, revision: (row.revision ?? 0) + 1 } });
      if (written.matchedCount === 1) {
        // The row remembered with its detail stays whole: only its state and revision moved.
        if (guess) this.recent.set(id, { ...guess, state, revision: (row.revision ?? 0) + 1 });
        else this.recent.delete(id);
        return next as Summary<T, K>;
      }
      this.recent.delete(id);
      if (guess) continue;
      if (attempt >= MAX_ATTEMPTS) throw new DocumentContention(this.collection, id);
      await sleep(jitteredBackoffDelay(attempt, BACKOFF));
    }
  }

  /** Deletes a document outright (its subject's account was deleted). */
  async delete(id: string): Promise<void> {
    this.recent.delete(id);
    await this.model.deleteOne({ _id: id });
  }

  /** Empties the collection (a rebuild). */
  async clear(): Promise<void> {
    this.recent.clear();
    await this.model.deleteMany({});
  }

  /** A row's value, its detail (kept apart or not) in it. */
  private valueOf(row: Row | null): T | null {
    if (!row?.state) return null;
    const value = JSON.parse(row.state) as T;
    if (this.detail && typeof row.detail === 'string') (value as Record<string, unknown>)[this.detail] = JSON.parse(row.detail);
    return value;
  }

  /** What a row stores of a value (null: deleted), its detail apart when the collection keeps one. */
  private rowOf(value: T | null): Pick<Row, 'state' | 'detail'> {
    if (value === null) return { state: null, detail: null };
    if (!this.detail) return { state: JSON.stringify(value), detail: null };
    const { [this.detail]: detail, ...rest } = value as Record<string, unknown>;
    return { state: JSON.stringify(rest), detail: detail === undefined ? null : JSON.stringify(detail) };
  }

  /** The row without its detail, not remembered (it is partial). */
  private async readSummary(id: string): Promise<Row | null> {
    const stored = await this.rows.findOne({ _id: id }, { projection: { detail: 0 } });
    return stored && (stored as Row);
  }

  /** The conditional write's filter: the row still at the revision read (documents written before revisions have none). */
  private revisionFilter(id: string, row: Row): Record<string, unknown> {
    return row.revision === undefined ? { _id: id, revision: { $exists: false } } : { _id: id, revision: row.revision };
  }

  private async read(id: string): Promise<Row | null> {
    const stored = await this.rows.findOne({ _id: id });
    const row = stored && inMemory(stored);
    if (row) this.recent.set(row._id, row);
    else this.recent.delete(id);
    return row;
  }

  /** One conditional write: false when another writer got there first. */
  private async write(id: string, row: Row | null, written: Pick<Row, 'state' | 'detail'>): Promise<boolean> {
    // A collection without a detail column writes none (its rows keep their shape).
    const fields = this.detail ? written : { state: written.state };
    const stored: Pick<StoredRow, 'state' | 'detail'> = this.detail
      ? { state: written.state, detail: deflated(written.detail) }
      : { state: written.state };
    if (!row) {
      try {
        // Only one of racing first writers inserts: the rest meet the unique `_id` and read again.
        const revision = firstRevision();
        await this.rows.insertOne({ _id: id, ...stored, revision });
        this.recent.set(id, { _id: id, revision, ...fields });
        return true;
      } catch (error) {
        if (isDuplicateKeyError(error)) return false;
        throw error;
      }
    }
    // Documents written before revisions existed have none: the first conditional write gives them one.
    const revision = row.revision ?? 0;
    const result = await this.rows.updateOne(this.revisionFilter(id, row), { $set: { ...stored, revision: revision + 1 } });
    if (result.matchedCount !== 1) return false;
    this.recent.set(id, { _id: id, revision: revision + 1, ...fields });
    return true;
  }
}
