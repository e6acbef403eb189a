/**
 * The session is checked on a 30 s tick and refreshed when 3 ticks or fewer remain before it
 * expires; a refresh that fails on the network or with 502/503/504 is retried after 200 ms × 2^attempt,
 * for at most 30 s. Pure maths, so the timing is tested without clocks.
 */
export const REFRESH_TICK_MS = 30_000;
export const REFRESH_THRESHOLD_TICKS = 3;
export const REFRESH_RETRY_BASE_MS = 200;
export const REFRESH_RETRY_WINDOW_MS = 30_000;

const RETRYABLE_STATUSES: ReadonlySet<number> = new Set([502, 503, 504]);

/** Whole ticks left before the access token expires (negative once it has). */
export function ticksUntilExpiry(expiresAtMs: number, nowMs: number): number {
  return Math.floor((expiresAtMs - nowMs) / REFRESH_TICK_MS);
}

export function shouldRefresh(expiresAtMs: number, nowMs: number): boolean {
  return ticksUntilExpiry(expiresAtMs, nowMs) <= REFRESH_THRESHOLD_TICKS;
}

export function retryDelayMs(attempt: number): number {
  return REFRESH_RETRY_BASE_MS * 2 ** attempt;
}

/**
 * How long to wait before retry number `attempt` (0-based) of a refresh that started at `startedAtMs`,
 * or null when that retry would land outside the 30 s window and the refresh has failed for good.
 */
export function nextRetryDelayMs(attempt: number, startedAtMs: number, nowMs: number): number | null {
  const delay = retryDelayMs(attempt);
  return nowMs + delay - startedAtMs <= REFRESH_RETRY_WINDOW_MS ? delay : null;
}

/** Network failures, timeouts and gateway errors are worth retrying; a 401 means the session is over. */
export function isRetryableRefreshFailure(status: number | string): boolean {
  if (typeof status === 'number') return RETRYABLE_STATUSES.has(status);
  return status === 'FETCH_ERROR' || status === 'TIMEOUT_ERROR';
}
