export type { EventPublisher, OutgoingEvent, RawMessage, RawPublisher } from './event-publisher';
export { headers as messageHeaders } from './message-headers';
export { KafkaPublisher, type KafkaPublisherOptions, type EnsureTopicsOptions } from './kafka-publisher';
export { kafkaMicroserviceOptions, type KafkaConsumerOptions } from './kafka-microservice.options';
export {
  InboxConsumer,
  UnrecoverableEventError,
  type EventHandlers,
  type InboxConsumerOptions,
  type InboxOutcome,
} from './inbox/inbox-consumer';
export { classifyMessage, type Classification } from './inbox/classify-message';
export { INBOX_COLLECTION } from './inbox/inbox.schema';
export { provideKafkaPublisher, provideInboxConsumer } from './nest-providers';
export { waitForConsumerGroup, type WaitForConsumerGroupOptions } from './testing/wait-for-consumer-group';
export { OnTopic, stackTopic } from './topic-prefix';
