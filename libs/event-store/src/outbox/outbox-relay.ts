import { messageKeyOf, topicOf, type EventType } from '@abide/contracts';
import {
  type HealthCheck,
  jitteredBackoffDelay,
  onScrape,
  outboxBacklog,
  outboxPublishSeconds,
  runDetached,
  throttled,
} from '@abide/platform';
import { Logger, type OnApplicationBootstrap, type BeforeApplicationShutdown } from '@nestjs/common';
import { randomUUID } from 'node:crypto';
import { hostname } from 'node:os';
import type { EventStore } from '../event-store';
import type { EventPublisher } from './event-publisher';
import type { OutboxHandoff } from './outbox-handoff';
import { eventKey } from '../keys';
import { toEnvelope, type StoredEvent } from '../stored-event';
import type { OutboxDocument } from './outbox.schema';
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
  /**
   * The poll while other instances append (an entry this relay was not handed, seen in the last BUSY_FOR_MS): their
   * kicks cannot reach the holder, so its poll is how soon their events go out (default 50 ms).
   */
  busyPollIntervalMs?: number;
  batchSize?: number;
  /** Topic of an event type; defaults to the contracts' topicOf (tests prefix it). */
  topicFor?: (type: string) => string;
  /** Identifies this instance in the lease; defaults to host, pid and a random suffix. */
  owner?: string;
  /** Longest wait between cycles while publishing keeps failing (Kafka or the database away). */
  maxBackoffMs?: number;
  /**
   * How long a young entry whose read models are not updated yet waits for the request that appended it (which
   * updates them, then hands the event over or clears the duty) before it is published anyway (default 2 s; 0: never).
   * Publishing it earlier would cost a write to mark it published and one more when the request clears its duty.
   */
  awaitProjectionMs?: number;
  /**
   * How the instances that do not hold the lease hand their projected events to the one that does (outbox-handoff.ts);
   * without it they clear the read models' duty themselves and the holder finds their events at its next poll.
   */
  handoff?: OutboxHandoff;
}

/**
 * Publishes the outbox (events not yet on Kafka) in stream order, then marks them published.
 * Only the lease holder publishes (its term checked before and its epoch after every publish), so scaling out never reorders a stream;
 * a failed publish stops the batch and the next cycle retries from the same event (at-least-once, never a gap).
 * While cycles keep failing (Kafka or the database away) they are spaced out with a growing delay, appends no longer
 * trigger extra cycles, and the trouble is logged when it starts, when its cause changes and when it ends.
 */
export class OutboxRelay implements OnApplicationBootstrap, BeforeApplicationShutdown {
  private readonly logger = new Logger(OutboxRelay.name);
  private readonly store: EventStore;
  private readonly publisher: EventPublisher;
  private readonly lease: RelayLease;
  private readonly intervalMs: number;
  private readonly busyIntervalMs: number;
  /** When this relay last found an entry another instance appended (not handed to it). */
  private foreignSeenAt = 0;
  private readonly batchSize: number;
  private readonly topicFor: (type: string) => string;
  private running = false;
  private again = false;
  private inFlight?: Promise<void>;
  private timer?: NodeJS.Timeout;
  private readonly maxBackoffMs: number;
  private readonly awaitProjectionMs: number;
  private failures = 0;
  private failingSince?: number;
  /** The last cycle published nothing and proved nothing about the broker (see recovered). */
  private inconclusive = false;
  private failure?: string;
  /** The epoch this relay last held the lease at, to log each takeover once. */
  private epochSeen?: number;
  private stopMetrics?: () => void;
  /**
   * Events whose read models this process updated in their request, handed over while this relay held the lease
   * (takeProjected): published from here without reading them back, and their outbox entries then deleted in one write.
   * Forgotten when the lease goes or after HANDED_FOR_MS: such an entry keeps its read-model duty, which the heal clears.
   */
  private readonly handed = new Map<string, { event: StoredEvent; at: number; remote?: true }>();
  private readonly handoff?: OutboxHandoff;
  /**
   * The last version of each stream this relay published in its current epoch (bounded, most recent last): a handed
   * event right after it has nothing earlier left to wait for, so it goes out without reading the outbox first.
   */
  private readonly publishedUpTo = new Map<string, number>();
  /** When this relay last read the outbox (which finds other instances' appends and entries a crash left). */
  private scannedAt = 0;

