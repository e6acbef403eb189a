import { Transport, type KafkaOptions } from '@nestjs/microservices';
import type { ConsumerConfig } from '@nestjs/microservices/external/kafka.interface';
import { logLevel, Partitioners } from 'kafkajs';

export interface KafkaConsumerOptions {
  clientId: string;
  brokers: string[];
  /** The consumer group: offsets are stored under it, so it must stay the same across deploys. */
  groupId: string;
  /** Partitions processed in parallel by one instance (order within a partition is always kept). */
  partitionsConsumedConcurrently?: number;
  logLevel?: logLevel;
  /** Further kafkajs consumer settings (e.g. a short maxWaitTimeInMs in tests, for a quick shutdown). */
  consumer?: Omit<ConsumerConfig, 'groupId'>;
}

/**
 * Options for `app.connectMicroservice(...)`: Nest's Kafka transport set up for InboxConsumer.
 * - postfixId '': Nest would append "-server" to clientId and groupId; the group id is a contract
 *   (committed offsets live under it), so it is used exactly as given.
 * - fromBeginning: a group that has never committed starts at the oldest message, so a service that
 *   starts after others published still sees their earlier events. Committed groups resume where they were.
 * - keepBinary: handlers get the message bytes untouched, so a dead letter carries exactly what arrived
 *   (InboxConsumer parses the JSON itself).
 */
export const kafkaMicroserviceOptions = (options: KafkaConsumerOptions): KafkaOptions => ({
  transport: Transport.KAFKA,
  options: {
    postfixId: '',
    client: {
      clientId: options.clientId,
      brokers: options.brokers,
      logLevel: options.logLevel ?? logLevel.WARN,
    },
    consumer: { ...options.consumer, groupId: options.groupId },
    subscribe: { fromBeginning: true },
    run: { partitionsConsumedConcurrently: options.partitionsConsumedConcurrently ?? 1 },
    parser: { keepBinary: true },
    // Nest's reply producer is unused for events; the explicit partitioner only silences kafkajs' warning.
    producer: { createPartitioner: Partitioners.DefaultPartitioner },
  },
});
