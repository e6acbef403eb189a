import { backoffDelay } from './backoff';

describe(backoffDelay.name, () => {
  it('returns doubling delays capped at the maximum', () => {
    const options = { initialDelayMs: 100, maxDelayMs: 500 };
    expect([1, 2, 3, 4, 5].map((attempt) => backoffDelay(attempt, options))).toEqual([100, 200, 400, 500, 500]);
  });
});
