/**
 * The session is checked on a 30 s tick and refreshed when 3 ticks or fewer remain before it
 * expires; a refresh that fails on the network or with 502/503/504 is retried after 200 ms × 2^attempt,
 * at most 5 s apart, for as long as it takes: an API that is briefly away never ends a session (only identity's 401
 * does). Pure maths, so the timing is tested without clocks.
 */
export const REFRESH_TICK_MS = 30_000;
export const REFRESH_THRESHOLD_TICKS = 3;
export const REFRESH_RETRY_BASE_MS = 200;
export const REFRESH_RETRY_MAX_DELAY_MS = 5_000;

const RETRYABLE_STATUSES: ReadonlySet<number> = new Set([502, 503, 504]);

/** Whole ticks left before the access token expires (negative once it has). */
export function ticksUntilExpiry(expiresAtMs: number, nowMs: number): number {
  return Math.floor((expiresAtMs - nowMs) / REFRESH_TICK_MS);
}

export function shouldRefresh(expiresAtMs: number, nowMs: number): boolean {
  return ticksUntilExpiry(expiresAtMs, nowMs) <= REFRESH_THRESHOLD_TICKS;
}

export function retryDelayMs(attempt: number): number {
  return Math.min(REFRESH_RETRY_BASE_MS * 2 ** attempt, REFRESH_RETRY_MAX_DELAY_MS);
}

/** Network failures, timeouts and gateway errors are worth retrying; a 401 means the session is over. */
export function isRetryableRefreshFailure(status: number | string): boolean {
  if (typeof status === 'number') return RETRYABLE_STATUSES.has(status);
  return status === 'FETCH_ERROR' || status === 'TIMEOUT_ERROR';
}
