import { queues } from '@abide/contracts';
import { awayFromRateWindowEdge, call, eventually, randomClientIp, settled, submission, txt, upload, UserSession } from '@abide/testing';
import { Queue } from 'bullmq';
import { Redis } from 'ioredis';
import { randomUUID } from 'node:crypto';
import { faultEngines, startEngine, stopEngine } from './support/fault-engines';
import { FaultStack } from './support/fault-stack';
import { observe } from './support/observations';

/** A small per-IP limit, so the test sees it enforced again after the restart. */
const LIMIT = 12;
/** The gateway's default window; the sequential sign-ups below (each hashes a password) must fit in one. */
const WINDOW_SECONDS = 300;

const schedulersOf = async (redisUrl: string, prefix: string, queue: string): Promise<string[]> => {
  const connection = new Redis(redisUrl, { maxRetriesPerRequest: null });
  const q = new Queue(queue, { connection, prefix });
  try {
    return (await q.getJobSchedulers()).map((s) => s.key);
  } finally {
    await q.close();
    connection.disconnect();
  }
};

describe('Redis restarted (without persistence, as configured here)', () => {
  let stack: FaultStack;

  beforeAll(async () => {
    stack = await FaultStack.start('redisrestart', { env: { AUTH_RATE_LIMIT_MAX: String(LIMIT) } });
  });

  afterAll(async () => {
    await startEngine('redis');
    await stack?.stop();
  });

  it('refuses new sign-ins with a clear 503 while it is down, keeps members working, then resumes jobs and limits', async () => {
    const member = await UserSession.signUp({ name: 'Priscilla' });
    const bull = `${stack.namespace}:bull`;
    const redisUrl = faultEngines().env.REDIS_URL;
    await eventually(async () => ((await schedulersOf(redisUrl, bull, queues.formationNudgeScan)).length === 1 ? true : undefined));

    await stopEngine('redis');
    const signIn = await call<{ detail: string }>('POST', '/api/auth/sign-in', {
      body: { email: member.email, password: member.password },
    });
    const habits = await member.get('/api/habits');
    // A write without a key is applied; one with a key cannot have its key kept, so it waits (the web app's queue
    // keeps it and sends it again with the same key).
    const unkeyed = await member.post('/api/journal/entries', { content: 'Written while Redis was away.' });
    const key = randomUUID();
    const keyed = () =>
      call('POST', '/api/journal/entries', {
        token: member.token,
        body: { content: 'Sent with its key.' },
        headers: { 'idempotency-key': key },
      });
    const keyedDuring = await keyed();
    const kept = await upload(member, txt('Psalm 46: be still, and know.'), submission({ title: 'Kept through the outage' }));
    const [gateway, library] = await Promise.all([stack.readiness('gateway'), stack.readiness('library')]);

    // The chosen behaviour (README "Health and faults"): limits cannot be counted, so sign-in waits; sessions carry on.
    expect([signIn.status, signIn.headers.get('retry-after'), signIn.body.detail]).toEqual([
      503,
      '30',
      expect.stringMatching(/briefly unavailable/),
    ]);
    expect(habits.status).toBe(200);
    expect(unkeyed.status).toBe(201);
    expect([keyedDuring.status, keyedDuring.headers.get('retry-after')]).toEqual([503, '5']);
    expect([kept.status, kept.body.status]).toEqual([201, 'processing']);
    expect([gateway.httpStatus, gateway.status, gateway.checks['redis:rate-limits']?.status]).toEqual([200, 'degraded', 'failing']);
    expect([library.httpStatus, library.status, library.checks['redis:processing-jobs']?.status]).toEqual([200, 'degraded', 'failing']);

    await startEngine('redis');
    const back = Date.now();
    await eventually(
      async () =>
        (await call('POST', '/api/auth/sign-in', { body: { email: member.email, password: member.password } })).status === 200
          ? true
          : undefined,
      { timeoutMs: 30_000, intervalMs: 250 },
    );
    const signInBackInMs = Date.now() - back;

    // The keyed write sent again once Redis is back is applied once: its repeat is answered from the kept answer. Each
    // service reconnects on its own schedule: formation may answer 503 (nothing applied) a moment after the gateway is back.
    const first = await eventually(
      async () => {
        const res = await keyed();
        return res.status === 503 ? undefined : res;
      },
      { timeoutMs: 30_000, intervalMs: 250 },
    );
    const repeat = await keyed();
    expect([first.status, repeat.status, repeat.headers.get('idempotent-replayed')]).toEqual([201, 201, 'true']);
    const journal = await member.get<{ items: Array<{ content: string }> }>('/api/journal/entries');
    expect(journal.body.items.map((entry) => entry.content).sort()).toEqual(['Sent with its key.', 'Written while Redis was away.']);

    // The limit is counted again: from one address, LIMIT sign-ups pass and the next one is refused.
    await awayFromRateWindowEdge(WINDOW_SECONDS, 60);
    const ip = randomClientIp();
    const statuses: number[] = [];
    for (let i = 0; i <= LIMIT; i++) {
      const res = await call('POST', '/api/auth/sign-up', {
        clientIp: ip,
        body: {
          name: 'Someone',
          email: `limit-${i}-${ip}@test.abide.local`,
          password: 'walk humbly each day',
          codeChallenge: 'x'.repeat(43),
        },
      });
      statuses.push(res.status);
    }
    expect(statuses.at(-1)).toBe(429);
    expect(statuses.slice(0, LIMIT).every((s) => s !== 429 && s < 500)).toBe(true);

    // The upload taken while Redis was away is processed, and the restarted Redis got its schedules back.
    await settled(member, kept.body.id, 'in-review', 90_000);
    const processedInMs = Date.now() - back;
    await eventually(async () => ((await schedulersOf(redisUrl, bull, queues.formationNudgeScan)).length === 1 ? true : undefined), {
      timeoutMs: 30_000,
    });
    await eventually(async () => ((await schedulersOf(redisUrl, bull, queues.formationPlanRollover)).length === 1 ? true : undefined), {
      timeoutMs: 30_000,
    });
    expect(stack.exitCodes()).toEqual({});
    observe('redis-restart', { signInDuring: signIn.status, signInBackInMs, uploadProcessedInMs: processedInMs });
  });
});
