import { eventRegistry, type EventRegistry, type EventType } from '@abide/contracts';
import type { OnModuleInit } from '@nestjs/common';
import type { Connection, Model, mongo } from 'mongoose';
import { v7 as uuidv7 } from 'uuid';
import { assertExpectedVersion, buildEventDocuments, validateNewEvents } from './build-events';
import { type Decider, snapshotTag } from './decider';
import { isDuplicateKeyError, runOnceExclusively } from '@abide/platform';
import { ConcurrencyError } from './errors';
import { toStoredEvent } from './event-document.mapper';
import { eventModel, type EventDocument } from './event.schema';
import { eventKey } from './keys';
import { outboxModels, type OutboxDocument } from './outbox/outbox.schema';
import { recentDocuments } from './recent-documents';
import { encodeState, decodeState } from './state-codec';
import { streamHeadModel, type StreamHeadDocument } from './stream-head.schema';
import type { AppendMeta, NewEvent, StoredEvent } from './stored-event';
import type { StreamLog } from './read-models/stream-order';

export interface EventStoreOptions {
  /** Names the relay lease; one event store per service database (or per private store, e.g. journal texts). */
  service: string;
  /**
   * Collections' name prefix, for a second store in the same database (formation's private journal store).
   * Default: none (`events`, `streams`, `outbox`).
   */
  collectionPrefix?: string;
  /** False for a store nothing publishes (formation's private journal texts): it keeps no outbox, only the healer's list. */
  publishes?: boolean;
  /** The event types and versions it reads: the build's registry (a test may pass one with a later version of a type). */
  registry?: EventRegistry;
}

/** A stream's state as a decider folds it, and the version it is at (0: the stream does not exist). */
export interface Aggregate<S> {
  state: S;
  version: number;
  /** Set when the state is the one this process last wrote to the stream's head, taken without a read (a guess). */
  remembered?: HeadBasis;
}

/** The stream head a remembered state stands for: an append on it writes the head only over this one. */
export interface HeadBasis {
  version: number;
  updatedAt: Date;
}

export interface AppendOptions<S = unknown> {
  /** Keeps the state after these events in the stream head, so the next load is one read. */
  snapshot?: { of: Decider<S>; stateAfter: (stored: StoredEvent[]) => S };
  /** The events were decided on a remembered state (`Aggregate.remembered`). */
  basis?: HeadBasis;
}

/** A head this process wrote: what `aggregate(…, { remembered: true })` answers without a read. */
interface WrittenHead extends HeadBasis {
  snapshot: string;
  snapshotOf: string;
}

export const ERASED = '[erased]';

/** Whether a dotted path (`fields.title`) leads to a value in the object. */
const hasPath = (object: unknown, path: string): boolean => {
  let current: unknown = object;
  for (const part of path.split('.')) {
    if (typeof current !== 'object' || current === null || !Object.prototype.hasOwnProperty.call(current, part)) return false;
    current = (current as Record<string, unknown>)[part];
  }
  return true;
};

/** An outbox entry older than this whose event never arrived comes from a writer that crashed or lost a race. */
const ORPHAN_AFTER_MS = 30_000;

/** Events folded past a head's snapshot after which loading stores a fresh one (a cache; no event is written). */
const REFRESH_SNAPSHOT_AFTER = 16;

/** Keys read at once when a stream is read on past its head's version (normally there is nothing there). */
const READ_AHEAD = 16;
/** Keys read at once up to the head's version (a long stream without a usable snapshot). */
const KNOWN_BATCH = 64;

/**
 * Append-only event streams in the service's database, read and written only by key (FerretDB v1 serves nothing
 * else from an index, and real MongoDB is fastest that way too):
 * - `events`: one document per event, `_id` = stream|version; inserting it is the concurrency guard.
 * - `streams`: per stream, the last version and the state there (a snapshot), so an aggregate loads in one read.
 * - `outbox`: per new event, the work left (publish it; update the read models), one document for both, each duty
 *   cleared by a single-document update and the document deleted by key once none is left; written first, so nothing
 *   is lost to a crash.
 * No transactions and no global counter: a batch's events are inserted together, a lost race removes what it wrote.
 * An append costs three round trips (work, events, head; the relay later deletes the work of many at once), and a
 * command one more to read the head unless its process wrote that head last.
 */
