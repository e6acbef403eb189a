import { topicOf, type EventType } from '@abide/contracts';
import type { EventPublisher } from '@abide/messaging';
import { Logger, type OnApplicationBootstrap, type BeforeApplicationShutdown } from '@nestjs/common';
import { randomUUID } from 'node:crypto';
import { hostname } from 'node:os';
import type { EventStore } from '../event-store';
import { toEnvelope, type StoredEvent } from '../stored-event';
import { planPublication } from './publication-plan';
import { RelayLease } from './relay-lease';

export interface OutboxRelayOptions {
  eventStore: EventStore;
  publisher: EventPublisher;
  /** Lease name; defaults to the event store's service. */
  service?: string;
  leaseTtlMs?: number;
  /** Safety-net poll; kick() covers the normal path right after an append. */
  pollIntervalMs?: number;
  batchSize?: number;
  /** Topic of an event type; defaults to the contracts' topicOf (tests prefix it). */
  topicFor?: (type: string) => string;
  /** Identifies this instance in the lease; defaults to host, pid and a random suffix. */
  owner?: string;
}

/**
 * Publishes the outbox (unpublished events) to Kafka in position order, then marks it published.
 * Only the lease holder publishes, so scaling out never reorders a stream; a failed publish stops the batch
 * and the next cycle retries from the same event (at-least-once, never a gap).
 */
export class OutboxRelay implements OnApplicationBootstrap, BeforeApplicationShutdown {
  private readonly logger = new Logger(OutboxRelay.name);
  private readonly store: EventStore;
  private readonly publisher: EventPublisher;
  private readonly lease: RelayLease;
  private readonly intervalMs: number;
  private readonly batchSize: number;
  private readonly topicFor: (type: string) => string;
  private running = false;
  private again = false;
  private inFlight?: Promise<void>;
  private timer?: NodeJS.Timeout;

  constructor(options: OutboxRelayOptions) {
    this.store = options.eventStore;
    this.publisher = options.publisher;
    const ttl = options.leaseTtlMs ?? 10_000;
    const owner = options.owner ?? `${hostname()}:${process.pid}:${randomUUID().slice(0, 8)}`;
    this.lease = new RelayLease(this.store.connection, options.service ?? this.store.service, owner, ttl);
    // Cycle often enough to renew the lease well before it expires, even when idle.
    this.intervalMs = Math.min(options.pollIntervalMs ?? 500, Math.floor(ttl / 3));
    this.batchSize = options.batchSize ?? 100;
    this.topicFor = options.topicFor ?? ((type) => topicOf(type as EventType));
  }

  get owner(): string {
    return this.lease.owner;
  }

  start(): void {
    if (this.running) return;
    this.running = true;
    this.trigger();
  }

  /** Stops polling, waits for the cycle in flight and releases the lease for another instance. */
  async stop(): Promise<void> {
    this.running = false;
    clearTimeout(this.timer);
    await this.inFlight;
    await this.lease.release();
  }

  /** As a Nest provider the relay runs with the application. */
  onApplicationBootstrap(): void {
    this.start();
  }

  /** Before connections close (their modules shut down in onApplicationShutdown): the lease is released in the database. */
  async beforeApplicationShutdown(): Promise<void> {
    await this.stop();
  }

  /** Runs a cycle now (call after an append); coalesces with one already running. */
  kick(): void {
    this.trigger();
  }

  /** One cycle: take or renew the lease, then drain the outbox. Returns how many events were published. */
  async runOnce(): Promise<number> {
    if (!(await this.lease.acquire())) return 0;
    let published = 0;
    for (;;) {
      const events = await this.store.readUnpublished(this.batchSize);
      if (events.length === 0) return published;
      const done = await this.publishInOrder(events);
      published += done;
      if (done < events.length || events.length < this.batchSize) return published;
      // A long drain renews between batches; if the lease was lost, the new holder carries on.
      if (!(await this.lease.acquire())) return published;
    }
  }

  private trigger(): void {
    if (!this.running) return;
    if (this.inFlight) {
      this.again = true;
      return;
    }
    clearTimeout(this.timer);
    this.inFlight = this.runOnce()
      .then(() => undefined)
      .catch((error: unknown) => this.logger.error(`Outbox cycle failed: ${describe(error)}`))
      .finally(() => {
        this.inFlight = undefined;
        if (!this.running) return;
        if (this.again) {
          this.again = false;
          this.trigger();
          return;
        }
        this.timer = setTimeout(() => this.trigger(), this.intervalMs);
        this.timer.unref();
      });
  }

  /** Publishes topic by topic and marks each topic's events once acknowledged; stops at the first failure. */
  private async publishInOrder(events: readonly StoredEvent[]): Promise<number> {
    let published = 0;
    for (const batch of planPublication(events, this.topicFor)) {
      try {
        await this.publisher.publish(
          batch.topic,
          batch.events.map((event) => ({ key: event.streamId, value: toEnvelope(event) })),
        );
      } catch (error) {
        this.logger.warn(`Publishing ${batch.events.length} event(s) to ${batch.topic} failed, will retry: ${describe(error)}`);
        return published;
      }
      await this.store.markPublished(batch.events.map((e) => e.id));
      published += batch.events.length;
    }
    return published;
  }
}

const describe = (error: unknown): string => (error instanceof Error ? error.message : String(error));
