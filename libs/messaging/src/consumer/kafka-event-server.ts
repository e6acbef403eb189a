import { Logger } from '@nestjs/common';
import { type CustomTransportStrategy, KafkaContext, Server, Transport } from '@nestjs/microservices';
import { type BackoffOptions, type HealthCheck, jitteredBackoffDelay, onScrape, throttled } from '@abide/platform';
import { Kafka, type Consumer, type ConsumerConfig, type EachMessagePayload } from 'kafkajs';
import { isObservable, lastValueFrom } from 'rxjs';
import { kafkaClientOptions, type KafkaConnection } from '../kafka-connection';
import { kafkaLogCreator } from '../kafka-logging';
import { ConsumerLag } from './consumer-lag';
import { consumingGroup } from './consuming-group';

export interface KafkaConsumerOptions extends KafkaConnection {
  clientId: string;
  /** The consumer group: offsets are stored under it, so it must stay the same across deploys. */
  groupId: string;
  /** Partitions processed in parallel by one instance (order within a partition is always kept). */
  partitionsConsumedConcurrently?: number;
  /** Further kafkajs consumer settings (e.g. a short maxWaitTimeInMs in tests, for a quick shutdown). */
  consumer?: Omit<ConsumerConfig, 'groupId' | 'retry' | 'allowAutoTopicCreation'>;
  /** Delay between restarts of the consumer after a failure. */
  backoff?: BackoffOptions;
}

export type ConsumerState = 'starting' | 'connecting' | 'waiting-for-topics' | 'joining' | 'joined' | 'reconnecting' | 'stopped';

const DEFAULT_BACKOFF: BackoffOptions = { initialDelayMs: 500, maxDelayMs: 15_000 };
/**
 * kafkajs' default is 30 s. After a broker restart the coordinator waits that long for the members of the crashed
 * consumers before the group can form again; 10 s bounds that wait (heartbeats go every 3 s).
 */
const DEFAULT_SESSION_TIMEOUT_MS = 10_000;

const describe = (error: unknown): string => {
  if (!(error instanceof Error)) return String(error);
  const type = (error as { type?: unknown }).type;
  return typeof type === 'string' ? `${error.message} (${type})` : error.message;
};

/**
 * Nest's transport for the services' @EventPattern(topic) handlers, made to ride out broker failures: boot never
 * waits for Kafka, and a supervisor connects, waits for the topics (created by the provisioning step, never here),
 * subscribes, runs, and after any crash starts a fresh consumer with a growing delay. Each change of state is
 * logged once. A handler that throws is not acknowledged, so Kafka redelivers it (the inbox makes that harmless).
 *
 * Readiness: critical until the group was joined once; afterwards a lost membership reports "degraded", because
 * the service still serves its requests and its own events wait in the outbox.
 */
export class KafkaEventServer extends Server implements CustomTransportStrategy {
  override readonly transportId = Transport.KAFKA;
  private readonly log = new Logger(KafkaEventServer.name);
  private readonly kafka: Kafka;
  private readonly backoff: BackoffOptions;
  private readonly sessionTimeoutMs: number;
  private consumer?: Consumer;
  private state: ConsumerState = 'starting';
  private problem?: string;
  private troubleSince?: number;
  private loggedProblem?: string;
  private joinedOnce = false;
  private lastSignOfLife = 0;
  private assigned = 0;
  private closing = false;
  private markClosed!: () => void;
  private readonly closed = new Promise<string>((resolve) => (this.markClosed = () => resolve('closing')));
  private wake?: () => void;
  private supervisor?: Promise<void>;
  private readonly lag: ConsumerLag;
  private stopLagMetrics?: () => void;

  constructor(private readonly options: KafkaConsumerOptions) {
    super();
    this.kafka = new Kafka({
      clientId: options.clientId,
      ...kafkaClientOptions(options),
      logCreator: kafkaLogCreator,
      // Short retries inside kafkajs: a broken connection surfaces as a crash soon, and the supervisor takes over.
      retry: { retries: 5, initialRetryTime: 300, maxRetryTime: 5000 },
    });
    this.backoff = options.backoff ?? DEFAULT_BACKOFF;
    this.sessionTimeoutMs = options.consumer?.sessionTimeout ?? DEFAULT_SESSION_TIMEOUT_MS;
    this.lag = new ConsumerLag(this.kafka, options.groupId);
  }

  /** Resolves at once, so the HTTP side starts (and reports not ready) while the consumer finds its broker. */
  listen(callback: () => void): void {
    this.supervisor ??= this.supervise();
    this.stopLagMetrics ??= onScrape(throttled(() => this.lag.refresh(this.topics())));
    callback();
  }

  async close(): Promise<void> {
    this.closing = true;
    this.stopLagMetrics?.();
    this.markClosed();
    this.wake?.();
    await Promise.all([this.consumer?.disconnect().catch(() => undefined), this.lag.close()]);
    await this.supervisor;
  }

  on(): never {
    throw new Error('KafkaEventServer has no events to listen to');
  }

  unwrap<T>(): T {
    return this.consumer as T;
  }

  get currentState(): ConsumerState {
    return this.state;
  }

  /** True while this instance is a member of its group: joined, with heartbeats still being answered. */
  isMember(): boolean {
    // Heartbeats ride on the fetch loop (every few seconds when idle); two sessions without one means it is gone.
    return this.state === 'joined' && Date.now() - this.lastSignOfLife < 2 * this.sessionTimeoutMs;
  }

