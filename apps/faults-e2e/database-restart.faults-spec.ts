import type { Habit, JournalEntry } from '@abide/contracts';
import { eventually, UserSession } from '@abide/testing';
import { startEngine, stopEngine } from './support/fault-engines';
import { FaultStack, SERVICES } from './support/fault-stack';
import { dailyHabit } from './support/flows';
import { observe } from './support/observations';

/** The gateway's default upstream timeout: a request must have its answer well before it. */
const GATEWAY_TIMEOUT_MS = 10_000;

describe('the MongoDB-API server restarted', () => {
  let stack: FaultStack;

  beforeAll(async () => {
    stack = await FaultStack.start('dbrestart');
  });

  afterAll(async () => {
    await startEngine('mongo');
    await stack?.stop();
  });

  it('answers clear 503 problems quickly while it is down, and the services reconnect by themselves', async () => {
    const member = await UserSession.signUp({ name: 'Lois' });
    const habit = (await member.post<Habit>('/api/habits', dailyHabit())).body;
    const before = (await member.post<JournalEntry>('/api/journal/entries', { content: 'Before the storm', mood: 'peaceful' })).body;
    const pids = SERVICES.map((name) => stack.pid(name));

    await stopEngine('mongo');
    const started = Date.now();
    const [read, write, signIn] = await Promise.all([
      member.get<{ code: string; detail: string }>('/api/habits'),
      member.post<{ code: string }>('/api/journal/entries', { content: 'During the storm' }),
      UserSession.signIn(member.email, member.password).catch((error: Error) => error.message),
    ]);
    const answeredInMs = Date.now() - started;
    const readiness = await stack.readiness('formation');

    expect([read.status, read.headers.get('content-type'), read.body.code]).toEqual([
      503,
      expect.stringContaining('application/problem+json'),
      'SERVICE_UNAVAILABLE',
    ]);
    expect(read.headers.get('retry-after')).toBeTruthy();
    expect(read.body.detail).toMatch(/briefly unavailable/);
    expect(write.status).toBe(503);
    expect(signIn).toMatch(/sign-in failed: 503/);
    expect(answeredInMs).toBeLessThan(GATEWAY_TIMEOUT_MS);
    expect([readiness.httpStatus, readiness.checks.mongo]).toEqual([503, expect.objectContaining({ status: 'failing', critical: true })]);

    await startEngine('mongo');
    const back = Date.now();
    await eventually(async () => ((await member.get('/api/habits')).status === 200 ? true : undefined), {
      timeoutMs: 60_000,
      intervalMs: 250,
    });
    const reconnectedInMs = Date.now() - back;
    await stack.waitReady();

    // Nobody restarted them, nothing was lost, and the failed write left nothing behind.
    expect(SERVICES.map((name) => stack.pid(name))).toEqual(pids);
    expect(stack.exitCodes()).toEqual({});
    expect((await member.get<Habit[]>('/api/habits')).body.map((h) => h.id)).toEqual([habit.id]);
    const entries = (await member.get<{ items: JournalEntry[] }>('/api/journal/entries')).body.items;
    expect(entries.map((e) => e.content)).toEqual([before.content]);
    expect((await member.post('/api/journal/entries', { content: 'After the storm' })).status).toBe(201);
    observe('database-restart', { answeredInMs, reconnectedInMs, readinessDuring: readiness.status });
  });
});
