import { topicOf, type EventType } from '@abide/contracts';
import type { EventTransport } from '@abide/event-store';
import { type DynamicModule, type InjectionToken, Module } from '@nestjs/common';
import { InboxConsumer } from './inbox/inbox-consumer';
import type { KafkaConnection } from './kafka-connection';
import { KafkaPublisher } from './kafka-publisher';
import { LiveSignals } from './live/live-signals';
import { provideInboxConsumer } from './nest-providers';
import { stackTopic } from './topics/topic-prefix';

export interface MessagingOptions {
  /** The service's mongoose connection (its inbox of handled events lives in its own database). */
  connection: InjectionToken;
  /** The service's clientId and its connection (`kafkaConnection(config)`: brokers, and how to sign in). */
  kafka: KafkaConnection & { clientId: string };
}

/**
 * How a service's events reach Kafka: the event store's outbox relay publishes through KafkaPublisher (its
 * EventPublisher port), each event type to its topic (a test stack's prefix included).
 */
export const kafkaEventTransport: EventTransport = {
  publisher: KafkaPublisher,
  topicFor: (type) => stackTopic(topicOf(type as EventType)),
};

/**
 * A service's Kafka side: the publisher (the outbox relay's and the dead letters'), the inbox consumer for the events
 * it subscribes to, and live signals, which go out through the same producer (docs/architecture.md "Live updates").
 * Global, like the event sourcing module that publishes through it (`transport: kafkaEventTransport`).
 */
@Module({})
export class MessagingModule {
  static forRoot(options: MessagingOptions): DynamicModule {
    return {
      module: MessagingModule,
      global: true,
      providers: [
        // Topics are created by the provisioning step (`provisionTopics`), never by a service at boot.
        {
          provide: KafkaPublisher,
          useFactory: () => new KafkaPublisher({ ...options.kafka, clientId: `${options.kafka.clientId}-publisher` }),
        },
        provideInboxConsumer({ connection: options.connection }),
        { provide: LiveSignals, useFactory: (publisher: KafkaPublisher) => new LiveSignals(publisher), inject: [KafkaPublisher] },
      ],
      exports: [KafkaPublisher, InboxConsumer, LiveSignals],
    };
  }
}
