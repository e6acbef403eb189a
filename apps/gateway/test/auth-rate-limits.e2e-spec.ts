import type { ProblemDetails } from '@abide/contracts';
import { awayFromRateWindowEdge, call, newPkcePair, randomClientIp, uniqueEmail } from '@abide/testing';

const LIMIT = 30;
const WINDOW_SECONDS = 300;

const awayFromWindowEdge = () => awayFromRateWindowEdge(WINDOW_SECONDS, 5);

describe('per-IP rate limits on sign-in, sign-up and recovery (gateway, Redis)', () => {
  it('answers 429 RATE_LIMITED with Retry-After to the 31st recovery request of an address within 5 minutes', async () => {
    await awayFromWindowEdge();
    const clientIp = randomClientIp();
    const send = () =>
      call<ProblemDetails>('POST', '/api/auth/recover', {
        clientIp,
        body: { email: uniqueEmail('rl'), codeChallenge: newPkcePair().codeChallenge },
      });

    const allowed = await Promise.all(Array.from({ length: LIMIT }, send));
    const refused = await send();
    const otherAddress = await call('POST', '/api/auth/recover', {
      clientIp: randomClientIp(),
      body: { email: uniqueEmail('rl'), codeChallenge: newPkcePair().codeChallenge },
    });

    expect(allowed.every((r) => r.status === 202)).toBe(true);
    expect(refused.status).toBe(429);
    expect(refused.headers.get('content-type')).toContain('application/problem+json');
    expect(refused.body.code).toBe('RATE_LIMITED');
    const retryAfter = Number(refused.headers.get('retry-after'));
    expect(retryAfter).toBeGreaterThanOrEqual(1);
    expect(retryAfter).toBeLessThanOrEqual(WINDOW_SECONDS);
    expect(otherAddress.status).toBe(202);
  });

  it.each(['sign-in', 'sign-up', 'two-factor/verify'])('limits %s too, counting invalid requests', async (route) => {
    await awayFromWindowEdge();
    const clientIp = randomClientIp();
    const send = () => call('POST', `/api/auth/${route}`, { clientIp, body: {} });

    const allowed = await Promise.all(Array.from({ length: LIMIT }, send));
    const refused = await send();

    expect(allowed.every((r) => r.status === 400)).toBe(true);
    expect(refused.status).toBe(429);
    expect(Number(refused.headers.get('retry-after'))).toBeGreaterThanOrEqual(1);
  });

  it('keeps separate buckets per route', async () => {
    await awayFromWindowEdge();
    const clientIp = randomClientIp();
    await Promise.all(Array.from({ length: LIMIT + 1 }, () => call('POST', '/api/auth/sign-in', { clientIp, body: {} })));

    const recover = await call('POST', '/api/auth/recover', {
      clientIp,
      body: { email: uniqueEmail('rl'), codeChallenge: newPkcePair().codeChallenge },
    });

    expect(recover.status).toBe(202);
  });

  it('does not limit refresh or the token exchange', async () => {
    const clientIp = randomClientIp();

    const results = await Promise.all(Array.from({ length: LIMIT + 5 }, () => call('POST', '/api/auth/refresh', { clientIp })));

    expect(results.every((r) => r.status === 401)).toBe(true);
  });
});