export class EventStore implements OnModuleInit, StreamLog {
  readonly service: string;
  readonly events: Model<EventDocument>;
  readonly heads: Model<StreamHeadDocument>;
  readonly outbox: Model<OutboxDocument>;
  /**
   * The same collections through the driver, for a command's reads and writes: mongoose's query building, casting and
   * document checks cost more CPU than the round trip, and what goes in is built whole here (build-events.ts).
   */
  private readonly eventDocs: mongo.Collection<EventDocument>;
  private readonly headDocs: mongo.Collection<StreamHeadDocument>;
  private readonly outboxDocs: mongo.Collection<OutboxDocument>;
  /** The third layout's list of unprojected events, read only by the upgrade. */
  private readonly legacyUnprojected: Model<OutboxDocument>;
  private readonly publishes: boolean;
  private readonly registry: EventRegistry;
  private readonly buildsCollection: string;
  private readonly purgedCollection: string;
  private readonly metaCollection: string;
  /**
   * The heads this process wrote last, by stream: with the gateway's write affinity a stream's commands come to one
   * instance, which can then decide on the state it wrote without reading it back. A guess the append checks: another
   * writer's event at the same version refuses the insert (a lost race, then a read), and the head is written only over
   * the one remembered, so what changed it meanwhile (an erasure) is never written over.
   */
  private readonly writtenHeads = recentDocuments<WrittenHead>((head) => head.snapshot.length, {
    maxEntries: 10_000,
    maxChars: 16_000_000,
  });
  private ready?: Promise<void>;

  constructor(
    readonly connection: Connection,
    options: EventStoreOptions,
  ) {
    this.service = options.service;
    this.publishes = options.publishes ?? true;
    this.registry = options.registry ?? eventRegistry;
    const prefix = options.collectionPrefix ?? '';
    this.buildsCollection = `${prefix}projection_builds`;
    this.purgedCollection = `${prefix}purged_subjects`;
    this.metaCollection = `${prefix}event_store_meta`;
    if (prefix) {
      // A second store in the same database: the same shapes under other collection names.
      this.events = connection.model<EventDocument>(`${prefix}Event`, eventModel(connection).schema, `${prefix}events`);
      this.heads = connection.model<StreamHeadDocument>(`${prefix}StreamHead`, streamHeadModel(connection).schema, `${prefix}streams`);
    } else {
      this.events = eventModel(connection);
      this.heads = streamHeadModel(connection);
    }
    ({ outbox: this.outbox, unprojected: this.legacyUnprojected } = outboxModels(connection, prefix));
    this.eventDocs = this.events.collection as unknown as mongo.Collection<EventDocument>;
    this.headDocs = this.heads.collection as unknown as mongo.Collection<StreamHeadDocument>;
    this.outboxDocs = this.outbox.collection as unknown as mongo.Collection<OutboxDocument>;
  }

  /** Creates the collections and indexes and upgrades a log of an earlier layout; every method awaits it. */
  init(): Promise<void> {
    this.ready ??= Promise.all([this.events.init(), this.heads.init(), this.outbox.init()])
      .then(() => this.upgradeLayout())
      .catch((error: unknown) => {
        // Asked again on the next call (the database may be back by then).
        this.ready = undefined;
        throw error;
      });
    return this.ready;
  }

  /**
   * Brings a log of an earlier layout to the current one (4), once per database: a marker says it is done, so later
   * starts make one keyed read. Instances starting together upgrade one at a time (runOnceExclusively; the others wait
   * for the marker): two moving work entries at once would put back entries the other's heal had just finished. Each
   * step is safe to repeat after a crash.
   */
  private async upgradeLayout(): Promise<void> {
    const meta = this.connection.collection<{ _id: string; layout: number }>(this.metaCollection);
    const layout = async (): Promise<number> => (await meta.findOne({ _id: 'event-store' }))?.layout ?? 1;
    await runOnceExclusively(this.connection, {
      name: `${this.metaCollection}:layout-4`,
      isDone: async () => (await layout()) >= 4,
      run: async () => {
        const from = await layout();
        if (from < 2) await this.rekeyFirstLayout();
        if (from < 3) await this.splitOutbox();
        await this.mergeWorkLists();
        await meta.updateOne({ _id: 'event-store' }, { $set: { layout: 4 } }, { upsert: true });
      },
    });
  }

