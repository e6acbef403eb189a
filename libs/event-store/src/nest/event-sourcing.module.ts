import { DynamicModule, Injectable, type InjectionToken, Module, type OnModuleInit, Optional, type Type } from '@nestjs/common';
import type { EventType } from '@abide/contracts';
import { HealthRegistry } from '@abide/platform';
import type { Connection } from 'mongoose';
import { CommandRunner } from '../command-runner';
import { EventStore } from '../event-store';
import type { EventPublisher, EventTransport } from '../outbox/event-publisher';
import { redisOutboxHandoff } from '../outbox/outbox-handoff';
import { OutboxRelay } from '../outbox/outbox-relay';
import type { Projection } from '../projections/projection';
import { ProjectionRunner } from '../projections/projection-runner';

export interface EventSourcingOptions {
  service: string;
  /** The service's mongoose connection (its own database). */
  connection: InjectionToken;
  /**
   * Where the outbox relay publishes: a provider of the EventPublisher port, visible to this module (libs/messaging's
   * `MessagingModule` with `kafkaEventTransport`).
   */
  transport: EventTransport;
  /** Read models of a service small enough to list in one place; a service with feature modules uses `forFeature`. */
  projections?: readonly Type<Projection>[];
  /**
   * Event types in this service's log that mean a member's account was deleted (their subject): a rebuild leaves
   * those members out, including deletions from before purges were recorded (ProjectionRunner's `erasedSubjects`).
   */
  erasureEvents?: readonly EventType[];
  /**
   * The service's Redis (REDIS_URL, REDIS_KEY_PREFIX): instances that do not hold the relay's lease hand their events
   * to the one that does over it (outbox-handoff.ts). Without it they leave them for the holder's poll.
   */
  redis?: { url: string; keyPrefix: string };
}

/** Reports the outbox among the service's readiness checks. */
@Injectable()
class OutboxHealth implements OnModuleInit {
  constructor(
    private readonly relay: OutboxRelay,
    @Optional() private readonly registry?: HealthRegistry,
  ) {}

  onModuleInit(): void {
    this.registry?.add(this.relay.healthCheck);
  }
}

/**
 * The write/read plumbing every service shares: the event store, its projections and the outbox relay, which
 * publishes through the transport's EventPublisher (Kafka's side, with the inbox consumer, is libs/messaging's
 * MessagingModule). Lifecycles (indexes, catch-up, relay start/stop) hook into the Nest application's.
 */
@Module({})
export class EventSourcingModule {
  static forRoot(options: EventSourcingOptions): DynamicModule {
    const projections = options.projections ?? [];
    return {
      module: EventSourcingModule,
      global: true,
      providers: [
        ...projections,
        {
          provide: EventStore,
          useFactory: (connection: Connection) => new EventStore(connection, { service: options.service }),
          inject: [options.connection],
        },
        {
          provide: ProjectionRunner,
          useFactory: (store: EventStore, ...projections: Projection[]) =>
            new ProjectionRunner(store, projections, { erasedSubjects: erasedSubjectsIn(store, options.erasureEvents ?? []) }),
          inject: [EventStore, ...projections],
        },
        {
          provide: OutboxRelay,
          useFactory: (store: EventStore, publisher: EventPublisher) =>
            new OutboxRelay({
              eventStore: store,
              publisher,
              service: options.service,
              topicFor: options.transport.topicFor,
              handoff: options.redis && redisOutboxHandoff(options.redis.url, options.redis.keyPrefix, options.service),
            }),
          inject: [EventStore, options.transport.publisher],
        },
        {
          provide: CommandRunner,
          useFactory: (store: EventStore, projections: ProjectionRunner, relay: OutboxRelay) =>
            new CommandRunner(store, projections, relay),
          inject: [EventStore, ProjectionRunner, OutboxRelay],
        },
        OutboxHealth,
      ],
      exports: [EventStore, ProjectionRunner, OutboxRelay, CommandRunner, ...projections],
    };
  }

  /**
   * A feature module's own read models: provided (and exported) in that module, and fed by the service's one
   * runner. Import it in the feature module that owns the projections; other features reach them through its ports.
   */
  static forFeature(projections: readonly Type<Projection>[]): DynamicModule {
    const registration = Symbol(`projections of ${projections.map((p) => p.name).join(', ')}`);
    return {
      module: EventSourcingFeatureModule,
      providers: [
        ...projections,
        {
          provide: registration,
          useFactory: (runner: ProjectionRunner, ...instances: Projection[]) => runner.register(instances),
          inject: [ProjectionRunner, ...projections],
        },
      ],
      exports: [...projections],
    };
  }
}

/** The module `forFeature` returns, one instance per call (Nest tells dynamic modules apart by their providers). */
@Module({})
class EventSourcingFeatureModule {}

/** The subjects of the log's erasure events: what a rebuild of this log's read models must leave out. */
export const erasedSubjectsIn = (store: EventStore, types: readonly EventType[]) => async (): Promise<string[]> =>
  (await Promise.all(types.map((type) => store.subjectsWith(type)))).flat();
