import { LIVE_AUDIENCE_MAX, type LiveChange, type LiveRoleAudience, type LiveSignal, liveSignalSchema, topics } from '@abide/contracts';
import { Logger, type OnApplicationShutdown } from '@nestjs/common';
import { randomUUID } from 'node:crypto';
import type { RawMessage, RawPublisher } from '../event-publisher';
import { jitteredBackoffDelay, sleep } from '@abide/platform';
import { headers } from '../message-headers';
import { stackTopic } from '../topics/topic-prefix';

/** Who is told: members by id (the sender decides from its own data), or everyone holding a role. */
export type LiveRecipients = { members: readonly string[] } | { role: LiveRoleAudience };

export interface LiveSignalsOptions {
  /** Signals waiting for Kafka beyond this are dropped, oldest first (a signal is a hint, the data is safe). */
  maxQueued?: number;
  /** Sent together in one produce request. */
  batchSize?: number;
}

/** The Kafka key: what changed, so the signals about one thing stay in order on one partition. */
const keyOf = (change: LiveChange): string => {
  switch (change.kind) {
    case 'group':
      return `group:${change.groupId}`;
    case 'upload':
      return `upload:${change.resourceId}`;
    case 'member-import':
      return `member-import:${change.importId}`;
    default:
      return change.kind;
  }
};

const chunks = <T>(items: readonly T[], size: number): T[][] => {
  const out: T[][] = [];
  for (let i = 0; i < items.length; i += size) out.push(items.slice(i, i + size));
  return out;
};

/**
 * Sends live signals (libs/contracts/src/live) after a service changed what a member sees. Never in the way of the
 * write that caused it: `tell` only queues, a background loop produces the queue in batches and retries with backoff
 * while Kafka is away, and past `maxQueued` the oldest are dropped (counted in a log line). A signal lost to a crash
 * or a long outage costs a screen that updates at its next read, never data: the change itself is in the event store.
 */
export class LiveSignals implements OnApplicationShutdown {
  private readonly logger = new Logger(LiveSignals.name);
  private readonly queue: LiveSignal[] = [];
  private readonly maxQueued: number;
  private readonly batchSize: number;
  private flushing?: Promise<void>;
  private dropped = 0;
  private closed = false;
  private failing = false;

  constructor(
    private readonly publisher: RawPublisher,
    options: LiveSignalsOptions = {},
  ) {
    this.maxQueued = options.maxQueued ?? 10_000;
    this.batchSize = options.batchSize ?? 200;
  }

  /** Queues a signal of `change` for `to` (members without duplicates; an empty list sends nothing). */
  tell(to: LiveRecipients, change: LiveChange, correlationId: string | null = null): void {
    if (this.closed) return;
    const audiences =
      'role' in to ? [{ role: to.role }] : chunks([...new Set(to.members)], LIVE_AUDIENCE_MAX).map((members) => ({ members }));
    for (const audience of audiences) {
      const signal = liveSignalSchema.parse({ id: randomUUID(), occurredAt: new Date().toISOString(), correlationId, audience, change });
      this.queue.push(signal);
    }
    if (this.queue.length > this.maxQueued) {
      const over = this.queue.length - this.maxQueued;
      this.queue.splice(0, over);
      if (this.dropped === 0) this.logger.warn(`Live signals are waiting for Kafka; dropping the oldest beyond ${this.maxQueued}`);
      this.dropped += over;
    }
    this.flushing ??= this.flush().finally(() => (this.flushing = undefined));
  }

  /** Resolves once everything queued so far was produced (tests; shutdown). */
  async drained(): Promise<void> {
    while (this.flushing) await this.flushing;
  }

  async onApplicationShutdown(): Promise<void> {
    // A moment for what is queued while Kafka answers; then the producer goes with the app.
    if (!this.failing) await Promise.race([this.drained(), new Promise((resolve) => setTimeout(resolve, 1000).unref())]);
    this.closed = true;
  }

  private async flush(): Promise<void> {
    for (let attempt = 1; this.queue.length > 0 && !this.closed;) {
      const batch = this.queue.slice(0, this.batchSize);
      try {
        await this.publisher.publishRaw(stackTopic(topics.liveSignal), batch.map(toMessage));
        // Only what was sent leaves the queue (tell() may have dropped from its front meanwhile: take by identity).
        const sent = new Set(batch);
        for (let i = this.queue.length - 1; i >= 0; i--) if (sent.has(this.queue[i])) this.queue.splice(i, 1);
        if (this.dropped > 0) {
          this.logger.warn(`Kafka is back; ${this.dropped} live signal(s) were dropped meanwhile`);
          this.dropped = 0;
        }
        attempt = 1;
        this.failing = false;
      } catch (error) {
        if (this.closed) return;
        this.failing = true;
        if (attempt === 1) this.logger.warn(`Live signals not sent (${(error as Error).message}); retrying`);
        await sleep(jitteredBackoffDelay(attempt++, { initialDelayMs: 200, maxDelayMs: 5000 }));
      }
    }
  }
}

const toMessage = (signal: LiveSignal): RawMessage => ({
  key: keyOf(signal.change),
  value: JSON.stringify(signal),
  headers: { [headers.contentType]: 'application/json', [headers.eventId]: signal.id },
});