  /**
   * Layout 3 kept the read models' work in a list of its own: each of its entries becomes the `unprojected` duty of
   * the event's outbox entry (one made, already published, where Kafka had it), then leaves that list.
   */
  private async mergeWorkLists(): Promise<void> {
    for (const entry of await this.legacyUnprojected.find({}).lean<OutboxDocument[]>()) {
      const { modifiedCount, matchedCount } = await this.outbox.updateOne(
        { _id: entry._id, eventId: entry.eventId },
        { $set: { unprojected: true } },
      );
      if (modifiedCount + matchedCount === 0)
        await this.insertIgnoringDuplicate(this.outbox, { ...entry, unprojected: true, published: true });
      await this.legacyUnprojected.deleteOne({ _id: entry._id });
    }
  }

  /**
   * Layout 2 kept one outbox entry per event with `projected` and `published` flags: what is not projected goes to
   * its own list, what is published (or never will be) leaves the outbox.
   */
  private async splitOutbox(): Promise<void> {
    type Flagged = OutboxDocument & { projected?: boolean; published?: boolean };
    for (const entry of await this.outbox.collection.find({ projected: { $exists: true } }).toArray()) {
      const { projected, published, ...work } = entry as unknown as Flagged;
      if (projected === false) await this.insertIgnoringDuplicate(this.legacyUnprojected, work);
      // Left there, the old flags are ignored.
      if (published === true || !this.publishes) await this.outbox.deleteOne({ _id: work._id });
    }
  }

  /**
   * Events stored by the first layout (`_id` = the event's id, a global `position`, a `published` flag) are re-keyed by
   * stream and version, their streams get heads, and those not yet on Kafka get an outbox entry (their read models were
   * already updated then). Once per database: a marker says it is done, so later starts make one keyed read. Safe to
   * repeat after a crash: re-keyed copies are inserted before the originals go, and a copy already there is kept.
   */
  private async rekeyFirstLayout(): Promise<void> {
    type Legacy = EventDocument & { position: number; published?: boolean };
    const legacy = await this.events.find({ position: { $exists: true } }).lean<Legacy[]>();
    if (legacy.length) {
      // The first layout's unique index on (streamId, version) would refuse each re-keyed copy beside its original.
      for (const index of await this.events.collection.indexes()) {
        if (index.name && index.name !== '_id_' && (index.key.position !== undefined || (index.key.streamId && index.key.version))) {
          await this.events.collection.dropIndex(index.name);
        }
      }
    }
    const heads = new Map<string, { version: number; subjectId: string | null }>();
    for (const old of legacy.sort((a, b) => a.position - b.position)) {
      const key = eventKey(old.streamId, old.version);
      const { _id: id, position: _p, published, publishedAt: _pa, ...fields } = old as Legacy & { publishedAt?: unknown };
      await this.insertIgnoringDuplicate(this.events, { ...fields, _id: key, id });
      if (published === false) {
        await this.insertIgnoringDuplicate(this.outbox, {
          _id: key,
          eventId: id,
          streamId: old.streamId,
          version: old.version,
          type: old.type,
          createdAt: old.occurredAt,
        });
      }
      const head = heads.get(old.streamId);
      if (!head || head.version < old.version)
        heads.set(old.streamId, { version: old.version, subjectId: old.subjectId ?? head?.subjectId ?? null });
    }
    for (const [streamId, head] of heads) {
      const current = await this.heads.findById(streamId, { version: 1 }).lean<{ version: number }>();
      if (!current || current.version < head.version) {
        await this.heads.updateOne(
          { _id: streamId },
          { $set: { version: head.version, snapshot: null, snapshotOf: null, subjectId: head.subjectId, updatedAt: new Date() } },
          { upsert: true },
        );
      }
    }
    for (const old of legacy) {
      // An original goes only once its copy is there.
      if (!(await this.events.exists({ _id: eventKey(old.streamId, old.version) }))) {
        throw new Error(`event store upgrade: ${old.streamId} v${old.version} was not re-keyed; the original is kept`);
      }
      await this.events.deleteOne({ _id: old._id });
    }
  }

  private async insertIgnoringDuplicate(model: Model<EventDocument> | Model<OutboxDocument>, doc: object): Promise<void> {
    try {
      await (model as Model<object>).collection.insertOne(doc as never);
    } catch (error) {
      if (!isDuplicateKeyError(error)) throw error;
    }
  }

  async onModuleInit(): Promise<void> {
    await this.init();
  }

