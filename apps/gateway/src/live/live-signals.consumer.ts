import { Controller, Logger } from '@nestjs/common';
import { Ctx, type KafkaContext, Payload } from '@nestjs/microservices';
import { deadLetterTopic, type LivePush, liveSignalSchema, topics } from '@abide/contracts';
import { buildDeadLetter, type ConsumedMessage, consumingGroup, KafkaPublisher, OnTopic, stackTopic } from '@abide/messaging';
import { backoffDelay, isTransientError, kafkaMessagesHandled } from '@abide/platform';
import { LiveStreams } from './live-streams';

/** The consumer group every gateway instance shares: each signal is buffered by one of them. */
export const LIVE_CONSUMER = 'gateway.live';
/** A Redis outage is waited out in place this long, then Kafka redelivers. */
const RETRY_IN_PLACE_MS = 15_000;

const parse = (payload: unknown): unknown => {
  const text = Buffer.isBuffer(payload) ? payload.toString('utf8') : typeof payload === 'string' ? payload : undefined;
  if (text === undefined) return payload;
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
};

/**
 * Reads the live signals the services send (libs/contracts/src/live) and buffers each once in Redis for its audience,
 * whence every instance pushes it to that audience's open streams. A signal that is not valid goes to the dead-letter
 * topic with the reason; one that cannot be buffered (Redis away) is retried, then left to Kafka to redeliver.
 */
@Controller()
export class LiveSignalsConsumer {
  private readonly logger = new Logger(LiveSignalsConsumer.name);

  constructor(
    private readonly streams: LiveStreams,
    private readonly publisher: KafkaPublisher,
  ) {}

  /** The same series as the services' inbox (docs/architecture.md "Metrics"), under this consumer group. */
  private count(context: KafkaContext, outcome: 'handled' | 'duplicate' | 'dead-lettered'): void {
    kafkaMessagesHandled.inc({ group: consumingGroup.getStore() ?? LIVE_CONSUMER, topic: context.getTopic(), outcome });
  }

  @OnTopic(topics.liveSignal)
  async onSignal(@Payload() payload: unknown, @Ctx() context: KafkaContext): Promise<void> {
    const checked = liveSignalSchema.safeParse(parse(payload));
    if (!checked.success) {
      const reason = `not a live signal: ${checked.error.issues.map((i) => `${i.path.join('.')} ${i.message}`).join('; ')}`;
      const message = buildDeadLetter(context.getMessage() as unknown as ConsumedMessage, {
        reason,
        consumer: LIVE_CONSUMER,
        topic: context.getTopic(),
        partition: context.getPartition(),
        failedAt: new Date(),
      });
      await this.publisher.publishRaw(stackTopic(deadLetterTopic(topics.liveSignal)), [message]);
      this.logger.warn(`Dead-lettered a live signal: ${reason}`);
      this.count(context, 'dead-lettered');
      return;
    }
    const signal = checked.data;
    const push: LivePush = { change: signal.change, occurredAt: signal.occurredAt };
    const { keys, buffer } = this.streams;
    const deadline = Date.now() + RETRY_IN_PLACE_MS;
    for (let attempt = 1; ; attempt++) {
      try {
        const audiences = await buffer.append(keys.seen(signal.id), keys.ofAudience(signal.audience), JSON.stringify(push));
        this.count(context, audiences === 0 ? 'duplicate' : 'handled');
        return;
      } catch (error) {
        if (!isTransientError(error) || Date.now() > deadline) throw error;
        await new Promise((resolve) => setTimeout(resolve, backoffDelay(attempt, { initialDelayMs: 200, maxDelayMs: 2000 })));
        await context
          .getHeartbeat()()
          .catch(() => undefined);
      }
    }
  }
}
