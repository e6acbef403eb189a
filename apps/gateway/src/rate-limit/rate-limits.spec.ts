import { DomainError } from '@abide/platform';
import type { GatewayConfig } from '../config/env.schema';
import type { RateLimitCounters } from './rate-limit-counters';
import { RateLimits } from './rate-limits';

/** Counters in memory, as Redis keeps them: one count per key. */
const memoryCounters = () => {
  const counts = new Map<string, number>();
  const counters = {
    prefix: 'test:gateway:rate',
    increment: async (key: string) => counts.set(key, (counts.get(key) ?? 0) + 1).get(key)!,
    giveBack: async (key: string) => void counts.set(key, (counts.get(key) ?? 0) - 1),
  };
  return { counts, counters: counters as unknown as RateLimitCounters };
};
const config = {
  AUTH_RATE_LIMIT_MAX: 2,
  AUTH_RATE_LIMIT_WINDOW_SECONDS: 300,
  SIGN_IN_FAILURES_PER_NETWORK_MAX: 2,
  SIGN_IN_FAILURES_PER_NETWORK_WINDOW_SECONDS: 900,
  JOIN_CODE_RATE_LIMIT_MAX: 2,
  JOIN_CODE_RATE_LIMIT_WINDOW_SECONDS: 900,
  JOURNAL_INSIGHT_RATE_LIMIT_MAX: 2,
  JOURNAL_INSIGHT_RATE_LIMIT_WINDOW_SECONDS: 600,
} as GatewayConfig;

const refusalOf = (promise: Promise<unknown>) =>
  promise.then(
    () => undefined,
    (error: DomainError) => ({ status: error.status, detail: error.detail, retryAfter: Number(error.headers?.['retry-after']) }),
  );