  /**
   * The aggregate's state: its head's snapshot (one read), then whatever was appended after it (normally nothing).
   * `readPast: false` trusts the head's version and skips the read for events past it, for a writer about to append:
   * its insert at the next version is the concurrency guard anyway, so a head left behind by another writer shows up
   * as a lost race (ConcurrencyError), after which the writer loads again reading past (CommandRunner).
   * `remembered: true` answers the state this process last wrote to the head, when it has it, without any read: for a
   * writer that appends on it with `basis` and decides again on a read state before refusing or doing nothing, or a
   * reader that trusts a head as far as its version goes (another writer may have appended since).
   */
  async aggregate<S>(
    streamId: string,
    decider: Decider<S>,
    options: { readPast?: boolean; remembered?: boolean } = {},
  ): Promise<Aggregate<S>> {
    await this.init();
    const written = options.remembered ? this.writtenHeads.get(streamId) : undefined;
    if (written && written.snapshotOf === snapshotTag(decider)) {
      return { state: decodeState<S>(written.snapshot), version: written.version, remembered: written };
    }
    const head = await this.headDocs.findOne({ _id: streamId });
    let state = decider.initialState();
    let version = 0;
    if (head?.snapshot && head.snapshotOf === snapshotTag(decider)) {
      state = decodeState<S>(head.snapshot);
      version = head.version;
    }
    const later = await this.readFrom(streamId, version, head?.version ?? 0, options.readPast ?? true);
    for (const event of later) {
      state = decider.evolve(state, event);
      version = event.version;
    }
    if (later.length >= REFRESH_SNAPSHOT_AFTER) {
      // A stream last written before it had snapshots (or by a writer without one) is folded once more, not each time.
      const fields = { version, snapshot: encodeState(state), snapshotOf: snapshotTag(decider), updatedAt: new Date() };
      // Only over the head as read: an erasure meanwhile (which touches `updatedAt`) must not get the old data back.
      void this.heads.updateOne({ _id: streamId, updatedAt: head?.updatedAt }, { $set: fields }).catch(() => undefined);
    }
    return { state, version };
  }

  /**
   * Writes a stream's snapshot again from its events when its head holds none of the decider's current shape (its
   * `stateVersion` moved on): a one-time migration at start, so that the first command on each stream afterwards
   * does not fold its whole history. Only over the head as read (an append or an erasure meanwhile wins). True when
   * it wrote one.
   */
  async refreshSnapshot<S>(streamId: string, decider: Decider<S>): Promise<boolean> {
    await this.init();
    const head = await this.heads.findById(streamId).lean<StreamHeadDocument>();
    if (!head || head.snapshotOf === snapshotTag(decider)) return false;
    const events = await this.readFrom(streamId, 0, head.version, false);
    if (events.length !== head.version) return false;
    const state = events.reduce(decider.evolve, decider.initialState());
    const fields = { snapshot: encodeState(state), snapshotOf: snapshotTag(decider), updatedAt: new Date() };
    const result = await this.heads.updateOne({ _id: streamId, version: head.version, updatedAt: head.updatedAt }, { $set: fields });
    return result.modifiedCount === 1;
  }

  /** Every event of a stream in version order, each in its type's current version (exports, rebuilds, and services not yet on a decider). */
  async load(streamId: string, options: { afterVersion?: number } = {}): Promise<StoredEvent[]> {
    await this.init();
    const head = await this.headDocs.findOne({ _id: streamId }, { projection: { version: 1 } });
    return this.readFrom(streamId, options.afterVersion ?? 0, head?.version ?? 0);
  }

  /**
   * A stream's events after `afterVersion` and before `beforeVersion`, by key (a read model filling a gap before a
   * later event; StreamLog). Stops at the first one missing.
   */
  async eventsBetween(streamId: string, afterVersion: number, beforeVersion: number): Promise<StoredEvent[]> {
    await this.init();
    return this.readFrom(streamId, afterVersion, beforeVersion - 1, false);
  }

