import { lockSchedule, lockSecondsAfter } from './sign-in-backoff';

describe('lockSecondsAfter', () => {
  const policy = { maxFailures: 5, baseSeconds: 30, maxSeconds: 900 };

  it('returns 0 while the failures stay below the threshold', () => {
    expect([1, 2, 3, 4].map((n) => lockSecondsAfter(n, policy))).toEqual([0, 0, 0, 0]);
  });

  it('returns the base lock at the threshold, then doubles it with each further failure', () => {
    expect([5, 6, 7, 8, 9].map((n) => lockSecondsAfter(n, policy))).toEqual([30, 60, 120, 240, 480]);
  });

  it('caps the lock at the maximum, however many failures', () => {
    expect([10, 11, 50, 10_000].map((n) => lockSecondsAfter(n, policy))).toEqual([900, 900, 900, 900]);
  });
});

describe('lockSchedule', () => {
  it('returns every lock length from the threshold up to the first capped one', () => {
    expect(lockSchedule({ maxFailures: 5, baseSeconds: 30, maxSeconds: 900 })).toEqual([30, 60, 120, 240, 480, 900]);
  });

  it('returns one length when the base is the cap already', () => {
    expect(lockSchedule({ maxFailures: 3, baseSeconds: 60, maxSeconds: 60 })).toEqual([60]);
  });
});
