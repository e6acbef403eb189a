import { backoffDelay, jitteredBackoffDelay } from './backoff';

describe(backoffDelay.name, () => {
  it('returns doubling delays capped at the maximum', () => {
    const options = { initialDelayMs: 100, maxDelayMs: 500 };
    expect([1, 2, 3, 4, 5].map((attempt) => backoffDelay(attempt, options))).toEqual([100, 200, 400, 500, 500]);
  });

  it('returns a delay within 20 % of the plain backoff when jittered', () => {
    const options = { initialDelayMs: 1000, maxDelayMs: 8000 };
    expect(jitteredBackoffDelay(2, options, () => 0)).toBe(1600);
    expect(jitteredBackoffDelay(2, options, () => 1)).toBe(2400);
  });
});