  /**
   * Appends events after `expectedVersion` (0 for a new stream). All or nothing: an invalid event writes nothing,
   * and a lost race throws ConcurrencyError having removed what it wrote.
   */
  async append<S>(
    streamId: string,
    expectedVersion: number,
    events: NewEvent[],
    meta: AppendMeta,
    options: AppendOptions<S> = {},
  ): Promise<StoredEvent[]> {
    assertExpectedVersion(expectedVersion);
    const validated = validateNewEvents(events);
    if (validated.length === 0) return [];
    await this.init();
    const occurredAt = new Date();
    const docs = buildEventDocuments({ streamId, expectedVersion, events: validated, meta, occurredAt, newId: uuidv7 });
    const entries: OutboxDocument[] = docs.map((d) => ({
      _id: d._id,
      eventId: d.id,
      streamId,
      version: d.version,
      type: d.type,
      createdAt: occurredAt,
      unprojected: true,
      // A store that publishes nothing has only the read models' duty; one that publishes keeps the event for the relay.
      ...(this.publishes ? { event: d } : { published: true }),
    }));

    // Whatever happens next, the head this process remembers is no longer the stream's; a written head is remembered again.
    this.writtenHeads.delete(streamId);
    await this.insertWork(streamId, expectedVersion, entries);
    try {
      await this.eventDocs.insertMany(docs, { ordered: true });
    } catch (error) {
      // Only what this writer inserted goes (a competing writer's events carry other ids).
      await this.removeOwn(
        this.events,
        docs.map((d) => [d._id, d.id]),
        'id',
      );
      await this.removeOwnWork(entries);
      if (isDuplicateKeyError(error)) throw new ConcurrencyError(streamId, expectedVersion);
      throw error;
    }
    const stored = docs.map((doc) => toStoredEvent(doc, this.registry));
    await this.writeHead(streamId, stored, options.snapshot, options.basis);
    return stored;
  }

  /**
   * The event an outbox entry names, without a read when the entry holds it and the read models' duty is cleared (its
   * append went through); else the event stored under its key, or null (an append in flight, or an orphan).
   */
  async eventOf(entry: OutboxDocument): Promise<StoredEvent | null> {
    if (!entry.unprojected && entry.event?.id === entry.eventId) return toStoredEvent(entry.event, this.registry);
    return this.eventAt(entry._id);
  }

  /** The event stored under a key, or null. */
  async eventAt(key: string): Promise<StoredEvent | null> {
    await this.init();
    const doc = await this.eventDocs.findOne({ _id: key });
    return doc ? toStoredEvent(doc, this.registry) : null;
  }

  /** Whether a projection was once filled from the whole log (ProjectionRunner's backfill). */
  async projectionBuilt(name: string): Promise<boolean> {
    return (await this.connection.collection<{ _id: string }>(this.buildsCollection).findOne({ _id: name })) !== null;
  }

  async markProjectionBuilt(name: string): Promise<void> {
    await this.connection
      .collection<{ _id: string; builtAt: Date }>(this.buildsCollection)
      .updateOne({ _id: name }, { $set: { builtAt: new Date() } }, { upsert: true });
  }

  /**
   * Records that a subject's read models were purged (account deletion), so a rebuild, which replays their events,
   * purges them again. Only the subject's id is kept.
   */
  async markSubjectPurged(subjectId: string): Promise<void> {
    await this.connection
      .collection<{ _id: string; purgedAt: Date }>(this.purgedCollection)
      .updateOne({ _id: subjectId }, { $setOnInsert: { purgedAt: new Date() } }, { upsert: true });
  }

  /** Every subject whose read models were purged (a scan of a small collection, for a rebuild). */
  async purgedSubjects(): Promise<Set<string>> {
    const docs = await this.connection
      .collection<{ _id: string }>(this.purgedCollection)
      .find({}, { projection: { _id: 1 } })
      .toArray();
    return new Set(docs.map((d) => d._id));
  }

  /** Every stream id (rebuilds; scans the heads). */
  async streamIds(): Promise<string[]> {
    await this.init();
    const heads = await this.heads.find({}, { _id: 1 }).lean<Array<{ _id: string }>>();
    return heads.map((h) => h._id);
  }

  /** The subjects of the stored events of a type, each once: a scan of the log, for a one-time migration at start. */
  async subjectsWith(type: EventType): Promise<string[]> {
    await this.init();
    const docs = await this.events.find({ type }, { _id: 0, subjectId: 1 }).lean<Array<Pick<EventDocument, 'subjectId'>>>();
    return [...new Set(docs.flatMap((d) => (d.subjectId ? [d.subjectId] : [])))];
  }

  // ---- outbox

  /**
   * Entries not yet on Kafka, oldest first (a scan, but of the outbox only: small, entries go once done). Within an
   * append's batch (one `createdAt`) the version breaks the tie, so a limit never keeps a later event without its
   * predecessor.
   */
  async outboxToPublish(limit = 500): Promise<OutboxDocument[]> {
    await this.init();
    return this.outbox
      .find({ published: { $ne: true } })
      .sort({ createdAt: 1, version: 1 })
      .limit(limit)
      .lean<OutboxDocument[]>();
  }

