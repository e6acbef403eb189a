import type { ProblemDetails, SessionResponse } from '@abide/contracts';
import {
  awayFromRateWindowEdge,
  call,
  expectRefusedUntil,
  newPkcePair,
  randomClientIp,
  uniqueEmail,
  UserSession,
} from '@abide/testing';

/**
 * Failed sign-ins per network: the e2e stack's ceiling (TEST_SIGN_IN_FAILURES_PER_NETWORK in tools/stack/services.mjs),
 * lower than production's 300 so that a congregation larger than the ceiling takes 30 sign-ups, not 300. Sign-ups per
 * network: the gateway's default (env.schema.ts; docs/api.md "Limits").
 */
const FAILURES_PER_NETWORK = 40;
const REQUESTS_PER_NETWORK = 300;
const WINDOW_SECONDS = 900;
/** Identity's defaults: wrong passwords an account may have before it is held back, reset links per address. */
const ACCOUNT_FAILURES = 5;
const RESETS_PER_EMAIL = 3;

/** Runs `task` for each item, `width` at a time (sign-ups are argon2 hashes: the machine is shared). */
const inBatches = async <T, R>(items: T[], width: number, task: (item: T) => Promise<R>): Promise<R[]> => {
  const results: R[] = [];
  for (let i = 0; i < items.length; i += width) results.push(...(await Promise.all(items.slice(i, i + width).map(task))));
  return results;
};

/** How many answers had each status, e.g. { 200: 199, 401: 1 }: a failing count names every other answer. */
const statusCounts = (answers: Array<{ status: number }>): Record<number, number> =>
  answers.reduce<Record<number, number>>((counts, { status }) => ({ ...counts, [status]: (counts[status] ?? 0) + 1 }), {});

const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * A confirmed member, signed up through the API. The shared machine can keep identity past the gateway's timeout
 * while it hashes a batch of passwords: a sign-up answered 503/504 is tried again with a fresh address.
 */
const signedUp = async (attempt = 1): Promise<UserSession> => {
  try {
    return await UserSession.signUp({ mailTimeoutMs: 60_000 });
  } catch (error) {
    if (attempt >= 3 || !/sign-up failed: 50[34]/.test(String(error))) throw error;
    await pause(2000);
    return signedUp(attempt + 1);
  }
};

const signIn = (clientIp: string, email: string, password: string, headers?: Record<string, string>) =>
  call<SessionResponse & ProblemDetails>('POST', '/api/auth/sign-in', { clientIp, body: { email, password }, headers });

