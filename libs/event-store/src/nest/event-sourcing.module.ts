import { DynamicModule, type InjectionToken, Module, type Type } from '@nestjs/common';
import { topicOf, type EventType } from '@abide/contracts';
import { InboxConsumer, KafkaPublisher, provideInboxConsumer, stackTopic } from '@abide/messaging';
import type { Connection } from 'mongoose';
import { EventStore } from '../event-store';
import { OutboxRelay } from '../outbox/outbox-relay';
import type { Projection } from '../projections/projection';
import { ProjectionRunner } from '../projections/projection-runner';

export interface EventSourcingOptions {
  service: string;
  /** The service's mongoose connection (its own database). */
  connection: InjectionToken;
  kafka: { clientId: string; brokers: string[] };
  /** Topics the service publishes to or consumes from: created at boot with their dead-letter topics. */
  topics: readonly string[];
  projections: readonly Type<Projection>[];
}

/**
 * The write/read plumbing every service shares: the event store, its projections, the outbox relay to Kafka,
 * and the inbox consumer for the events it subscribes to. Lifecycles (indexes, catch-up, relay start/stop)
 * hook into the Nest application's.
 */
@Module({})
export class EventSourcingModule {
  static forRoot(options: EventSourcingOptions): DynamicModule {
    return {
      module: EventSourcingModule,
      global: true,
      providers: [
        ...options.projections,
        {
          provide: KafkaPublisher,
          useFactory: async () => {
            const publisher = new KafkaPublisher({ clientId: `${options.kafka.clientId}-publisher`, brokers: options.kafka.brokers });
            await publisher.connect();
            await publisher.ensureTopics(options.topics.map(stackTopic));
            return publisher;
          },
        },
        provideInboxConsumer({ connection: options.connection }),
        {
          provide: EventStore,
          useFactory: (connection: Connection) => new EventStore(connection, { service: options.service }),
          inject: [options.connection],
        },
        {
          provide: ProjectionRunner,
          useFactory: (store: EventStore, ...projections: Projection[]) => new ProjectionRunner(store, projections),
          inject: [EventStore, ...options.projections],
        },
        {
          provide: OutboxRelay,
          useFactory: (store: EventStore, publisher: KafkaPublisher) =>
            new OutboxRelay({ eventStore: store, publisher, service: options.service, topicFor: (type) => stackTopic(topicOf(type as EventType)) }),
          inject: [EventStore, KafkaPublisher],
        },
      ],
      exports: [EventStore, ProjectionRunner, OutboxRelay, KafkaPublisher, InboxConsumer, ...options.projections],
    };
  }
}
