import { Schema, type Connection, type Model } from 'mongoose';
import type { RawMessage, RawPublisher } from '../event-publisher';
import { headers as headerNames } from '../message-headers';

export const DEAD_LETTER_COLLECTION = 'dead_letters';

/** How many dead letters the operations page lists (most recent first). */
export const DEAD_LETTER_LIST_LIMIT = 200;

/**
 * One message a consumer gave up on, kept beside the `<topic>.dlq` copy so an operator can list it and replay it.
 * Keyed by where it was consumed (consumer, topic, partition, offset): a redelivery that dead-letters the same
 * message again writes the same row.
 */
export interface DeadLetterDocument {
  _id: string;
  consumer: string;
  topic: string;
  partition: number;
  offset: string;
  eventId: string | null;
  eventType: string | null;
  reason: string;
  failedAt: Date;
  key: string | null;
  /** The original value, byte for byte (it may not even be JSON). */
  value: Buffer | null;
  /** The original headers (without the dead-letter ones), as text. */
  headers: Record<string, string>;
  replayedAt: Date | null;
}

const deadLetterSchema = new Schema<DeadLetterDocument>(
  {
    _id: { type: String, required: true },
    consumer: { type: String, required: true },
    topic: { type: String, required: true },
    partition: { type: Number, required: true },
    offset: { type: String, required: true },
    eventId: { type: String, default: null },
    eventType: { type: String, default: null },
    reason: { type: String, required: true },
    failedAt: { type: Date, required: true },
    key: { type: String, default: null },
    value: { type: Buffer, default: null },
    headers: { type: Schema.Types.Mixed, default: {} },
    replayedAt: { type: Date, default: null },
  },
  { collection: DEAD_LETTER_COLLECTION, versionKey: false, minimize: false },
);
// The list is recent-first and bounded: one index walk, never a scan.
deadLetterSchema.index({ failedAt: -1 });

export const deadLetterKey = (consumer: string, topic: string, partition: number, offset: string): string =>
  `${consumer}:${topic}:${partition}:${offset}`;

const modelOf = (connection: Connection): Model<DeadLetterDocument> =>
  (connection.models.AbideDeadLetter as Model<DeadLetterDocument> | undefined) ??
  connection.model<DeadLetterDocument>('AbideDeadLetter', deadLetterSchema, DEAD_LETTER_COLLECTION);

const text = (value: string | Buffer | null): string | null => (value === null ? null : value.toString());

/** A lean read gives BSON Binary for a Buffer field. */
const bytesOf = (value: unknown): Buffer | null => {
  if (value === null || value === undefined) return null;
  if (Buffer.isBuffer(value)) return value;
  if (value instanceof Uint8Array) return Buffer.from(value);
  const { buffer } = value as { buffer?: Uint8Array };
  return buffer ? Buffer.from(buffer) : null;
};

/** The stored value as bytes (Binary after a lean read). */
export const deadLetterValue = (letter: DeadLetterDocument): Buffer | null => bytesOf(letter.value);

/** The dead-letter headers are where and why it failed; a replay sends the message as it was first published. */
const dlqHeaders = new Set<string>([
  headerNames.dlqReason,
  headerNames.dlqConsumer,
  headerNames.dlqSourceTopic,
  headerNames.dlqSourcePartition,
  headerNames.dlqSourceOffset,
  headerNames.dlqFailedAt,
]);

/** Reads the event id and type of a dead letter from its headers, else from its JSON value (a reject may have neither). */
const eventOf = (message: RawMessage): { id: string | null; type: string | null } => {
  const fromHeader = (name: string) => text(message.headers[name] ?? null);
  let id = fromHeader(headerNames.eventId);
  let type = fromHeader(headerNames.eventType);
  if ((!id || !type) && message.value !== null) {
    try {
      const parsed = JSON.parse(message.value.toString()) as { id?: unknown; type?: unknown };
      if (!id && typeof parsed.id === 'string') id = parsed.id;
      if (!type && typeof parsed.type === 'string') type = parsed.type;
    } catch {
      // Not JSON: the reason says so; there is no id to show.
    }
  }
  return { id, type };
};