  constructor(options: OutboxRelayOptions) {
    this.store = options.eventStore;
    this.publisher = options.publisher;
    const ttl = options.leaseTtlMs ?? 10_000;
    const owner = options.owner ?? `${hostname()}:${process.pid}:${randomUUID().slice(0, 8)}`;
    this.lease = new RelayLease(this.store.connection, options.service ?? this.store.service, owner, ttl);
    // Cycle often enough to renew the lease well before it expires, even when idle.
    this.intervalMs = Math.min(options.pollIntervalMs ?? 500, Math.floor(ttl / 3));
    this.busyIntervalMs = Math.min(options.busyPollIntervalMs ?? 50, this.intervalMs);
    this.batchSize = options.batchSize ?? 100;
    this.topicFor = options.topicFor ?? ((type) => topicOf(type as EventType));
    this.maxBackoffMs = options.maxBackoffMs ?? 10_000;
    this.awaitProjectionMs = options.awaitProjectionMs ?? 2000;
    this.handoff = options.handoff;
  }

  /** Background work: while Kafka is away the service still serves, and its events wait here. */
  readonly healthCheck: HealthCheck = {
    name: 'outbox',
    critical: false,
    check: async () => {
      if (this.failingSince === undefined) return;
      const seconds = Math.round((Date.now() - this.failingSince) / 1000);
      throw new Error(`publishing has failed for ${seconds} s: ${this.failure}`);
    },
  };

  get owner(): string {
    return this.lease.owner;
  }

  start(): void {
    if (this.running) return;
    this.running = true;
    // Every instance reports the backlog, lease holder or not: it is the service's, read from the database.
    this.stopMetrics = onScrape(throttled(async () => outboxBacklog.set(await this.store.outboxBacklog())));
    this.handoff?.listen((events) => this.received(events));
    this.trigger();
  }

  /** Stops polling, waits for the cycle in flight and releases the lease for another instance. */
  async stop(): Promise<void> {
    this.running = false;
    this.stopMetrics?.();
    clearTimeout(this.timer);
    await this.inFlight;
    this.handoff?.close();
    this.forgetHandedAll();
    await this.lease.release();
  }

  /**
   * Takes over the read-model duty of events whose read models this process just updated (CommandRunner): when this
   * relay holds the lease by its own clock it will publish them, and one delete then clears both duties; when another
   * instance's term lasts, the handoff sends them to that one, which does the same. False otherwise (no handoff, the
   * holder unknown, or publishing is failing): the caller clears the duty itself.
   */
  takeProjected(events: readonly StoredEvent[]): boolean {
    if (!this.running || this.failures > 0) return false;
    if (!this.lease.holdsByOwnClock()) return this.lease.othersTermLasts() && (this.handoff?.send(events) ?? false);
    if (this.handed.size + events.length > MAX_HANDED) return false;
    const at = Date.now();
    for (const event of events) this.handed.set(eventKey(event.streamId, event.version), { event, at });
    return true;
  }

  /**
   * Events another instance stored and projected, sent to the lease holder: kept like this process's own, except that
   * they go out only against their outbox entries (read in the next cycle, which starts now), never on their word
   * alone. Dropped by any other instance; their entries keep the duty and are published from the outbox.
   */
  private received(events: readonly StoredEvent[]): void {
    if (!this.running || !this.lease.holdsByOwnClock() || this.handed.size + events.length > MAX_HANDED) return;
    const at = Date.now();
    for (const event of events) this.handed.set(eventKey(event.streamId, event.version), { event, at, remote: true });
    this.trigger();
  }

  /** As a Nest provider the relay runs with the application. */
  onApplicationBootstrap(): void {
    this.start();
  }

  /** Before connections close (their modules shut down in onApplicationShutdown): the lease is released in the database. */
  async beforeApplicationShutdown(): Promise<void> {
    await this.stop();
  }

