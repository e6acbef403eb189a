import { REFRESH_TICK_MS, isRetryableRefreshFailure, retryDelayMs, shouldRefresh, ticksUntilExpiry } from './session-refresh';

const now = Date.parse('2025-01-01T12:00:00Z');

describe(shouldRefresh.name, () => {
  it('returns false when more than 3 ticks remain', () => {
    expect(shouldRefresh(now + 4 * REFRESH_TICK_MS, now)).toBe(false);
    expect(shouldRefresh(now + 15 * 60_000, now)).toBe(false);
  });

  it('returns true when exactly 3 ticks remain', () => {
    expect(shouldRefresh(now + 3 * REFRESH_TICK_MS, now)).toBe(true);
  });

  it('returns true when less than 4 whole ticks remain', () => {
    expect(shouldRefresh(now + 4 * REFRESH_TICK_MS - 1, now)).toBe(true);
  });

  it('returns true when the token has already expired', () => {
    expect(shouldRefresh(now - 1, now)).toBe(true);
  });
});

describe(ticksUntilExpiry.name, () => {
  it('returns whole 30 s ticks, rounded down', () => {
    expect(ticksUntilExpiry(now + 95_000, now)).toBe(3);
    expect(ticksUntilExpiry(now + 120_000, now)).toBe(4);
  });
});

describe(retryDelayMs.name, () => {
  it('returns 200 ms × 2^attempt, at most 5 s', () => {
    expect([0, 1, 2, 3, 4, 5, 20].map(retryDelayMs)).toEqual([200, 400, 800, 1600, 3200, 5000, 5000]);
  });
});

describe(isRetryableRefreshFailure.name, () => {
  it('returns true for network errors, timeouts and 502/503/504', () => {
    for (const status of ['FETCH_ERROR', 'TIMEOUT_ERROR', 502, 503, 504]) {
      expect(isRetryableRefreshFailure(status)).toBe(true);
    }
  });

  it('returns false when the server said the session is over or the request was wrong', () => {
    for (const status of [400, 401, 403, 429, 500, 'PARSING_ERROR']) {
      expect(isRetryableRefreshFailure(status)).toBe(false);
    }
  });
});
