import { Module, type INestApplication, type Type } from '@nestjs/common';
import { NestFactory } from '@nestjs/core';
import { FastifyAdapter } from '@nestjs/platform-fastify';
import type { Connection } from 'mongoose';
import { KafkaEventServer } from '../consumer/kafka-event-server';
import type { InboxConsumerOptions } from './inbox-consumer';
import { provideInboxConsumer, provideKafkaPublisher } from '../nest-providers';
import { testBrokers } from '../testing/test-engines';
import { waitForConsumerGroup } from '../consumer/wait-for-consumer-group';

/** The token the test app's inbox reads its database connection from. */
export const TEST_MONGO = Symbol('TEST_MONGO');

/**
 * Test helper: a Nest app wired as a service wires its consumers (an @EventPattern controller delegating to the
 * InboxConsumer, a Kafka publisher for dead letters), started and joined to its group before it is returned.
 */
export const startInboxConsumerApp = async (options: {
  controller: Type<unknown>;
  connection: Connection;
  groupId: string;
  topic: string;
  consumer?: InboxConsumerOptions;
}): Promise<INestApplication> => {
  const { controller, connection, groupId } = options;
  @Module({
    controllers: [controller],
    providers: [
      { provide: TEST_MONGO, useValue: connection },
      provideKafkaPublisher({ useFactory: () => ({ clientId: `${groupId}-publisher`, brokers: testBrokers() }) }),
      provideInboxConsumer({ connection: TEST_MONGO, consumer: options.consumer }),
    ],
  })
  class TestConsumerModule {}

  const app = await NestFactory.create(TestConsumerModule, new FastifyAdapter(), { logger: false });
  app.connectMicroservice({
    strategy: new KafkaEventServer({ clientId: groupId, brokers: testBrokers(), groupId, consumer: { maxWaitTimeInMs: 100 } }),
  });
  await app.startAllMicroservices();
  await app.init();
  await waitForConsumerGroup({ brokers: testBrokers(), groupId, topics: [options.topic] });
  return app;
};