  /**
   * Runs a cycle now (call after an append); coalesces with one already running, waits out a backoff. Not while
   * another instance's term is known to last: only the holder publishes, so the cycle would be a lease read for
   * nothing (the holder's own cycles publish the event).
   */
  kick(): void {
    if (this.failures > 0 || this.lease.othersTermLasts()) return;
    runDetached(() => this.trigger());
  }

  /** One cycle: take or renew the lease, then drain the outbox. Returns how many events were published. */
  async runOnce(): Promise<number> {
    this.forgetHanded(Date.now() - HANDED_FOR_MS);
    this.inconclusive = false;
    if (!(await this.lease.acquire())) {
      this.forgetHandedAll();
      // Another instance's term: publishing is its job, and its readiness speaks for it. But our own term, lingering
      // in the database past our clock (a backoff between cycles outlasted it), says nothing about the broker.
      this.inconclusive = !this.lease.othersTermLasts();
      return 0;
    }
    if (this.lease.epoch !== this.epochSeen) {
      this.epochSeen = this.lease.epoch;
      // What this relay published under an earlier term may have been followed by another holder's work.
      this.publishedUpTo.clear();
      this.logger.log(`Outbox relay ${this.owner} holds the lease at epoch ${this.epochSeen}`);
    }
    let published = 0;
    // Between two reads of the outbox (at the poll's pace), events this process appended whose streams it has
    // published up to just before them go out as they are handed over: no read of the outbox, nor of the events.
    if (Date.now() - this.scannedAt < this.pollInterval()) {
      const direct = this.handedInOrder();
      if (direct.length > 0) {
        const storedAt = new Map(direct.map((e) => [eventKey(e.streamId, e.version), new Date(e.occurredAt)]));
        const drained = await this.publishInOrder(direct, storedAt);
        // What else was handed over (another instance's, or a stream this relay has not published yet) goes now.
        if (drained.leaseLost || this.handed.size === 0) return drained.published;
        published = drained.published;
      }
    }
    for (;;) {
      const scanStarted = (this.scannedAt = Date.now());
      const entries = await this.store.outboxToPublish(this.batchSize);
      if (entries.length < this.batchSize) this.forgetUnlisted(entries, scanStarted);
      const { ready, orphans } = await this.sortOut(entries);
      // Only the holder changes the outbox; orphans are rare, so the check costs nothing on the usual path.
      if (orphans.length > 0 && !(await this.lease.stillHeld())) return published;
      await this.store.removeOrphans(orphans);
      const storedAt = new Map(entries.map((entry) => [entry._id, entry.createdAt]));
      if (ready.length > 0) {
        const drained = await this.publishInOrder(ready, storedAt);
        published += drained.published;
        if (drained.leaseLost) return published;
      }
      // Entries none of which could go yet (their requests are still projecting them): not a sign publishing works.
      this.inconclusive = entries.length > 0 && ready.length === 0;
      if (entries.length < this.batchSize || ready.length === 0) return published;
      // A long drain renews between batches; if the lease was lost, the new holder carries on.
      if (!(await this.lease.acquire())) return published;
    }
  }

  /**
   * Which entries to publish now, stream by stream in version order (a stream stops at its first event not stored
   * yet, or whose request is still updating its read models: an append in flight), and which are orphans (their
   * event never came, or another writer's is there).
   */
  private async sortOut(entries: readonly OutboxDocument[]): Promise<{ ready: StoredEvent[]; orphans: OutboxDocument[] }> {
    const now = Date.now();
    const byStream = new Map<string, OutboxDocument[]>();
    for (const entry of entries) byStream.set(entry.streamId, [...(byStream.get(entry.streamId) ?? []), entry]);
    const ready: StoredEvent[] = [];
    const orphans: OutboxDocument[] = [];
    await Promise.all(
      [...byStream.values()].map(async (list) => {
        const mine: StoredEvent[] = [];
        for (const entry of list.sort((a, b) => a.version - b.version)) {
          const handed = this.handed.get(entry._id)?.event;
          if (handed?.id === entry.eventId) {
            // Stored and projected by this process's request: no need to read it back.
            mine.push(handed);
            continue;
          }
          // Its request is still updating the read models: it will hand the event over (or clear the duty) and kick.
          if (entry.unprojected && now - new Date(entry.createdAt).getTime() < this.awaitProjectionMs) break;
          this.foreignSeenAt = now;
          const event = await this.store.eventOf(entry);
          if (event && event.id === entry.eventId) {
            mine.push(event);
            continue;
          }
          if (event || this.store.isOrphanAge(entry)) {
            orphans.push(entry);
            continue;
          }
          break;
        }
        ready.push(...mine);
      }),
    );
    return { ready, orphans };
  }