/** A row recorded before its first replay has no `replayedAt` yet (the keyed upsert never resets it). */
const withDefaults = (letter: DeadLetterDocument): DeadLetterDocument => ({ ...letter, replayedAt: letter.replayedAt ?? null });

export type ReplayResult = { outcome: 'replayed' | 'already-replayed'; letter: DeadLetterDocument } | { outcome: 'not-found' };

/**
 * The dead letters of one service's consumers, in its own database. Written by the InboxConsumer when it dead-letters
 * (keyed upsert), listed recent-first, replayed to the original topic: the inbox dedupes by event id per consumer,
 * so only the consumers that have not handled the event act on the replay (docs/architecture.md, "Operations").
 */
export class DeadLetterStore {
  private readonly model: Model<DeadLetterDocument>;
  private ready?: Promise<void>;

  constructor(connection: Connection) {
    this.model = modelOf(connection);
  }

  init(): Promise<void> {
    this.ready ??= this.model.init().then(() => undefined);
    return this.ready;
  }

  /** Records a dead letter as built by buildDeadLetter (its headers name the consumer, topic, partition, offset). */
  async record(message: RawMessage): Promise<void> {
    await this.init();
    const header = (name: string): string => text(message.headers[name] ?? null) ?? '';
    const consumer = header(headerNames.dlqConsumer);
    const topic = header(headerNames.dlqSourceTopic);
    const partition = Number(header(headerNames.dlqSourcePartition));
    const offset = header(headerNames.dlqSourceOffset);
    const event = eventOf(message);
    const original: Record<string, string> = {};
    for (const [name, value] of Object.entries(message.headers)) if (!dlqHeaders.has(name)) original[name] = value.toString();
    const _id = deadLetterKey(consumer, topic, partition, offset);
    await this.model.updateOne(
      { _id },
      {
        $set: {
          consumer,
          topic,
          partition,
          offset,
          eventId: event.id,
          eventType: event.type,
          reason: header(headerNames.dlqReason),
          failedAt: new Date(header(headerNames.dlqFailedAt) || Date.now()),
          key: text(message.key),
          value: message.value === null ? null : Buffer.from(message.value),
          headers: original,
        },
      },
      { upsert: true },
    );
  }

  /** The most recent dead letters first. */
  async list(limit = DEAD_LETTER_LIST_LIMIT): Promise<DeadLetterDocument[]> {
    await this.init();
    const letters = await this.model.find().sort({ failedAt: -1 }).limit(limit).lean<DeadLetterDocument[]>();
    return letters.map(withDefaults);
  }

  /**
   * Republishes the original message (key, value, headers) to its original topic, once: a second replay of the same
   * dead letter changes nothing and says so. Marked first (a keyed conditional update), unmarked if the publish fails.
   */
  async replay(id: string, publisher: RawPublisher): Promise<ReplayResult> {
    await this.init();
    const replayedAt = new Date();
    const letter = await this.model
      .findOneAndUpdate({ _id: id, replayedAt: null }, { $set: { replayedAt } }, { new: true })
      .lean<DeadLetterDocument>();
    if (!letter) {
      const existing = await this.model.findById(id).lean<DeadLetterDocument>();
      return existing ? { outcome: 'already-replayed', letter: withDefaults(existing) } : { outcome: 'not-found' };
    }
    try {
      await publisher.publishRaw(letter.topic, [{ key: letter.key, value: deadLetterValue(letter), headers: letter.headers }]);
    } catch (error) {
      await this.model.updateOne({ _id: id, replayedAt }, { $set: { replayedAt: null } }).catch(() => undefined);
      throw error;
    }
    return { outcome: 'replayed', letter: withDefaults(letter) };
  }
}