  /** How many events wait to be published (a scan of the outbox: read every few seconds at most, never per request). */
  async outboxBacklog(): Promise<number> {
    await this.init();
    return this.publishes ? this.outbox.countDocuments({ published: { $ne: true } }) : 0;
  }

  /** Entries whose read models are not updated yet, oldest first. */
  async outboxToProject(limit = 500): Promise<OutboxDocument[]> {
    await this.init();
    return this.outbox.find({ unprojected: true }).sort({ createdAt: 1, version: 1 }).limit(limit).lean<OutboxDocument[]>();
  }

  /**
   * The read models have the events: their duty is cleared (one round trip; the entry comes back whole, as FerretDB
   * v1 takes no projection on findAndModify, but it is small), and an entry with nothing left goes.
   * Usually the relay has not published yet, and it deletes the entry when it has.
   */
  async markProjected(keys: readonly string[]): Promise<void> {
    await Promise.all(
      keys.map(async (key) => {
        if (!this.publishes) {
          await this.outbox.deleteOne({ _id: key });
          return;
        }
        const after = await this.outboxDocs.findOneAndUpdate({ _id: key }, { $unset: { unprojected: 1 } }, { returnDocument: 'after' });
        if (after?.published) await this.deleteIfDone(key);
      }),
    );
  }

  /**
   * Kafka has the events: an entry whose read models are done goes (one round trip, the usual case: the request
   * updated them before the relay was kicked); otherwise it is marked published and left for the read models.
   */
  async markPublished(keys: readonly string[]): Promise<void> {
    await Promise.all(
      keys.map(async (key) => {
        if ((await this.deleteIfDone(key)) || !this.publishes) return;
        const after = await this.outboxDocs.findOneAndUpdate({ _id: key }, { $set: { published: true } }, { returnDocument: 'after' });
        // The read models' duty was cleared between the two writes: nothing is left.
        if (after && !after.unprojected) await this.deleteIfDone(key);
      }),
    );
  }

  /**
   * Both duties done (published, and the read models updated by the process that publishes): the entries deleted, only
   * where each still holds that event's work (event ids are unique, so no entry matches another's id). One by key, a
   * batch in one round trip (a filter on several keys scans the outbox on FerretDB v1, but the outbox is small).
   */
  async deleteWork(entries: ReadonlyArray<readonly [key: string, eventId: string]>): Promise<void> {
    if (entries.length === 0) return;
    if (entries.length === 1) {
      const [[key, eventId]] = entries;
      await this.outboxDocs.deleteOne({ _id: key, eventId });
      return;
    }
    await this.outboxDocs.deleteMany({ _id: { $in: entries.map(([key]) => key) }, eventId: { $in: entries.map(([, id]) => id) } });
  }

  /** Deletes the entry if its read models are done; true if it went. The caller knows it is published. */
  private async deleteIfDone(key: string): Promise<boolean> {
    const { deletedCount } = await this.outboxDocs.deleteOne({ _id: key, unprojected: { $exists: false } });
    return deletedCount === 1;
  }

  /**
   * Entries of writers that crashed before their events were stored, or lost a race and could not clean up: removed
   * from every list where they still carry that writer's event id (the key may hold the real event's work by now).
   */
  async removeOrphans(entries: readonly OutboxDocument[]): Promise<void> {
    if (entries.length) await this.removeOwnWork(entries);
  }

  /** Whether an outbox entry without its event is old enough to be an orphan rather than an append in flight. */
  isOrphanAge(entry: Pick<OutboxDocument, 'createdAt'>, now = Date.now()): boolean {
    return now - new Date(entry.createdAt).getTime() > ORPHAN_AFTER_MS;
  }

  /**
   * Replaces the named data fields of a subject's stored events with "[erased]", and drops the snapshots of the
   * subject's streams (they may hold the same values). Interim until crypto-shredding (per-subject data keys).
   * Erased events may no longer satisfy their schema (e.g. an e-mail field); consumers dead-letter them.
   */
  async eraseSubjectData(subjectId: string, fields: readonly string[]): Promise<number> {
    await this.init();
    let modified = 0;
    // A scan: erasure is rare, and a subject's events are not keyed by subject.
    const docs = await this.events.find({ subjectId }, { _id: 1, data: 1 }).lean<Array<Pick<EventDocument, '_id' | 'data'>>>();
    for (const doc of docs) {
      const present = fields.filter((f) => hasPath(doc.data, f));
      if (present.length === 0) continue;
      await this.events.updateOne({ _id: doc._id }, { $set: Object.fromEntries(present.map((f) => [`data.${f}`, ERASED])) });
      modified += present.length;
    }
    await this.heads.updateMany({ subjectId }, { $set: { snapshot: null, snapshotOf: null, updatedAt: new Date() } });
    this.writtenHeads.clear();
    // Entries not yet published keep a copy of their event for the relay: without it, the relay reads the erased event.
    await this.outbox.updateMany({ 'event.subjectId': subjectId }, { $unset: { event: 1 } });
    return modified;
  }

