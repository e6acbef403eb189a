import { DomainError, HealthRegistry } from '@abide/platform';
import { integrationEnv } from '@abide/testing';
import { Redis } from 'ioredis';
import { createHash, randomUUID } from 'node:crypto';
import type { IdentityConfig } from '../src/config/env.schema';
import { type BackoffScope, SignInBackoff } from '../src/sessions/sign-in-backoff.service';

/**
 * The per-account back-off on the real Redis, as two identity instances share it: a burst of guesses spread over both
 * may be judged only up to the allowance; the rest are refused without being judged.
 */
const { env } = integrationEnv('identity');
const config = {
  REDIS_URL: env.REDIS_URL,
  REDIS_KEY_PREFIX: env.REDIS_KEY_PREFIX,
  SIGN_IN_MAX_FAILURES: 5,
  SIGN_IN_FAILURE_WINDOW_SECONDS: 900,
  SIGN_IN_BACKOFF_BASE_SECONDS: 30,
  SIGN_IN_BACKOFF_MAX_SECONDS: 900,
} as IdentityConfig;

const instances = [new SignInBackoff(config, new HealthRegistry()), new SignInBackoff(config, new HealthRegistry())];
beforeAll(async () => {
  // Its connection queues nothing while it connects (a request answers 503 at once): wait until it is up.
  for (const sut of instances) {
    const { client } = (sut as unknown as { redis: { client: Redis } }).redis;
    if (client.status !== 'ready') await new Promise((resolve) => client.once('ready', resolve));
  }
});
afterAll(() => instances.forEach((sut) => sut.onModuleDestroy()));

const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** `n` guesses at once, alternating between the instances; each judge takes a while, as argon2 or a database read does. */
const burst = async (n: number, scope: BackoffScope, subject: string, right: (i: number) => boolean = () => false) => {
  let judged = 0;
  const outcomes = await Promise.all(
    Array.from({ length: n }, (_, i) =>
      instances[i % 2]
        .judge(subject, scope, async () => {
          judged++;
          await pause(50);
          return right(i) ? 'proven' : undefined;
        })
        .then(
          (verdict) => (verdict ? 'right' : 'wrong'),
          // Retry-After is the lock's time left, a multiple of 30 s, or a second under it when the refusal came late.
          (error: DomainError) => `${error.status} ${Math.ceil(Number(error.headers?.['retry-after']) / 30) * 30}`,
        ),
    ),
  );
  return { judged, outcomes };
};

describe(SignInBackoff.name, () => {
  it.each<BackoffScope>(['two-factor', 'password'])(
    'judges at most the allowance of 20 concurrent wrong guesses (%s), and refuses the rest with 429 and Retry-After',
    async (scope) => {
      const { judged, outcomes } = await burst(20, scope, randomUUID());

      expect(judged).toBe(5);
      expect(outcomes.filter((o) => o === 'wrong')).toHaveLength(5);
      expect(outcomes.filter((o) => o === '429 30')).toHaveLength(15);
    },
  );

  it('refuses the next guess until the lock ends, then judges one at a time with a doubled lock', async () => {
    const subject = randomUUID();
    await burst(5, 'password', subject);

    const locked = await burst(3, 'password', subject);
    expect(locked).toEqual({ judged: 0, outcomes: ['429 30', '429 30', '429 30'] });
    // The lock ends (as 30 seconds would end it): one more guess is judged, and it locks for twice as long.
    const redis = new Redis(config.REDIS_URL);
    await redis.del(`${config.REDIS_KEY_PREFIX}:identity:sign-in:lock:${createHash('sha256').update(subject).digest('hex')}`);
    redis.disconnect();
    const after = await burst(3, 'password', subject);
    expect(after.judged).toBe(1);
    expect(after.outcomes.sort()).toEqual(['429 60', '429 60', 'wrong']);
  });

  it('clears the count for a right guess, and gives back a guess whose judging failed', async () => {
    const subject = randomUUID();
    await burst(4, 'two-factor', subject);
    await expect(instances[0].judge(subject, 'two-factor', () => Promise.reject(new Error('the database went away')))).rejects.toThrow(
      'the database went away',
    );
    // Still the fifth guess: judged, and right, which clears the count.
    expect((await burst(1, 'two-factor', subject, () => true)).outcomes).toEqual(['right']);

    expect((await burst(20, 'two-factor', subject)).judged).toBe(5);
  });
});