describe('RateLimits', () => {
  it('gives back a join or an "already a member", and keeps codes that matched no church', async () => {
    const { counters } = memoryCounters();
    const limits = new RateLimits(config, counters);

    for (const status of [200, 409, 401, 503]) await limits.settle(await limits.check('church-join', '10.0.0.1'), status);
    await limits.settle(await limits.check('church-join', '10.0.0.1'), 404);
    await limits.settle(await limits.check('church-join', '10.0.0.1'), 400);
    const refused = await refusalOf(limits.check('church-join', '10.0.0.1'));

    expect(refused).toMatchObject({
      status: 429,
      detail: expect.stringMatching(/^Too many join codes that did not work came from your network\./),
    });
    expect(refused!.retryAfter).toBeGreaterThanOrEqual(1);
    expect(refused!.retryAfter).toBeLessThanOrEqual(900);
    expect(await refusalOf(limits.check('church-join', '10.0.0.2'))).toBeUndefined();
  });

  it('never counts a sign-in that succeeded, so a whole congregation behind one address signs in', async () => {
    const { counters } = memoryCounters();
    const limits = new RateLimits(config, counters);

    // 200: a session or the second step's challenge; 403: a right password whose e-mail is not confirmed yet.
    for (let i = 0; i < 200; i++) await limits.settle(await limits.check('sign-in', '10.0.0.1'), i % 10 === 0 ? 403 : 200);

    expect(await refusalOf(limits.check('sign-in', '10.0.0.1'))).toBeUndefined();
  });

  it('counts failed sign-ins (wrong, invalid, or held back by the account) up to the ceiling, then says when to try again', async () => {
    const { counters } = memoryCounters();
    const limits = new RateLimits(config, counters);
    jest.useFakeTimers({ now: Date.parse('2026-11-29T21:30:00Z'), doNotFake: ['nextTick', 'setImmediate'] });
    try {
      await limits.settle(await limits.check('sign-in', '10.0.0.1'), 401);
      await limits.settle(await limits.check('sign-in', '10.0.0.1'), 200);
      await limits.settle(await limits.check('sign-in', '10.0.0.1'), 429);
      const refused = await refusalOf(limits.check('sign-in', '10.0.0.1'));

      // The 15-minute window began at 21:30:00, so it ends in 900 s.
      expect(refused).toEqual({
        status: 429,
        detail: 'Too many sign-ins from your network have failed. Try again in 15 minutes.',
        retryAfter: 900,
      });
    } finally {
      jest.useRealTimers();
    }
  });

  it('counts invalid sign-in requests too, and the second step in a bucket of its own', async () => {
    const { counters } = memoryCounters();
    const limits = new RateLimits(config, counters);

    for (const status of [400, 400]) await limits.settle(await limits.check('sign-in', '10.0.0.1'), status);

    expect(await refusalOf(limits.check('sign-in', '10.0.0.1'))).toMatchObject({ status: 429 });
    expect(await refusalOf(limits.check('two-factor', '10.0.0.1'))).toBeUndefined();
    expect(await refusalOf(limits.check('sign-in', '10.0.0.2'))).toBeUndefined();
  });

  it('counts every sign-up and recovery request, whatever its answer, each in its own bucket', async () => {
    const { counters } = memoryCounters();
    const limits = new RateLimits(config, counters);

    for (const status of [201, 201]) await limits.settle(await limits.check('sign-up', '10.0.0.1'), status);

    expect(await refusalOf(limits.check('sign-up', '10.0.0.1'))).toMatchObject({
      status: 429,
      detail: expect.stringMatching(/^Too many accounts were asked for from your network\. Try again in \d+ (minute|second)s?\.$/),
    });
    expect(await refusalOf(limits.check('recover', '10.0.0.1'))).toBeUndefined();
  });

  it('counts a client by its IPv6 /64, whichever address of it a request comes from', async () => {
    const { counters } = memoryCounters();
    const limits = new RateLimits(config, counters);

    await limits.check('sign-up', '2001:db8:1:2::1');
    await limits.check('sign-up', '2001:db8:1:2:aaaa:bbbb:cccc:dddd');

    expect(await refusalOf(limits.check('sign-up', '2001:db8:1:2::ffff'))).toMatchObject({ status: 429 });
    expect(await refusalOf(limits.check('sign-up', '2001:db8:1:3::1'))).toBeUndefined();
  });

  it('counts an IPv4-mapped IPv6 address as the IPv4 client it is', async () => {
    const { counters } = memoryCounters();
    const limits = new RateLimits(config, counters);

    await limits.check('sign-up', '::ffff:10.0.0.9');
    await limits.check('sign-up', '10.0.0.9');

    expect(await refusalOf(limits.check('sign-up', '::ffff:10.0.0.9'))).toMatchObject({ status: 429 });
  });

  it('counts reflections per member, wherever they ask from; a request without a member counts for no one', async () => {
    const { counters } = memoryCounters();
    const limits = new RateLimits(config, counters);
    const ruth = async () => 'ruth';

    await limits.settle(await limits.check('journal-insight', '10.0.0.1', ruth), 200);
    // An entry that was not found cost the service nothing: given back.
    await limits.settle(await limits.check('journal-insight', '10.0.0.2', ruth), 404);
    await limits.settle(await limits.check('journal-insight', '10.0.0.3', ruth), 200);
    // A forged or missing token (the service answers 401) never spends a member's window.
    for (let i = 0; i < 5; i++) expect(await limits.check('journal-insight', '10.0.0.1')).toBeUndefined();

    expect(await refusalOf(limits.check('journal-insight', '10.0.0.4', ruth))).toMatchObject({
      status: 429,
      detail: expect.stringMatching(/^You have asked for many reflections in a short time\. Try again in \d+ (minute|second)s?\.$/),
    });
    expect(await refusalOf(limits.check('journal-insight', '10.0.0.1', async () => 'naomi'))).toBeUndefined();
  });

  it('refuses (503) a limit it does not have rather than forward the request unlimited', async () => {
    const limits = new RateLimits(config, memoryCounters().counters);

    expect(await refusalOf(limits.check('journal-insights', '10.0.0.1'))).toMatchObject({ status: 503 });
  });
});