  /**
   * Rewrites in place the stored events of one type still at an earlier schema version, as the current version: a
   * one-time migration (text an earlier version kept in the clear, sealed now). `rewrite` gives each event's new data,
   * or null to leave it as it is; the new data must satisfy the current schema. The snapshots of the streams touched
   * are dropped, since they may hold the old data. A scan of the log, in batches: run it at start, behind a marker.
   * Returns how many events were rewritten.
   */
  async rewriteEvents(
    type: EventType,
    fromVersion: number,
    rewrite: (event: { streamId: string; subjectId: string | null; data: Record<string, unknown> }) => Promise<unknown>,
    onProgress: (rewritten: number) => void = () => undefined,
  ): Promise<number> {
    await this.init();
    let rewritten = 0;
    const streams = new Set<string>();
    const docs = this.events
      .find({ type, schemaVersion: fromVersion }, { _id: 1, streamId: 1, subjectId: 1, data: 1 })
      .lean<Array<Pick<EventDocument, '_id' | 'streamId' | 'subjectId' | 'data'>>>()
      .cursor({ batchSize: 200 });
    for await (const doc of docs) {
      const data = await rewrite({ streamId: doc.streamId, subjectId: doc.subjectId ?? null, data: doc.data as Record<string, unknown> });
      if (data === null) continue;
      const [event] = validateNewEvents([{ type, data, subjectId: doc.subjectId ?? null } as NewEvent]);
      // By key alone (a second field in the filter makes FerretDB v1 scan the log for each event). Another instance
      // starting at the same time writes the same data again; `rewrite` decides what an erasure meanwhile leaves.
      await this.events.updateOne({ _id: doc._id }, { $set: { schemaVersion: event.schemaVersion, data: event.data } });
      rewritten += 1;
      streams.add(doc.streamId);
      if (rewritten % 500 === 0) onProgress(rewritten);
    }
    for (const streamId of streams) {
      await this.heads.updateOne({ _id: streamId }, { $set: { snapshot: null, snapshotOf: null, updatedAt: new Date() } });
      this.writtenHeads.delete(streamId);
    }
    return rewritten;
  }

  // ---- internals

  /**
   * Events after `version`, each by its key: those up to the head's version (`knownLast`) all at once, then on past it
   * (normally one read that finds nothing: a head may lag behind a concurrent writer's append) unless `readPast` is false.
   */
  private async readFrom(streamId: string, version: number, knownLast: number, readPast = true): Promise<StoredEvent[]> {
    const events: StoredEvent[] = [];
    for (let from = version + 1; from <= knownLast; from += KNOWN_BATCH) {
      for (const doc of await this.eventsAt(streamId, from, Math.min(KNOWN_BATCH, knownLast - from + 1))) {
        if (!doc) return events;
        events.push(toStoredEvent(doc, this.registry));
      }
    }
    if (!readPast) return events;
    const after = Math.max(version, knownLast);
    const first = await this.eventDocs.findOne({ _id: eventKey(streamId, after + 1) });
    if (!first) return events;
    events.push(toStoredEvent(first, this.registry));
    for (let next = after + 2; ; next += READ_AHEAD) {
      for (const doc of await this.eventsAt(streamId, next, READ_AHEAD)) {
        if (!doc) return events;
        events.push(toStoredEvent(doc, this.registry));
      }
    }
  }

  /**
   * The events at versions `from` … `from + count - 1` of a stream, in version order, null where there is none: one
   * read by key (`$in` on `_id`, which the local FerretDB also serves from its _id index: tools/infra/ferretdb).
   */
  private async eventsAt(streamId: string, from: number, count: number): Promise<Array<EventDocument | null>> {
    const keys = Array.from({ length: count }, (_, i) => eventKey(streamId, from + i));
    if (count === 1) return [await this.eventDocs.findOne({ _id: keys[0] })];
    const docs = await this.eventDocs.find({ _id: { $in: keys } }).toArray();
    const byKey = new Map(docs.map((doc) => [doc._id, doc]));
    return keys.map((key) => byKey.get(key) ?? null);
  }

