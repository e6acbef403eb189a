import { AsyncLocalStorage } from 'node:async_hooks';

/** The consumer group whose message is being handled (set by KafkaEventServer): the inbox labels its metrics with it. */
export const consumingGroup = new AsyncLocalStorage<string>();