  private trigger(): void {
    if (!this.running) return;
    if (this.inFlight) {
      this.again = true;
      return;
    }
    clearTimeout(this.timer);
    this.inFlight = this.runOnce()
      .then(
        (published) => this.recovered(published),
        (error: unknown) => this.failed(error),
      )
      .finally(() => {
        this.inFlight = undefined;
        if (!this.running) return;
        if (this.again && this.failures === 0) {
          this.again = false;
          this.trigger();
          return;
        }
        this.again = false;
        const delay =
          this.failures > 0
            ? jitteredBackoffDelay(this.failures, { initialDelayMs: this.intervalMs, maxDelayMs: this.maxBackoffMs })
            : this.pollInterval();
        this.timer = setTimeout(() => this.trigger(), delay);
        this.timer.unref();
      });
  }

  /** Quick while other instances append (their events wait for this poll), the safety net's pace otherwise. */
  private pollInterval(): number {
    const busy = this.lease.holdsByOwnClock() && Date.now() - this.foreignSeenAt < BUSY_FOR_MS;
    return busy ? this.busyIntervalMs : this.intervalMs;
  }

  private recovered(published: number): void {
    // A cycle that published nothing while events wait, or that could not take its own lingering term, proves nothing
    // about the broker: the failure (and its backoff, and the readiness check's "failing") stays until a publish succeeds.
    if (published === 0 && this.inconclusive && this.failures > 0) return;
    if (this.failingSince !== undefined) {
      const seconds = Math.round((Date.now() - this.failingSince) / 1000);
      this.logger.log(`Outbox publishing again after ${seconds} s of failures (${published} event(s) published in this cycle)`);
    }
    this.failures = 0;
    this.failingSince = undefined;
    this.failure = undefined;
  }

  private failed(error: unknown): void {
    const reason = describe(error);
    this.failures++;
    this.failingSince ??= Date.now();
    if (reason !== this.failure) {
      this.logger.warn(`Outbox cannot publish (${reason}); events wait in the outbox, retrying with backoff`);
    }
    this.failure = reason;
  }

  /**
   * Publishes topic by topic (each stream on one topic, in version order) and marks what Kafka acknowledged.
   * `storedAt`: when each event's outbox entry was written, by event key (for outbox_publish_seconds).
   *
   * Fenced: right before each publish the relay checks its term by its own clock (no round trip: another instance
   * claims the next epoch only once the term ran out by its clock, and the margin covers skew), so a relay that paused
   * past its term publishes nothing more; right after each publish it checks the database for a later epoch (one read
   * by `_id`), and stops at once when there is one, so it never marks an entry published once it lost the lease: the
   * new holder publishes that entry again (a duplicate, which the consumers' inboxes drop) and removes it. A publish
   * already on its way when the lease was taken can still land after the new holder's first ones; that is the one
   * duplicate the fence cannot prevent, and each relay publishes a stream in version order, so its copies stay in order.
   */
  private async publishInOrder(
    events: readonly StoredEvent[],
    storedAt: ReadonlyMap<string, Date>,
  ): Promise<{ published: number; leaseLost: boolean }> {
    let published = 0;
    for (const batch of planPublication(events, this.topicFor)) {
      const epoch = this.lease.epoch;
      if (!this.lease.holdsByOwnClock()) return this.leaseLost(epoch, published, 'before publishing');
      await this.publisher.publish(
        batch.topic,
        batch.events.map((event) => ({ key: messageKeyOf(event), value: toEnvelope(event) })),
      );
      if (!(await this.lease.stillHeld())) return this.leaseLost(epoch, published, 'while publishing');
      const keys = batch.events.map((e) => eventKey(e.streamId, e.version));
      // Entries whose read models this process updated have no duty left: deleted outright.
      const done = batch.events.filter((e, i) => this.handed.get(keys[i])?.event.id === e.id);
      const rest = keys.filter((key, i) => !done.includes(batch.events[i]));
      await Promise.all([this.store.deleteWork(done.map((e) => [eventKey(e.streamId, e.version), e.id])), this.store.markPublished(rest)]);
      for (const event of done) this.handed.delete(eventKey(event.streamId, event.version));
      this.notePublished(batch.events);
      const now = Date.now();
      for (const key of keys) {
        const at = storedAt.get(key);
        if (at) outboxPublishSeconds.observe(Math.max(0, now - new Date(at).getTime()) / 1000);
      }
      published += batch.events.length;
    }
    return { published, leaseLost: false };
  }

