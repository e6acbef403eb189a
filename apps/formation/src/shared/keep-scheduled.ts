import type { Logger } from '@nestjs/common';
import type { RedisConnection } from '@abide/platform';

/**
 * Registers BullMQ job schedulers now (retrying until Redis answers, without holding up boot) and again after every
 * reconnect, since a Redis restarted without persistence forgets them. `register` must be idempotent
 * (upsertJobScheduler is, being keyed by id): every instance registers it, one scheduler results, and each of its runs
 * is one job that one worker takes.
 */
export const keepScheduled = (redis: RedisConnection, logger: Logger, register: () => Promise<unknown>): void => {
  const attempt = (delayMs = 1000): void => {
    register().catch((error: unknown) => {
      logger.debug(`scheduling deferred: ${(error as Error).message}`);
      setTimeout(() => attempt(Math.min(delayMs * 2, 30_000)), delayMs).unref();
    });
  };
  attempt();
  redis.onReconnect(() => attempt());
};
