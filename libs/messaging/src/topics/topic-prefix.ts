import { EventPattern } from '@nestjs/microservices';

/**
 * The topic as this stack names it on the broker: KAFKA_TOPIC_PREFIX + the contracts' topic (empty prefix in
 * production). Decorators run when a module is imported, before the validated config exists, so this reads the
 * variable itself; the services' env schemas validate the same variable at boot.
 */
export const stackTopic = (topic: string): string => `${process.env.KAFKA_TOPIC_PREFIX ?? ''}${topic}`;

/** @EventPattern for a contracts topic, under this stack's prefix. */
export const OnTopic = (topic: string): MethodDecorator => EventPattern(stackTopic(topic));