  /** Forgets what was handed over before `before` (or everything): those entries are healed like any unprojected one. */
  private forgetHanded(before: number): void {
    for (const [key, { at }] of this.handed) if (at < before) this.handed.delete(key);
  }

  /**
   * Another instance's events received before a read of the whole outbox that did not list them: their entries went
   * another way (published after the wait for their request): kept, they would make every cycle read the outbox.
   */
  private forgetUnlisted(entries: readonly OutboxDocument[], before: number): void {
    const listed = new Set(entries.map((entry) => entry._id));
    for (const [key, { remote, at }] of this.handed) if (remote && at < before && !listed.has(key)) this.handed.delete(key);
  }

  /** The lease went (or is given up): nothing handed is ours to publish, nothing published is known to be the last. */
  private forgetHandedAll(): void {
    this.handed.clear();
    this.publishedUpTo.clear();
  }

  /**
   * Events this process handed over that can be published without reading the outbox: per stream, a run of consecutive
   * versions right after the last one this relay published in its term (or from the stream's first event), in order.
   */
  private handedInOrder(): StoredEvent[] {
    const byStream = new Map<string, StoredEvent[]>();
    for (const { event, remote } of this.handed.values()) {
      if (!remote) byStream.set(event.streamId, [...(byStream.get(event.streamId) ?? []), event]);
    }
    const ready: StoredEvent[] = [];
    for (const [streamId, events] of byStream) {
      let next = (this.publishedUpTo.get(streamId) ?? 0) + 1;
      // Unknown streams start at their first event only: an earlier one may still wait in the outbox.
      if (!this.publishedUpTo.has(streamId) && next !== 1) continue;
      for (const event of events.sort((a, b) => a.version - b.version)) {
        if (event.version !== next) break;
        ready.push(event);
        next += 1;
      }
    }
    return ready;
  }

  private notePublished(events: readonly StoredEvent[]): void {
    for (const event of events) {
      if ((this.publishedUpTo.get(event.streamId) ?? 0) >= event.version) continue;
      this.publishedUpTo.delete(event.streamId);
      this.publishedUpTo.set(event.streamId, event.version);
    }
    for (const [streamId] of this.publishedUpTo) {
      if (this.publishedUpTo.size <= MAX_STREAMS_KNOWN) break;
      this.publishedUpTo.delete(streamId);
    }
  }

  private leaseLost(epoch: number | undefined, published: number, when: string): { published: number; leaseLost: true } {
    this.forgetHandedAll();
    this.logger.warn(
      `Outbox relay ${this.owner} no longer holds the lease at epoch ${epoch ?? '?'} (${when}: its term ran out or another instance took over); it stopped`,
    );
    return { published, leaseLost: true };
  }
}

/** Events handed over at most at once, and how long one waits to be published before it is left to the heal. */
const MAX_HANDED = 10_000;
/** How long after the last entry another instance appended the holder keeps polling quickly. */
const BUSY_FOR_MS = 5_000;
const HANDED_FOR_MS = 60_000;
/** Streams whose last published version the holder keeps (the oldest forgotten first: it then reads the outbox for them). */
const MAX_STREAMS_KNOWN = 10_000;

const describe = (error: unknown): string => (error instanceof Error ? error.message : String(error));
