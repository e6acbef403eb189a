export type { RawMessage, RawPublisher } from './event-publisher';
export { MessagingModule, kafkaEventTransport, type MessagingOptions } from './messaging.module';
export { headers as messageHeaders } from './message-headers';
export { KafkaPublisher, type KafkaPublisherOptions } from './kafka-publisher';
export { kafkaConnection, type KafkaConnection, type KafkaConnectionSettings } from './kafka-connection';
export { KafkaEventServer, type ConsumerState, type KafkaConsumerOptions } from './consumer/kafka-event-server';
export { provisionTopics, stackTopics, type ProvisionTopicsOptions, type ProvisionTopicsResult } from './topics/provision-topics';
export {
  InboxConsumer,
  UnrecoverableEventError,
  type Dedupe,
  type EventHandlers,
  type HandleOptions,
  type InboxConsumerOptions,
  type InboxOutcome,
} from './inbox/inbox-consumer';
export { classifyMessage, type Classification } from './inbox/classify-message';
export { INBOX_COLLECTION } from './inbox/inbox.schema';
export {
  DEAD_LETTER_COLLECTION,
  DeadLetterStore,
  deadLetterValue,
  type DeadLetterDocument,
  type ReplayResult,
} from './inbox/dead-letter-store';
export { DeadLetterOps, toDeadLetterView } from './inbox/dead-letter-ops';
export { DeadLetterOpsModule } from './inbox/dead-letter-ops.module';
export { provideKafkaPublisher, provideInboxConsumer } from './nest-providers';
export { waitForConsumerGroup, type WaitForConsumerGroupOptions } from './consumer/wait-for-consumer-group';
export { createTopicsWithLeaders, type CreateTopicsOptions } from './topics/create-topics';
export { OnTopic, stackTopic } from './topics/topic-prefix';
export { LiveSignals, type LiveRecipients, type LiveSignalsOptions } from './live/live-signals';
export { buildDeadLetter, type ConsumedMessage } from './inbox/dead-letter';
export { consumingGroup } from './consumer/consuming-group';
