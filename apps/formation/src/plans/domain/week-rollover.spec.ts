import { weekRollover } from './week-rollover';

describe(weekRollover.name, () => {
  const planWeekStart = '2025-03-02';

  it('returns no rollover on Saturday evening in the member zone', () => {
    // 03:30 UTC on Sunday 9 March is still Saturday 22:30 in New York.
    const sut = weekRollover({ planWeekStart, now: new Date('2025-03-09T03:30:00Z'), timeZone: 'America/New_York' });
    expect(sut).toMatchObject({ rolledOver: false, currentWeekStart: '2025-03-02', weeksElapsed: 0 });
  });

  it('returns a rollover from Sunday 00:00 local, on the DST change night', () => {
    // New York midnight on 9 March 2025 is 05:00 UTC (still EST; clocks change at 02:00).
    expect(weekRollover({ planWeekStart, now: new Date('2025-03-09T04:59:59Z'), timeZone: 'America/New_York' }).rolledOver).toBe(false);
    const sut = weekRollover({ planWeekStart, now: new Date('2025-03-09T05:00:00Z'), timeZone: 'America/New_York' });
    expect(sut).toMatchObject({ rolledOver: true, currentWeekStart: '2025-03-09', weeksElapsed: 1 });
  });

  it('returns a rollover in Sydney while it is still Saturday in UTC', () => {
    const sut = weekRollover({ planWeekStart, now: new Date('2025-03-08T13:00:00Z'), timeZone: 'Australia/Sydney' });
    expect(sut).toMatchObject({ rolledOver: true, currentWeekStart: '2025-03-09' });
  });

  it('returns the weeks elapsed when the member comes back after a while', () => {
    expect(weekRollover({ planWeekStart, now: new Date('2025-03-26T12:00:00Z'), timeZone: 'Europe/London' })).toMatchObject({
      currentWeekStart: '2025-03-23',
      weeksElapsed: 3,
    });
  });

  it('returns when the next week begins, in UTC, across the London clock change', () => {
    // Next Sunday is 30 March 2025, the day British Summer Time starts at 01:00: midnight is still GMT.
    const sut = weekRollover({ planWeekStart: '2025-03-23', now: new Date('2025-03-26T12:00:00Z'), timeZone: 'Europe/London' });
    expect(sut.nextWeekStartsAt.toISOString()).toBe('2025-03-30T00:00:00.000Z');
    const after = weekRollover({ planWeekStart: '2025-03-30', now: new Date('2025-04-01T12:00:00Z'), timeZone: 'Europe/London' });
    expect(after.nextWeekStartsAt.toISOString()).toBe('2025-04-05T23:00:00.000Z');
  });

  it('returns no rollover for a plan generated ahead for next week', () => {
    expect(weekRollover({ planWeekStart: '2025-03-16', now: new Date('2025-03-12T12:00:00Z'), timeZone: 'UTC' })).toMatchObject({
      rolledOver: false,
      weeksElapsed: 0,
    });
  });
});
