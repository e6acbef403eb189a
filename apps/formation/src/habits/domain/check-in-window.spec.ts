import { checkInMessages, decideCheckIn, decideCheckInDate } from './check-in-window';

describe(decideCheckInDate.name, () => {
  const today = '2025-03-12';

  it('returns allowed when the date is today', () => {
    expect(decideCheckInDate(today, today)).toEqual({ allowed: true, date: today });
  });

  it('returns allowed when the date is exactly seven days back', () => {
    expect(decideCheckInDate('2025-03-05', today).allowed).toBe(true);
  });

  it('returns the last-7-days message when the date is eight days back', () => {
    expect(decideCheckInDate('2025-03-04', today)).toEqual({
      allowed: false,
      reason: 'too-old',
      message: 'You can only check in for the last 7 days.',
    });
  });

  it('returns the future message when the date is tomorrow', () => {
    expect(decideCheckInDate('2025-03-13', today)).toEqual({
      allowed: false,
      reason: 'future',
      message: 'You cannot check in for a future date.',
    });
  });

  it('returns invalid when the date is not a calendar date', () => {
    expect(decideCheckInDate('2025-02-30', today)).toMatchObject({ allowed: false, reason: 'invalid', message: checkInMessages.invalid });
    expect(decideCheckInDate('12/03/2025', today).allowed).toBe(false);
  });

  it('returns allowed across a month boundary within the window', () => {
    expect(decideCheckInDate('2025-02-26', '2025-03-01').allowed).toBe(true);
  });
});

describe(decideCheckIn.name, () => {
  it('returns today in the member zone when no date is given', () => {
    // 03:30 UTC on 10 March is still 9 March in New York.
    const sut = decideCheckIn({ now: new Date('2025-03-10T03:30:00Z'), timeZone: 'America/New_York' });
    expect(sut).toEqual({ allowed: true, date: '2025-03-09' });
  });

  it('returns future for a date that is already today in UTC but still tomorrow for the member', () => {
    const sut = decideCheckIn({ date: '2025-03-10', now: new Date('2025-03-10T03:30:00Z'), timeZone: 'America/New_York' });
    expect(sut).toMatchObject({ allowed: false, reason: 'future' });
  });

  it('returns allowed for a date that is already today in Sydney while UTC is still on yesterday', () => {
    const sut = decideCheckIn({ date: '2025-07-01', now: new Date('2025-06-30T15:00:00Z'), timeZone: 'Australia/Sydney' });
    expect(sut.allowed).toBe(true);
  });
});
