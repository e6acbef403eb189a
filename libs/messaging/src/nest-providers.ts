import type { InjectionToken, OptionalFactoryDependency, Provider } from '@nestjs/common';
import type { Connection } from 'mongoose';
import { InboxConsumer, type InboxConsumerOptions } from './inbox/inbox-consumer';
import { KafkaPublisher, type KafkaPublisherOptions } from './kafka-publisher';

type Dependency = InjectionToken | OptionalFactoryDependency;

/** Provides a KafkaPublisher (it connects at its first send, so boot never waits for the broker). */
export const provideKafkaPublisher = <TArgs extends unknown[]>(factory: {
  useFactory: (...args: TArgs) => KafkaPublisherOptions | Promise<KafkaPublisherOptions>;
  inject?: Dependency[];
}): Provider => ({
  provide: KafkaPublisher,
  useFactory: async (...args: TArgs) => new KafkaPublisher(await factory.useFactory(...args)),
  inject: factory.inject ?? [],
});

/** Provides an InboxConsumer on the service's mongoose Connection (token of your choice), dead-lettering through KafkaPublisher. */
export const provideInboxConsumer = (options: { connection: InjectionToken; consumer?: InboxConsumerOptions }): Provider => ({
  provide: InboxConsumer,
  useFactory: async (connection: Connection, publisher: KafkaPublisher) => {
    const inbox = new InboxConsumer(connection, publisher, options.consumer);
    await inbox.init();
    return inbox;
  },
  inject: [options.connection, KafkaPublisher],
});
