import { Redis } from 'ioredis';

/**
 * Direct access to the test stack's Redis and its key prefix, for what only Redis shows: what a queued job's data
 * holds (a secret must never be there).
 */
export const withTestRedis = async <T>(use: (redis: Redis, prefix: string) => Promise<T>): Promise<T> => {
  const redis = new Redis(process.env.E2E_REDIS_URL ?? 'redis://127.0.0.1:6379');
  try {
    return await use(redis, process.env.E2E_NAMESPACE ?? 'abide_test');
  } finally {
    redis.disconnect();
  }
};
