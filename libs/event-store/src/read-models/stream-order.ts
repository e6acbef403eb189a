import type { Model, UpdateQuery } from 'mongoose';
import { isDuplicateKeyError } from '@abide/platform';
import { setTimeout as sleep } from 'node:timers/promises';
import { jitteredBackoffDelay } from '@abide/platform';
import type { StoredEvent } from '../stored-event';
import { unchanged, type VersionedDocuments } from './versioned-documents';

/** The event log as a read model sees it: a stream's events after one version and before another, in order. */
export interface StreamLog {
  eventsBetween(streamId: string, afterVersion: number, beforeVersion: number): Promise<StoredEvent[]>;
}

/** A document fed by several streams: its value and how far it has read each stream. */
export interface Followed<D> {
  positions: Record<string, number>;
  value: D | null;
}

/**
 * What an event makes of a document's value; async for a read model that opens or seals what it stores, or reads
 * other documents first (a tombstone, a choice).
 */
export type EventChange<D> = (value: D | null, event: StoredEvent) => D | null | typeof unchanged | Promise<D | null | typeof unchanged>;

/** A stream's log misses events a read model needs (it should never: versions are contiguous once appended). */
export class StreamGapError extends Error {
  override readonly name = 'StreamGapError';
  constructor(streamId: string, afterVersion: number, beforeVersion: number) {
    super(`Stream ${streamId} has no events between ${afterVersion} and ${beforeVersion} to apply in order`);
  }
}

/**
 * The events to apply to a model that has read `held` of the stream, ending with `event`: none when it already has
 * it, the event alone when it is the next, else the ones in between read from the log first. A model is never handed
 * a later event before an earlier one, and never skips one for good.
 */
const pendingEvents = async (log: StreamLog, held: number, event: StoredEvent, known: StoredEvent[]): Promise<StoredEvent[]> => {
  if (event.version <= held) return [];
  const missing = known.filter((e) => e.version > held && e.version < event.version);
  if (missing.length === event.version - held - 1) return [...missing, event];
  const read = await log.eventsBetween(event.streamId, held, event.version);
  if (read.length !== event.version - held - 1) throw new StreamGapError(event.streamId, held, event.version);
  return [...read, event];
};

/**
 * Read-model documents fed by several streams (a member's habits, journal entries, ...), written by compare-and-set
 * (VersionedDocuments), each stream's events applied in order: the document keeps the last version it applied of each
 * stream, so a replay changes nothing and a gap is filled from the log before the later event. Every event of one
 * stream must go to the same document.
 */
export class StreamOrderedDocuments<D> {
  constructor(
    private readonly documents: VersionedDocuments<Followed<D>>,
    private readonly log: StreamLog,
  ) {}

  async value(id: string): Promise<D | null> {
    return (await this.documents.get(id))?.value ?? null;
  }

  /**
   * The value once it has applied `event` (read-your-writes right after a command): the row this process remembers
   * when that row is at or past the event in its stream, which the command's own projection just wrote, else one read
   * by key. A later change by another writer may be missing from it, never the event or anything before it in its stream.
   */
  async valueIncluding(id: string, event: Pick<StoredEvent, 'streamId' | 'version'>): Promise<D | null> {
    const remembered = this.documents.remembered(id);
    if (remembered && (remembered.positions[event.streamId] ?? 0) >= event.version) return remembered.value;
    return this.value(id);
  }

  async values(ids: readonly string[]): Promise<Map<string, D>> {
    const docs = await this.documents.getMany(ids);
    return new Map([...docs].flatMap(([id, doc]) => (doc.value === null ? [] : [[id, doc.value] as [string, D]])));
  }

  /**
   * Applies `event` to document `id` through `change` (and first, the events of its stream the document has not seen,
   * which `handles` filters: a read model may ignore some types of a stream). Answers the value after.
   */
  async apply(id: string, event: StoredEvent, change: EventChange<D>, handles: (event: StoredEvent) => boolean): Promise<D | null> {
    let known: StoredEvent[] = [];
    for (;;) {
      let gapAfter: number | undefined;
      const doc = await this.documents.update(id, async (current) => {
        gapAfter = undefined;
        const held = current?.positions[event.streamId] ?? 0;
        if (event.version <= held) return unchanged;
        const missing = known.filter((e) => e.version > held && e.version < event.version);
        if (missing.length !== event.version - held - 1) {
          gapAfter = held;
          return unchanged;
        }
        let value: D | null = current?.value ?? null;
        for (const next of [...missing, event]) {
          if (!handles(next)) continue;
          const changed = await change(value, next);
          if (changed !== unchanged) value = changed;
        }
        // Nothing to keep and nothing kept (events about a purged subject replayed): no document is created for them.
        if (!current && value === null) return unchanged;
        return { positions: { ...current?.positions, [event.streamId]: event.version }, value };
      });
      if (gapAfter === undefined) return doc?.value ?? null;
      known = (await pendingEvents(this.log, gapAfter, event, known)).slice(0, -1);
    }
  }

