import { type EventEnvelope, topics } from '@abide/contracts';
import { KafkaPublisher } from '@abide/messaging';
import { testObjectStore } from '@abide/testing';
import { v7 as uuidv7 } from 'uuid';

/**
 * Helpers of the library's API tests: what a member's objects are in a bucket, and community's events as the library
 * receives them (the buckets, uploads and moderators: @abide/testing).
 */

/** Every object key under the member's prefix (keys are `<ownerId>/<generated id>`). */
export const objectsOf = async (bucket: string, ownerId: string): Promise<string[]> => {
  const keys: string[] = [];
  for await (const item of testObjectStore().listObjectsV2(bucket, `${ownerId}/`, true)) if (item.name) keys.push(item.name);
  return keys;
};

let publisher: KafkaPublisher | undefined;

/** Publishes one of community's group events, as the community service would. */
export const publishGroupEvent = async (type: string, groupId: string, data: Record<string, unknown>, version = 1): Promise<void> => {
  if (!publisher) {
    publisher = new KafkaPublisher({
      clientId: `library-e2e-${uuidv7().slice(-8)}`,
      brokers: (process.env.KAFKA_BROKERS ?? '127.0.0.1:9092').split(','),
    });
    await publisher.connect();
  }
  const envelope: EventEnvelope = {
    id: uuidv7(),
    type,
    schemaVersion: 1,
    streamId: `group-${groupId}`,
    version,
    occurredAt: new Date().toISOString(),
    subjectId: null,
    correlationId: uuidv7(),
    causationId: null,
    data: { groupId, ...data },
  };
  // The test stack's topics carry its namespace (KAFKA_TOPIC_PREFIX of the services).
  await publisher.publish(`${process.env.E2E_NAMESPACE ?? 'abide_test'}.${topics.communityGroup}`, [{ key: groupId, value: envelope }]);
};

export const closePublisher = async () => publisher?.disconnect();