  /**
   * Records the append's work; an orphan left by a crashed writer at the same version is cleared once, then retried.
   * A live entry at the key is another writer's: a lost race.
   */
  private async insertWork(streamId: string, expectedVersion: number, entries: OutboxDocument[]): Promise<void> {
    for (let attempt = 1; ; attempt++) {
      try {
        await this.outboxDocs.insertMany(entries, { ordered: true });
        return;
      } catch (error) {
        await this.removeOwnWork(entries);
        const retry = isDuplicateKeyError(error) && attempt === 1 && (await this.clearOrphans(entries.map((e) => e._id)));
        if (retry) continue;
        throw isDuplicateKeyError(error) ? new ConcurrencyError(streamId, expectedVersion) : error;
      }
    }
  }

  private async removeOwnWork(entries: readonly OutboxDocument[]): Promise<void> {
    await this.removeOwn(
      this.outbox,
      entries.map((e) => [e._id, e.eventId]),
      'eventId',
    );
  }

  /** Removes entries at these keys whose event is missing and which are old enough to be orphans; true if any went. */
  private async clearOrphans(keys: string[]): Promise<boolean> {
    let cleared = false;
    for (const key of keys) {
      const entry = await this.outbox.findById(key).lean<OutboxDocument>();
      if (!entry || !this.isOrphanAge(entry)) continue;
      const event = await this.events.findById(key).lean<EventDocument>();
      if (event?.id === entry.eventId) continue;
      await this.outbox.deleteOne({ _id: key });
      cleared = true;
    }
    return cleared;
  }

  /** Deletes documents at these keys only where `field` still holds this writer's id. */
  private async removeOwn<T extends { _id: string }>(model: Model<T>, pairs: Array<[string, string]>, field: string): Promise<void> {
    await Promise.all(
      pairs.map(async ([key, id]) => {
        const doc = await model
          .findById(key)
          .lean<Record<string, unknown>>()
          .catch(() => null);
        if (doc && doc[field] === id) await model.deleteOne({ _id: key } as never).catch(() => undefined);
      }),
    );
  }

  /**
   * Records the new version and, when given, the state there. A head is only a cache: a concurrent writer may leave
   * it behind (loading reads on from it), and a failure here does not undo the append. A head written with a
   * snapshot is remembered (`aggregate`'s `remembered`); one not written is forgotten.
   */
  private async writeHead<S>(
    streamId: string,
    stored: StoredEvent[],
    snapshot: AppendOptions<S>['snapshot'],
    basis?: HeadBasis,
  ): Promise<void> {
    const last = stored[stored.length - 1];
    const fields: Partial<StreamHeadDocument> = {
      version: last.version,
      snapshot: snapshot ? encodeState(snapshot.stateAfter(stored)) : null,
      snapshotOf: snapshot ? snapshotTag(snapshot.of as Decider<unknown>) : null,
      subjectId: last.subjectId,
      updatedAt: new Date(),
    };
    const remember = (written: boolean) => {
      if (!written || !fields.snapshot || !fields.snapshotOf) return;
      this.writtenHeads.set(streamId, {
        version: last.version,
        snapshot: fields.snapshot,
        snapshotOf: fields.snapshotOf,
        updatedAt: fields.updatedAt!,
      });
    };
    if (basis) {
      // Decided on the remembered head: only over that one (anything that touched it since, an erasure, keeps its say).
      const filter = { _id: streamId, version: basis.version, updatedAt: basis.updatedAt };
      remember((await this.headDocs.updateOne(filter, { $set: fields })).matchedCount === 1);
      return;
    }
    // Only over an older head: a writer delayed past a later append must not move the head (and its snapshot) back.
    // Where a head at this version or later exists, the upsert finds no match and its insert is refused: nothing to do.
    const write = () => this.headDocs.updateOne({ _id: streamId, version: { $lt: last.version } }, { $set: fields }, { upsert: true });
    for (let attempt = 1; attempt <= 2; attempt++) {
      try {
        const result = await write();
        remember(result.matchedCount === 1 || result.upsertedCount === 1);
        return;
      } catch (error) {
        if (!isDuplicateKeyError(error)) throw error;
        // Either a later head is there, or two first writes raced (FerretDB v1 does not serialise upserts): once more.
      }
    }
  }
}