  /** Forgets a document entirely (its subject's account was deleted). */
  async delete(id: string): Promise<void> {
    await this.documents.delete(id);
  }

  async clear(): Promise<void> {
    await this.documents.clear();
  }
}

const BACKOFF = { initialDelayMs: 2, maxDelayMs: 100 };
const MAX_ATTEMPTS = 50;

export interface ApplyInOrderOptions<T> {
  /**
   * Told the document as each write left it (the write answers it: findOneAndUpdate instead of updateOne), for a read
   * model that remembers what it wrote and so can answer the command that appended the event without reading it.
   */
  written?: (doc: T) => void;
}

/**
 * For a read-model document that follows one stream (field `version`: the last event applied): applies `event` as
 * the next version, conditionally on the document still holding the previous one, after the events in between read
 * from the log when it holds an older one. `update` says what an event changes (null: nothing, only the version
 * moves on; it may be async). Right with any number of writers; answers false when the document already had the event.
 */
export const applyInOrder = async <T>(
  model: Model<T>,
  id: string,
  event: StoredEvent,
  log: StreamLog,
  update: (event: StoredEvent) => UpdateQuery<T> | null | Promise<UpdateQuery<T> | null>,
  options: ApplyInOrderOptions<T> = {},
): Promise<boolean> => {
  const writeVersion = (from: number, to: number, change: UpdateQuery<T> | null) => writeNext(model, id, from, to, change, options.written);
  // Most often the document holds the event before this one (the request that appended it applies it at once): the
  // write is tried on that guess first, without reading the version, so it costs one round trip. A stream's first
  // event (a create) upserts from version 0, and only one of racing inserts gets the unique `_id`. When the guess is
  // wrong (a replay, a gap, a racing writer) nothing is written and the usual path below reads the version.
  if (await writeVersion(event.version - 1, event.version, await update(event))) return true;
  for (let attempt = 1; ; attempt++) {
    const current = await model.findById(id, { version: 1 }).lean<{ version?: number }>();
    const held = current?.version ?? 0;
    const pending = await pendingEvents(log, held, event, []);
    if (pending.length === 0) return false;
    let from = held;
    let lost = false;
    for (const [i, next] of pending.entries()) {
      const change = await update(next);
      // An event that changes nothing of this document moves only its version: folded into the next write, so a
      // document that follows a few events of a long stream costs one write per event it takes, not per event.
      if (change === null && i < pending.length - 1) continue;
      if (!(await writeVersion(from, next.version, change))) {
        lost = true;
        break;
      }
      from = next.version;
    }
    if (!lost) return true;
    if (attempt >= MAX_ATTEMPTS) throw new Error(`${model.collection.collectionName}/${id} kept changing under ${MAX_ATTEMPTS} attempts`);
    await sleep(jitteredBackoffDelay(attempt, BACKOFF));
  }
};

/** One conditional write from version `from` to `to`: false when another writer moved the document first. */
const writeNext = async <T>(
  model: Model<T>,
  id: string,
  from: number,
  to: number,
  change: UpdateQuery<T> | null,
  written?: (doc: T) => void,
): Promise<boolean> => {
  const { $set, ...rest } = (change ?? {}) as { $set?: Record<string, unknown> } & Record<string, unknown>;
  const filter = { _id: id, version: from } as never;
  const next = { ...rest, $set: { ...($set ?? {}), version: to } } as never;
  // No document yet (from 0): the upsert inserts it, and only one of racing inserts gets the unique `_id`.
  const upsert = from === 0;
  try {
    if (written) {
      const doc = await model.findOneAndUpdate(filter, next, { upsert, returnDocument: 'after' }).lean<T>();
      if (doc) written(doc);
      return doc !== null;
    }
    const result = await model.updateOne(filter, next, { upsert });
    return result.matchedCount === 1 || result.upsertedCount === 1;
  } catch (error) {
    if (isDuplicateKeyError(error)) return false;
    throw error;
  }
};
