import { deadLetterTopic, eventRegistry, type EventEnvelope, type EventOf, type EventRegistry, type EventType } from '@abide/contracts';
import { Logger } from '@nestjs/common';
import { backoffDelay, eventPropagationSeconds, isTransientError, kafkaMessagesHandled, sleep } from '@abide/platform';
import type { KafkaContext } from '@nestjs/microservices';
import type { Connection } from 'mongoose';
import type { RawPublisher } from '../event-publisher';
import { consumingGroup } from '../consumer/consuming-group';
import { classifyMessage } from './classify-message';
import { buildDeadLetter, type ConsumedMessage } from './dead-letter';
import { DeadLetterStore } from './dead-letter-store';
import { InboxClaims, type InboxClaimOptions } from './inbox-claims';

/** The handlers of one consumer, by event type, each receiving its typed, validated event in its current version. */
export type EventHandlers<T extends EventType = EventType> = {
  [K in T]?: (event: EventOf<K>) => Promise<void>;
};

export type InboxOutcome = 'handled' | 'duplicate' | 'ignored' | 'dead-lettered';

/** Who drops a second delivery of an event (HandleOptions.dedupe). */
export type Dedupe = 'inbox' | 'read-model';

export interface HandleOptions {
  /**
   * Who drops a second delivery of an event: the inbox (a claim row per event, the default), or the handlers'
   * read models themselves (`read-model`): every write they make is conditional on the source stream's version it
   * keeps (a delivery it already has changes nothing) and anything else they do may be repeated (a cache stamp, a
   * live hint). Such a consumer writes no inbox row: two round trips less per event. A function decides by the
   * event's type, for a consumer whose handlers keep versions for some types only.
   */
  dedupe?: Dedupe | ((type: EventType) => Dedupe);
}

export interface InboxConsumerOptions extends InboxClaimOptions {
  /** Attempts of a failing handler before the message is dead-lettered (default 4). */
  attempts?: number;
  initialDelayMs?: number;
  maxDelayMs?: number;
  /**
   * How long a handler failing on an engine that is away (database restarting) is retried in place before the
   * message is handed back to Kafka for redelivery (default 15 s). Such failures never dead-letter a message.
   */
  transientRetryMs?: number;
  /** The event types and versions it reads: the build's registry (a test may pass one with a later version of a type). */
  registry?: EventRegistry;
}

/** Throw from a handler when retrying cannot help (the event contradicts the read model): straight to the DLQ. */
export class UnrecoverableEventError extends Error {
  override readonly name = 'UnrecoverableEventError';
}

/**
 * Wraps an @EventPattern handler: validates the envelope and data against the contracts (an earlier schema version
 * is upcast to the current one first), dead-letters what is invalid, of a newer version than this build reads, or
 * keeps failing (the partition never blocks), and applies each event once per consumer name, however many replicas
 * receive it: the run is claimed in the `inbox` collection before the handler starts (InboxClaims). Infrastructure
 * failures (database, DLQ producer) are thrown so that Kafka redelivers: nothing is acknowledged that was not handled
 * or dead-lettered.
 */
export class InboxConsumer {
  private readonly claims: InboxClaims;
  private readonly logger = new Logger(InboxConsumer.name);
  private readonly attempts: number;
  private readonly backoff: { initialDelayMs: number; maxDelayMs: number };
  private readonly transientRetryMs: number;
  private readonly registry: EventRegistry;
  /** Each dead letter is also kept in the service's database, for the operations page to list and replay. */
  readonly deadLetterStore: DeadLetterStore;
  private ready?: Promise<void>;

  constructor(
    connection: Connection,
    private readonly deadLetters: RawPublisher,
    options: InboxConsumerOptions = {},
  ) {
    this.attempts = Math.max(1, options.attempts ?? 4);
    this.backoff = { initialDelayMs: options.initialDelayMs ?? 200, maxDelayMs: options.maxDelayMs ?? 5000 };
    this.transientRetryMs = options.transientRetryMs ?? 15_000;
    // A claim must outlast the handler's own retries in place, or a second replica would run it meanwhile.
    const claimTtlMs = options.claimTtlMs ?? Math.max(60_000, 2 * this.transientRetryMs);
    this.claims = new InboxClaims(connection, { ...options, claimTtlMs });
    this.registry = options.registry ?? eventRegistry;
    this.deadLetterStore = new DeadLetterStore(connection);
  }

  /** Creates the inbox and dead-letter collections and their indexes; call at boot to fail fast. */
  init(): Promise<void> {
    this.ready ??= Promise.all([this.claims.init(), this.deadLetterStore.init()]).then(() => undefined);
    return this.ready;
  }

