import type { OnModuleInit } from '@nestjs/common';
import type { Connection, Model } from 'mongoose';
import { v7 as uuidv7 } from 'uuid';
import { assertExpectedVersion, buildEventDocuments, validateNewEvents } from './build-events';
import { isDuplicateKeyError } from './duplicate-key';
import { ConcurrencyError } from './errors';
import { toStoredEvent } from './event-document.mapper';
import { eventModel, type EventDocument } from './event.schema';
import { randomInt } from 'node:crypto';
import { setTimeout as sleep } from 'node:timers/promises';
import { positionCounterModel, type PositionCounterDocument } from './position-counter.schema';
import { retryOnConflict } from './retry-on-conflict';
import type { AppendMeta, NewEvent, StoredEvent } from './stored-event';

/** Fresh position blocks tried when an append collides on a position rather than on a version. */
const MAX_POSITION_ATTEMPTS = 20;

export interface EventStoreOptions {
  /** Names the position counter and the relay lease; one event store per service database. */
  service: string;
}

export interface ReadAllOptions {
  afterPosition?: number;
  batchSize?: number;
}

export type Decide = (history: StoredEvent[]) => NewEvent[] | Promise<NewEvent[]>;

export const ERASED = '[erased]';

/**
 * Append-only event streams in one `events` collection of the service's database. Needs no transactions:
 * the unique (streamId, version) index is the concurrency guard, and the events themselves are the outbox.
 */
export class EventStore implements OnModuleInit {
  readonly service: string;
  private readonly events: Model<EventDocument>;
  private readonly counters: Model<PositionCounterDocument>;
  private ready?: Promise<void>;

  constructor(
    readonly connection: Connection,
    options: EventStoreOptions,
  ) {
    this.service = options.service;
    this.events = eventModel(connection);
    this.counters = positionCounterModel(connection);
  }

  /** Creates the collections and indexes; every method awaits it, call it at boot to fail fast. */
  init(): Promise<void> {
    this.ready ??= Promise.all([this.events.init(), this.counters.init()]).then(() => undefined);
    return this.ready;
  }

  async onModuleInit(): Promise<void> {
    await this.init();
  }

  /**
   * Appends events after `expectedVersion` (0 for a new stream). All or nothing: an invalid event writes
   * nothing, and a lost race throws ConcurrencyError with nothing of the batch left behind.
   */
  async append(streamId: string, expectedVersion: number, events: NewEvent[], meta: AppendMeta): Promise<StoredEvent[]> {
    assertExpectedVersion(expectedVersion);
    const validated = validateNewEvents(events);
    if (validated.length === 0) return [];
    await this.init();

    // A duplicate key is either a lost race on (streamId, version) or, on engines whose $inc is not atomic
    // under concurrency (FerretDB v1), a position handed out twice: the latter only needs fresh positions.
    for (let attempt = 1; ; attempt++) {
      // After a collision, wait a little and skip a random gap so racing writers spread out (gaps are harmless).
      if (attempt > 1) await sleep(randomInt(1, 5 * attempt));
      const firstPosition = await this.allocatePositions(validated.length, attempt > 1 ? randomInt(1, 32) : 0);
      const docs = buildEventDocuments({
        streamId,
        expectedVersion,
        events: validated,
        meta,
        firstPosition,
        occurredAt: new Date(),
        newId: uuidv7,
      });
      try {
        await this.events.insertMany(docs, { ordered: true });
        return docs.map(toStoredEvent);
      } catch (error) {
        // With consecutive versions the conflict is normally on the first document, but a partial insert
        // (a stray version ahead, a dropped connection) must not leave half a decision behind.
        await this.events.deleteMany({ _id: { $in: docs.map((d) => d._id) } }).catch(() => undefined);
        if (!isDuplicateKeyError(error)) throw error;
        const versionTaken = await this.events.exists({ streamId, version: { $in: docs.map((d) => d.version) } });
        if (versionTaken || attempt >= MAX_POSITION_ATTEMPTS) throw new ConcurrencyError(streamId, expectedVersion);
      }
    }
  }

  /** Loads the stream, lets `decide` choose new events and appends them, again on a lost race (then rethrows). */
  async appendWithRetry(
    streamId: string,
    decide: Decide,
    meta: AppendMeta,
    options: { maxAttempts?: number } = {},
  ): Promise<StoredEvent[]> {
    return retryOnConflict(async () => {
      const history = await this.load(streamId);
      const events = await decide(history);
      return this.append(streamId, history.at(-1)?.version ?? 0, events, meta);
    }, options.maxAttempts ?? 3);
  }

  /** The stream's events in version order (empty for a stream that does not exist). */
  async load(streamId: string, options: { afterVersion?: number } = {}): Promise<StoredEvent[]> {
    await this.init();
    const docs = await this.events
      .find({ streamId, version: { $gt: options.afterVersion ?? 0 } })
      .sort({ version: 1 })
      .lean<EventDocument[]>();
    return docs.map(toStoredEvent);
  }

  /** Every event in position order, paged, for rebuilds and catch-up. */
  async *readAll(options: ReadAllOptions = {}): AsyncGenerator<StoredEvent> {
    await this.init();
    const batchSize = options.batchSize ?? 500;
    let after = options.afterPosition ?? 0;
    for (;;) {
      const docs = await this.events
        .find({ position: { $gt: after } })
        .sort({ position: 1 })
        .limit(batchSize)
        .lean<EventDocument[]>();
      for (const doc of docs) yield toStoredEvent(doc);
      if (docs.length < batchSize) return;
      after = docs[docs.length - 1].position;
    }
  }

  /** The oldest unpublished events, in position order: the outbox. */
  async readUnpublished(limit: number): Promise<StoredEvent[]> {
    await this.init();
    const docs = await this.events.find({ published: false }).sort({ position: 1 }).limit(limit).lean<EventDocument[]>();
    return docs.map(toStoredEvent);
  }

  async markPublished(eventIds: readonly string[], publishedAt = new Date()): Promise<void> {
    if (eventIds.length === 0) return;
    await this.init();
    await this.events.updateMany({ _id: { $in: [...eventIds] } }, { $set: { published: true, publishedAt } });
  }

  /**
   * Replaces the named data fields of a subject's stored events with "[erased]".
   * Interim until crypto-shredding (per-subject data keys): the events stay, the personal values go.
   * Note that erased events may no longer satisfy their schema (e.g. an e-mail field); consumers dead-letter them.
   */
  async eraseSubjectData(subjectId: string, fields: readonly string[]): Promise<number> {
    await this.init();
    let modified = 0;
    // One update per field, filtered on its presence, so no event gains a field it never had.
    for (const field of fields) {
      const path = `data.${field}`;
      const result = await this.events.updateMany({ subjectId, [path]: { $exists: true } }, { $set: { [path]: ERASED } });
      modified += result.modifiedCount;
    }
    return modified;
  }

  /** Hands out `count` consecutive positions; a block lost to a failed append leaves a harmless gap. */
  private async allocatePositions(count: number, skip = 0): Promise<number> {
    const bump = () =>
      this.counters
        .findOneAndUpdate({ _id: this.service }, { $inc: { last: count + skip } }, { upsert: true, new: true })
        .lean<PositionCounterDocument>();
    let counter: PositionCounterDocument | null;
    try {
      counter = await bump();
    } catch (error) {
      // Two first-ever appends can both try to create the counter; the loser simply increments it.
      if (!isDuplicateKeyError(error)) throw error;
      counter = await bump();
    }
    if (!counter) throw new Error(`Position counter for ${this.service} could not be allocated`);
    return counter.last - count + 1;
  }
}
