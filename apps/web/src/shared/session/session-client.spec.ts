import type { SessionResponse } from '@abide/contracts';
import { refreshWithRetry, type RefreshAttempt } from './session-client';

const session: SessionResponse = {
  accessToken: 'token-2',
  expiresAt: '2025-01-01T12:15:00.000Z',
  aal: 'aal1',
  user: {
    id: 'u1',
    email: 'ruth@example.com',
    name: 'Ruth',
    roles: ['user'],
    onboardingCompleted: true,
    createdAt: '2025-01-01T00:00:00.000Z',
  },
};

/** A clock whose sleep only moves time forward, and a record of the waits. */
function fakeClock() {
  const clock = { time: 0, waits: [] as number[] };
  return {
    clock,
    now: () => clock.time,
    sleep: async (ms: number) => {
      clock.waits.push(ms);
      clock.time += ms;
    },
  };
}

const answers = (...statuses: Array<number | string>): RefreshAttempt => {
  let call = 0;
  return async () => {
    const status = statuses[Math.min(call++, statuses.length - 1)];
    return { status, body: status === 200 ? session : undefined };
  };
};

describe(refreshWithRetry.name, () => {
  it('returns the new session when the first try succeeds', async () => {
    const { clock, ...sut } = fakeClock();

    await expect(refreshWithRetry(answers(200), sut)).resolves.toEqual({ kind: 'refreshed', session });
    expect(clock.waits).toEqual([]);
  });

  it('returns the session after retrying network and gateway errors with a doubling delay', async () => {
    const { clock, ...sut } = fakeClock();

    const outcome = await refreshWithRetry(answers('FETCH_ERROR', 502, 503, 504, 200), sut);

    expect(outcome).toEqual({ kind: 'refreshed', session });
    expect(clock.waits).toEqual([200, 400, 800, 1600]);
  });

  it('returns no-session without retrying when the server answers 401', async () => {
    const { clock, ...sut } = fakeClock();

    await expect(refreshWithRetry(answers(401), sut)).resolves.toEqual({ kind: 'no-session' });
    expect(clock.waits).toEqual([]);
  });

  it('keeps retrying an API that is away past 30 s, 5 s apart at most, and says so until it answers', async () => {
    const { clock, ...sut } = fakeClock();
    const reachability: boolean[] = [];
    const outage = Array.from({ length: 12 }, () => 503);

    const outcome = await refreshWithRetry(answers(...outage, 'FETCH_ERROR', 200), sut, (reachable) => reachability.push(reachable));

    expect(outcome).toEqual({ kind: 'refreshed', session });
    expect(clock.waits).toEqual([200, 400, 800, 1600, 3200, 5000, 5000, 5000, 5000, 5000, 5000, 5000, 5000]);
    expect(clock.time).toBeGreaterThan(30_000);
    expect(reachability).toEqual([false, true]);
  });

  it('returns no-session only when identity answers 401, even after an outage', async () => {
    const { ...sut } = fakeClock();

    await expect(refreshWithRetry(answers(503, 'TIMEOUT_ERROR', 401), sut, () => undefined)).resolves.toEqual({ kind: 'no-session' });
  });

  it('returns failed without retrying on other errors', async () => {
    const { clock, ...sut } = fakeClock();

    await expect(refreshWithRetry(answers(429), sut)).resolves.toEqual({ kind: 'failed', status: 429 });
    expect(clock.waits).toEqual([]);
  });
});
