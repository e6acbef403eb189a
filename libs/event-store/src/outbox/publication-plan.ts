import type { StoredEvent } from '../stored-event';

export interface TopicBatch {
  topic: string;
  events: StoredEvent[];
}

/**
 * Groups events by topic, keeping their order inside each group. A stream lives on one topic (one per aggregate),
 * so a stream's version order survives; order across streams is not a Kafka promise anyway.
 */
export const planPublication = (events: readonly StoredEvent[], topicFor: (type: string) => string): TopicBatch[] => {
  const batches = new Map<string, TopicBatch>();
  for (const event of events) {
    const topic = topicFor(event.type);
    const batch = batches.get(topic) ?? { topic, events: [] };
    batch.events.push(event);
    batches.set(topic, batch);
  }
  return [...batches.values()];
};
