import type { ProblemDetails } from '@abide/contracts';
import type { ApiResponse } from './user-session';

/** A 429 as every limit answers it: problem+json, Retry-After, words that say how long, and the moment it ends. */
export const expectRefusedUntil = (res: ApiResponse<ProblemDetails>, detail: RegExp, maxSeconds: number): void => {
  expect([res.status, res.headers.get('content-type'), res.body.code]).toEqual([
    429,
    expect.stringContaining('application/problem+json'),
    'RATE_LIMITED',
  ]);
  expect(res.body.detail).toMatch(detail);
  const retryAfter = Number(res.headers.get('retry-after'));
  expect(retryAfter).toBeGreaterThanOrEqual(1);
  expect(retryAfter).toBeLessThanOrEqual(maxSeconds);
  // retryAt is the moment Retry-After names, counted from when the answer was sent (its Date header, whole seconds).
  const retryAtMs = Date.parse(res.body.retryAt ?? '');
  const sentMs = Date.parse(res.headers.get('date') ?? '');
  expect(Math.abs(retryAtMs - (sentMs + retryAfter * 1000))).toBeLessThan(2000);
};
