import { retryAtOf, tooManyRequests, tryAgainIn } from './retry-after';

describe('tryAgainIn', () => {
  it('says seconds under a minute, minutes rounded up under two hours, hours beyond', () => {
    expect([1, 45, 59, 60, 61, 150, 900, 7140, 7200, 86_400].map(tryAgainIn)).toEqual([
      'in 1 second',
      'in 45 seconds',
      'in 59 seconds',
      'in 1 minute',
      'in 2 minutes',
      'in 3 minutes',
      'in 15 minutes',
      'in 119 minutes',
      'in 2 hours',
      'in 24 hours',
    ]);
  });
});

describe('retryAtOf', () => {
  it('is the moment the Retry-After seconds end, and nothing for a missing or HTTP-date value', () => {
    const now = Date.parse('2026-11-29T21:40:00.000Z');
    expect(retryAtOf('150', now)).toBe('2026-11-29T21:42:30.000Z');
    expect(retryAtOf(undefined, now)).toBeUndefined();
    expect(retryAtOf('Sun, 29 Nov 2026 21:42:00 GMT', now)).toBeUndefined();
  });
});

describe('tooManyRequests', () => {
  it('is a 429 whose words and Retry-After name the same wait', () => {
    const error = tooManyRequests('Too many failed sign-ins for this account.', 170, ', or reset your password');
    expect([error.status, error.code, error.detail, error.headers]).toEqual([
      429,
      'RATE_LIMITED',
      'Too many failed sign-ins for this account. Try again in 3 minutes, or reset your password.',
      { 'retry-after': '170' },
    ]);
  });
});
