import type { RawMessage } from '../event-publisher';
import { headers } from '../message-headers';

/** A consumed message as Nest's KafkaContext holds it: value and headers may already be decoded. */
export interface ConsumedMessage {
  key?: unknown;
  value?: unknown;
  offset?: string;
  headers?: Record<string, unknown>;
}

export interface DeadLetterInfo {
  reason: string;
  consumer: string;
  topic: string;
  partition: number;
  failedAt: Date;
}

// Header values are bounded by the broker's message size, not by Kafka itself; keep reasons readable.
const MAX_REASON_LENGTH = 2000;

const toBytesOrText = (value: unknown): string | Buffer | null => {
  if (value === null || value === undefined) return null;
  if (Buffer.isBuffer(value) || typeof value === 'string') return value;
  // Nest decodes JSON-looking values unless keepBinary is set; re-encode them.
  return JSON.stringify(value);
};

/** The original message (key, value, headers) plus why and where it failed. */
export const buildDeadLetter = (message: ConsumedMessage, info: DeadLetterInfo): RawMessage => {
  const forwarded: Record<string, string | Buffer> = {};
  for (const [name, value] of Object.entries(message.headers ?? {})) {
    const encoded = toBytesOrText(Array.isArray(value) ? value[0] : value);
    if (encoded !== null) forwarded[name] = encoded;
  }
  const key = toBytesOrText(message.key);
  return {
    key,
    value: toBytesOrText(message.value),
    headers: {
      ...forwarded,
      [headers.dlqReason]: info.reason.slice(0, MAX_REASON_LENGTH),
      [headers.dlqConsumer]: info.consumer,
      [headers.dlqSourceTopic]: info.topic,
      [headers.dlqSourcePartition]: String(info.partition),
      [headers.dlqSourceOffset]: message.offset ?? '',
      [headers.dlqFailedAt]: info.failedAt.toISOString(),
    },
  };
};