  readonly healthCheck: HealthCheck = {
    name: 'kafka-consumer',
    critical: () => !this.joinedOnce,
    check: async () => {
      if (!this.isMember()) {
        throw new Error(`group ${this.options.groupId} ${this.state}${this.problem ? ` (last failure: ${this.problem})` : ''}`);
      }
    },
  };

  private topics(): string[] {
    return [...this.messageHandlers.keys()];
  }

  private async supervise(): Promise<void> {
    this.log.log(`Consumer group ${this.options.groupId}: starting (${this.topics().length} topics)`);
    for (let attempt = 1; !this.closing; attempt++) {
      const joinedBefore = this.joinedOnce;
      const reason = await this.runOnce();
      if (this.closing) break;
      // A consumer that had joined failed later: start the delays afresh rather than where the boot left them.
      if (!joinedBefore && this.joinedOnce) attempt = 1;
      this.setState('reconnecting', reason);
      await this.pause(jitteredBackoffDelay(attempt, this.backoff));
    }
    this.setState('stopped');
  }

  /** One consumer's life: resolves with why it ended (a crash, a failed step), never rejects. */
  private async runOnce(): Promise<string> {
    const consumer = this.kafka.consumer({
      sessionTimeout: this.sessionTimeoutMs,
      ...this.options.consumer,
      groupId: this.options.groupId,
      allowAutoTopicCreation: false,
      // kafkajs restarts only some crashes by itself; the supervisor restarts all of them, in one place.
      retry: { retries: 5, initialRetryTime: 300, maxRetryTime: 5000, restartOnFailure: async () => false },
    });
    this.consumer = consumer;
    const ended = new Promise<string>((resolve) => {
      consumer.on(consumer.events.CRASH, ({ payload }) => resolve(describe(payload.error)));
    });
    consumer.on(consumer.events.GROUP_JOIN, ({ payload }) => {
      this.assigned = Object.values(payload.memberAssignment).reduce((n, partitions) => n + partitions.length, 0);
      this.lastSignOfLife = Date.now();
      this.joinedOnce = true;
      this.setState('joined');
    });
    consumer.on(consumer.events.HEARTBEAT, () => {
      this.lastSignOfLife = Date.now();
    });
    try {
      this.setState('connecting');
      await consumer.connect();
      this.setState('waiting-for-topics');
      await this.requireTopics();
      await consumer.subscribe({ topics: this.topics(), fromBeginning: true });
      this.setState('joining');
      await consumer.run({
        partitionsConsumedConcurrently: this.options.partitionsConsumedConcurrently ?? 1,
        eachMessage: (payload) => this.dispatch(consumer, payload),
      });
      return await Promise.race([ended, this.closed]);
    } catch (error) {
      return describe(error);
    } finally {
      if (this.consumer === consumer) this.consumer = undefined;
      await consumer.disconnect().catch(() => undefined);
    }
  }

  /** Topics come from the provisioning step; until they exist, say which are missing rather than subscribe. */
  private async requireTopics(): Promise<void> {
    const admin = this.kafka.admin();
    await admin.connect();
    try {
      const existing = new Set(await admin.listTopics());
      const missing = this.topics().filter((t) => !existing.has(t));
      if (missing.length > 0) {
        throw new Error(`waiting for topic(s) ${missing.join(', ')} (created by the topic provisioning step)`);
      }
    } finally {
      await admin.disconnect().catch(() => undefined);
    }
  }

  /** Runs the handler and waits for it: a throw leaves the offset uncommitted, so the message comes again. */
  private async dispatch(consumer: Consumer, { topic, partition, message, heartbeat }: EachMessagePayload): Promise<void> {
    const handler = this.getHandlerByPattern(topic);
    if (!handler) return;
    // The producer slot of Nest's KafkaContext is for request/reply, which these event handlers never use.
    const context = new KafkaContext([message, partition, topic, consumer, heartbeat, undefined as never]);
    // The handler runs when its observable is subscribed (with an interceptor, Nest defers it): subscribed inside the
    // group's context, so the inbox's metrics carry the group's label (the one the consumer lag has).
    await consumingGroup.run(this.options.groupId, async () => {
      const result: unknown = await handler(message.value, context);
      if (isObservable(result)) await lastValueFrom(result, { defaultValue: undefined });
    });
  }

  /** Records the state; logs only a change that matters: joined (again), a new reason for not consuming, stopped. */
  private setState(state: ConsumerState, problem?: string): void {
    const changed = state !== this.state;
    this.state = state;
    if (problem) this.problem = problem;
    this._status$.next(state);
    if (state === 'joined') {
      if (changed) {
        const after =
          this.troubleSince === undefined ? '' : ` after ${Math.round((Date.now() - this.troubleSince) / 1000)} s without Kafka`;
        this.log.log(`Consumer group ${this.options.groupId}: joined${after}, ${this.assigned} partition(s) assigned`);
      }
      this.problem = undefined;
      this.loggedProblem = undefined;
      this.troubleSince = undefined;
    } else if (state === 'reconnecting') {
      this.troubleSince ??= Date.now();
      if (problem && problem !== this.loggedProblem) {
        this.log.warn(`Consumer group ${this.options.groupId}: not consuming (${problem}); retrying with backoff`);
        this.loggedProblem = problem;
      }
    } else if (state === 'stopped' && changed) {
      this.log.log(`Consumer group ${this.options.groupId}: stopped`);
    }
  }

  private pause(ms: number): Promise<void> {
    return new Promise((resolve) => {
      const timer = setTimeout(resolve, ms);
      this.wake = () => {
        clearTimeout(timer);
        resolve();
      };
    });
  }
}