describe('sign-in limits follow the account, with a per-network ceiling on failures (gateway + identity, Redis)', () => {
  it('lets a congregation larger than the ceiling sign in from one network at once, while wrong passwords for one account are held back', async () => {
    // The congregation signed up on their own devices, over the weeks before. If a successful sign-in were counted, the
    // room (30) and the guesses (15) would pass the network's ceiling of failures (40) and someone would be refused.
    const congregation = 30;
    const guessCount = 15;
    expect(congregation + guessCount).toBeGreaterThan(FAILURES_PER_NETWORK);
    const members = await inBatches(Array.from({ length: congregation + 1 }, (_, i) => i), 10, () => signedUp());
    const target = members[0];
    await awayFromRateWindowEdge(WINDOW_SECONDS, 90);
    const churchWifi = randomClientIp();

    // The room signs in within seconds of the pastor asking, five at a time (each counted until it is answered, so five
    // at a time keeps the successes in flight far below the ceiling on a slow machine); someone on the same Wi-Fi sends
    // guesses at one account all at once, in the middle of it.
    const started = Date.now();
    // A 503 is the shared test machine keeping identity's engines waiting, not a limit: that person presses Sign In
    // again after a second, as anyone would, and every answer either of them got is kept.
    const signInOnce = async (member: UserSession) => {
      const first = await signIn(churchWifi, member.email, member.password);
      if (first.status !== 503) return [first];
      await pause(1000);
      return [first, await signIn(churchWifi, member.email, member.password)];
    };
    const room = members.slice(1);
    const firstHalf = await inBatches(room.slice(0, congregation / 2), 5, signInOnce);
    const [guesses, secondHalf] = await Promise.all([
      Promise.all(Array.from({ length: guessCount }, (_, i) => signIn(churchWifi, target.email, `not the password ${i}`))),
      inBatches(room.slice(congregation / 2), 5, signInOnce),
    ]);
    const answers = [...firstHalf, ...secondHalf];
    const elapsedMs = Date.now() - started;

    // Nobody is held back by a limit, and everyone is signed in within the minute.
    expect(answers.flat().filter((r) => r.status === 429).length).toBe(0);
    expect(statusCounts(answers.map((tries) => tries[tries.length - 1]))).toEqual({ 200: congregation });
    expect(elapsedMs).toBeLessThan(60_000);
    // The account's back-off reserves each guess before it is judged: never more than its allowance, sent at once.
    expect(statusCounts(guesses)).toEqual({ 401: ACCOUNT_FAILURES, 429: guessCount - ACCOUNT_FAILURES });
    const held = guesses.filter((r) => r.status === 429);
    for (const res of held) {
      expectRefusedUntil(res, /^Too many failed sign-ins for this account\. Try again in \d+ (seconds?|minutes?), or reset your password\.$/, 900);
    }

    // The account waits even with its right password; the rest of the network does not.
    expectRefusedUntil(await signIn(churchWifi, target.email, target.password), /for this account/, 900);
    expect((await signIn(churchWifi, members[1].email, members[1].password)).status).toBe(200);
  }, 600_000);

  it('holds a network at its ceiling of failed sign-ins, exactly, even for a burst sent at once', async () => {
    await awayFromRateWindowEdge(WINDOW_SECONDS, 60);
    const network = randomClientIp();
    // A credential-stuffing run: different addresses, one guess each (identity's per-account back-off never sees a second).
    const stuffed = await inBatches(Array.from({ length: 10 }, () => uniqueEmail('stuffed')), 10, (email) => signIn(network, email, 'password123'));
    expect(stuffed.every((r) => r.status === 401)).toBe(true);

    // Invalid requests are failures too (and cost identity nothing to judge): up to 15 short of the ceiling, then 30
    // at once, which only the counter in Redis can split exactly.
    const invalid = () => call<ProblemDetails>('POST', '/api/auth/sign-in', { clientIp: network, body: {} });
    const below = await inBatches(Array.from({ length: FAILURES_PER_NETWORK - stuffed.length - 15 }), 30, invalid);
    const burst = await Promise.all(Array.from({ length: 30 }, invalid));

    expect(statusCounts(below)).toEqual({ 400: FAILURES_PER_NETWORK - stuffed.length - 15 });
    expect(statusCounts(burst)).toEqual({ 400: 15, 429: 15 });
    const refused = burst.filter((r) => r.status === 429);
    expectRefusedUntil(refused[0], /^Too many sign-ins from your network have failed\. Try again in \d+ (seconds?|minutes?)\.$/, WINDOW_SECONDS);
    expect((await call('POST', '/api/auth/sign-in', { clientIp: randomClientIp(), body: {} })).status).toBe(400);
  }, 180_000);

  it('believes X-Forwarded-For only from the trusted proxy: a forged first hop neither escapes the ceiling nor spends another network', async () => {
    await awayFromRateWindowEdge(WINDOW_SECONDS, 60);
    const attacker = randomClientIp();
    const victim = randomClientIp();
    // The test is the trusted proxy (loopback): it appends the address it saw, after whatever the client claimed.
    const forged = (claimed: string) =>
      call<ProblemDetails>('POST', '/api/auth/sign-in', { body: {}, headers: { 'x-forwarded-for': `${claimed}, ${attacker}` } });

    const below = await inBatches(Array.from({ length: FAILURES_PER_NETWORK - 15 }, (_, i) => i), 30, (i) => forged(i % 2 ? victim : randomClientIp()));
    const burst = await Promise.all(Array.from({ length: 30 }, (_, i) => forged(i % 2 ? victim : randomClientIp())));

    expect(statusCounts(below)).toEqual({ 400: FAILURES_PER_NETWORK - 15 });
    expect(statusCounts(burst)).toEqual({ 400: 15, 429: 15 });
    // The victim's network was named in half of those requests and was charged for none of them.
    expect((await call('POST', '/api/auth/sign-in', { clientIp: victim, body: {} })).status).toBe(400);
  }, 180_000);

  it('limits reset links per e-mail address, whichever network asks, and says when to ask again', async () => {
    const email = uniqueEmail('reset');
    const ask = (address: string) =>
      call<ProblemDetails>('POST', '/api/auth/recover', {
        clientIp: randomClientIp(),
        body: { email: address, codeChallenge: newPkcePair().codeChallenge },
      });

    const asked = await Promise.all(Array.from({ length: RESETS_PER_EMAIL + 3 }, () => ask(email)));

    expect(asked.filter((r) => r.status === 202).length).toBe(RESETS_PER_EMAIL);
    const refused = asked.filter((r) => r.status === 429);
    expect(refused.length).toBe(3);
    expectRefusedUntil(refused[0], /^We already sent several reset links to this address\. .* Try again in \d+ (seconds?|minutes?)\.$/, 900);
    expect((await ask(uniqueEmail('reset'))).status).toBe(202);
  });

  it('counts every sign-up of a network, up to a ceiling a congregation does not reach', async () => {
    await awayFromRateWindowEdge(WINDOW_SECONDS, 60);
    const clientIp = randomClientIp();
    const send = () => call<ProblemDetails>('POST', '/api/auth/sign-up', { clientIp, body: {} });

    const allowed = await inBatches(Array.from({ length: REQUESTS_PER_NETWORK }), 30, send);
    const refused = await send();

    expect(statusCounts(allowed)).toEqual({ 400: REQUESTS_PER_NETWORK });
    expectRefusedUntil(refused, /^Too many accounts were asked for from your network\. Try again in \d+ (seconds?|minutes?)\.$/, WINDOW_SECONDS);
  }, 180_000);

  it('does not limit refresh or the token exchange', async () => {
    const clientIp = randomClientIp();

    const results = await Promise.all(Array.from({ length: 50 }, () => call('POST', '/api/auth/refresh', { clientIp })));

    expect(results.every((r) => r.status === 401)).toBe(true);
  });
});