  /**
   * Call from an @EventPattern(topic) method with its @Payload() and @Ctx().
   * `consumer` names the subscriber (e.g. "formation.user-directory"): dedupe is per consumer name.
   */
  async handle(
    payload: unknown,
    context: KafkaContext,
    consumer: string,
    handlers: EventHandlers,
    options: HandleOptions = {},
  ): Promise<InboxOutcome> {
    // The consumer group (KafkaEventServer) when there is one, so the metrics join with its lag; else the name.
    const labels = { group: consumingGroup.getStore() ?? consumer, topic: context.getTopic() };
    const outcome = await this.apply(payload, context, consumer, handlers, labels, options.dedupe ?? 'inbox');
    kafkaMessagesHandled.inc({ ...labels, outcome });
    return outcome;
  }

  private async apply(
    payload: unknown,
    context: KafkaContext,
    consumer: string,
    handlers: EventHandlers,
    labels: { group: string; topic: string },
    dedupeOf: NonNullable<HandleOptions['dedupe']>,
  ): Promise<InboxOutcome> {
    await this.init();
    const classification = classifyMessage(payload, new Set(Object.keys(handlers)), this.registry);
    if (classification.kind === 'ignore') return 'ignored';
    if (classification.kind === 'reject') return this.deadLetter(context, consumer, classification.reason);

    const { event } = classification;
    // The classification checked the data against the type's schema: the handler of that type receives it.
    const handler = handlers[event.type as EventType] as ((event: EventEnvelope) => Promise<void>) | undefined;
    if (!handler) return 'ignored';

    const dedupe = typeof dedupeOf === 'function' ? dedupeOf(event.type as EventType) : dedupeOf;
    if (dedupe === 'read-model') {
      // Its read models drop what they already have: the handler runs for every delivery, nothing is claimed.
      const failure = await this.runWithRetries(() => handler(event), context);
      if (failure) return this.deadLetter(context, consumer, failure);
      this.observePropagation(event, labels);
      return 'handled';
    }
    const heartbeat = () => context.getHeartbeat()();
    const claim = await this.claims.claim({ consumer, event, topic: context.getTopic(), heartbeat });
    if (claim === 'done') return 'duplicate';
    let failure: string | undefined;
    try {
      failure = await this.runWithRetries(() => handler(event), context);
    } catch (error) {
      // An engine away for too long: Kafka redelivers, and the next delivery runs it (if the database cannot take
      // the release either, the claim expires).
      await this.claims.release(claim).catch(() => undefined);
      throw error;
    }
    if (failure) {
      await this.claims.release(claim);
      return this.deadLetter(context, consumer, failure);
    }
    // A crash before this line leaves the claim to expire: the redelivery then runs the handler again, so
    // handlers stay idempotent too (version checks).
    await this.claims.done(claim);
    this.observePropagation(event, labels);
    return 'handled';
  }

  private observePropagation(event: EventEnvelope, labels: { group: string; topic: string }): void {
    const since = Date.parse(event.occurredAt);
    if (Number.isFinite(since)) eventPropagationSeconds.observe(labels, Math.max(0, Date.now() - since) / 1000);
  }

  /**
   * Returns undefined on success, or why the handler gave up. A transient failure (an engine away) is retried
   * without counting as an attempt, and after `transientRetryMs` rethrown: Kafka then redelivers the message.
   */
  private async runWithRetries(run: () => Promise<void>, context: KafkaContext): Promise<string | undefined> {
    const transientDeadline = Date.now() + this.transientRetryMs;
    for (let attempt = 1, pauses = 1; ; pauses++) {
      try {
        await run();
        return undefined;
      } catch (error) {
        const message = error instanceof Error ? `${error.name}: ${error.message}` : String(error);
        if (isTransientError(error)) {
          if (Date.now() > transientDeadline) throw error;
        } else {
          if (error instanceof UnrecoverableEventError || attempt >= this.attempts) {
            return `handler failed after ${attempt} attempt(s): ${message}`;
          }
          attempt++;
          this.logger.warn(`Handler attempt ${attempt - 1} failed, retrying: ${message}`);
        }
        await sleep(backoffDelay(pauses, this.backoff));
        // Keep the group membership alive while we wait; a failed heartbeat (rebalance) is not our error.
        await context
          .getHeartbeat()()
          .catch(() => undefined);
      }
    }
  }

  private async deadLetter(context: KafkaContext, consumer: string, reason: string): Promise<InboxOutcome> {
    const topic = context.getTopic();
    const message = buildDeadLetter(context.getMessage() as unknown as ConsumedMessage, {
      reason,
      consumer,
      topic,
      partition: context.getPartition(),
      failedAt: new Date(),
    });
    await this.deadLetters.publishRaw(deadLetterTopic(topic), [message]);
    await this.deadLetterStore.record(message);
    this.logger.warn(`Dead-lettered a message from ${topic}: ${reason}`);
    return 'dead-lettered';
  }
}
