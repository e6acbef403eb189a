import {
  addDays,
  dateRange,
  daysBetween,
  isLocalDate,
  isValidTimeZone,
  localDateAtTheTime,
  localDateOf,
  monthStartOf,
  startOfLocalDay,
  weekdayNameOf,
  weekdayOf,
  weekStartOf,
  dateOf,
  dayNumberOf,
  inWeek,
  localDateOrUtcOf,
  localMinutesOf,
} from './index';

describe(localDateOf.name, () => {
  it('returns the previous day in New York when it is already tomorrow in UTC', () => {
    const sut = localDateOf('2025-03-10T03:30:00Z', 'America/New_York');
    expect(sut).toBe('2025-03-09');
  });

  it('returns the next day in Sydney when it is still evening in UTC', () => {
    expect(localDateOf('2025-06-30T15:00:00Z', 'Australia/Sydney')).toBe('2025-07-01');
  });

  it('returns the right day on both sides of the New York spring-forward (9 March 2025)', () => {
    // 06:59Z is 01:59 EST; 07:00Z is 03:00 EDT: the hour 02:00–03:00 does not exist that night.
    expect(localDateOf('2025-03-09T06:59:00Z', 'America/New_York')).toBe('2025-03-09');
    expect(localDateOf('2025-03-09T07:00:00Z', 'America/New_York')).toBe('2025-03-09');
    expect(localDateOf('2025-03-10T03:59:00Z', 'America/New_York')).toBe('2025-03-09');
    expect(localDateOf('2025-03-10T04:00:00Z', 'America/New_York')).toBe('2025-03-10');
  });

  it('returns the right day on both sides of the New York fall-back (2 November 2025)', () => {
    // Before: UTC-4, so midnight is 04:00Z. After: UTC-5, so the next midnight is 05:00Z.
    expect(localDateOf('2025-11-02T03:59:00Z', 'America/New_York')).toBe('2025-11-01');
    expect(localDateOf('2025-11-02T04:00:00Z', 'America/New_York')).toBe('2025-11-02');
    expect(localDateOf('2025-11-03T04:59:00Z', 'America/New_York')).toBe('2025-11-02');
    expect(localDateOf('2025-11-03T05:00:00Z', 'America/New_York')).toBe('2025-11-03');
  });

  it('returns the London date under British Summer Time (midnight is 23:00 UTC)', () => {
    expect(localDateOf('2025-07-14T22:59:00Z', 'Europe/London')).toBe('2025-07-14');
    expect(localDateOf('2025-07-14T23:00:00Z', 'Europe/London')).toBe('2025-07-15');
    expect(localDateOf('2025-01-14T23:00:00Z', 'Europe/London')).toBe('2025-01-14');
  });

  it('returns the Sydney date across its April fall-back (UTC+11 to UTC+10)', () => {
    expect(localDateOf('2025-04-05T12:59:00Z', 'Australia/Sydney')).toBe('2025-04-05');
    expect(localDateOf('2025-04-05T13:00:00Z', 'Australia/Sydney')).toBe('2025-04-06');
    expect(localDateOf('2025-04-06T13:59:00Z', 'Australia/Sydney')).toBe('2025-04-06');
    expect(localDateOf('2025-04-06T14:00:00Z', 'Australia/Sydney')).toBe('2025-04-07');
  });

  it('throws when the instant is not a date', () => {
    expect(() => localDateOf('yesterday-ish', 'UTC')).toThrow(RangeError);
  });
});

describe(localDateAtTheTime.name, () => {
  it('returns the day in the zone in force at the check-in, whatever zone the member is in now', () => {
    // Checked in at 08:00 in Tokyo on 12 May; back home in Los Angeles the same instant reads 11 May.
    const checkIn = { occurredAt: '2025-05-11T23:00:00Z', timeZone: 'Asia/Tokyo' };
    const sut = localDateAtTheTime(checkIn);
    expect(sut).toBe('2025-05-12');
    expect(localDateOf(checkIn.occurredAt, 'America/Los_Angeles')).toBe('2025-05-11');
  });
});

describe(isValidTimeZone.name, () => {
  it('returns true when the zone is a known IANA zone', () => {
    expect(['UTC', 'Europe/London', 'America/New_York', 'Australia/Sydney'].every(isValidTimeZone)).toBe(true);
  });

  it('returns false when the zone is unknown or empty', () => {
    expect(isValidTimeZone('Mars/Olympus_Mons')).toBe(false);
    expect(isValidTimeZone('')).toBe(false);
  });
});

describe(isLocalDate.name, () => {
  it('returns true when the text is a real calendar date', () => {
    expect(isLocalDate('2024-02-29')).toBe(true);
  });

  it('returns false when the date does not exist or is not YYYY-MM-DD', () => {
    expect(['2025-02-29', '2025-13-01', '2025-1-5', '05/01/2025', '2025-01-01T00:00'].map(isLocalDate)).toEqual([
      false,
      false,
      false,
      false,
      false,
    ]);
  });
});

describe(addDays.name, () => {
  it('returns the next calendar day across the New York spring-forward night', () => {
    expect(addDays('2025-03-08', 1)).toBe('2025-03-09');
    expect(addDays('2025-03-09', 1)).toBe('2025-03-10');
  });

  it('returns whole days across the November fall-back and month and year ends', () => {
    expect(addDays('2025-11-01', 2)).toBe('2025-11-03');
    expect(addDays('2025-12-31', 1)).toBe('2026-01-01');
    expect(addDays('2024-03-01', -1)).toBe('2024-02-29');
  });

  it('throws when the date is malformed', () => {
    expect(() => addDays('2025-02-30', 1)).toThrow(RangeError);
  });
});

describe(daysBetween.name, () => {
  it('returns whole days even when a DST change lies between', () => {
    expect(daysBetween('2025-03-01', '2025-03-31')).toBe(30);
    expect(daysBetween('2025-11-05', '2025-10-30')).toBe(-6);
  });
});

describe(weekdayOf.name, () => {
  it('returns 0 for Sunday and 6 for Saturday', () => {
    expect(weekdayOf('2025-03-09')).toBe(0);
    expect(weekdayOf('2025-03-15')).toBe(6);
    expect(weekdayNameOf('2025-03-12')).toBe('Wednesday');
  });
});

describe(weekStartOf.name, () => {
  it('returns the Sunday of the week', () => {
    expect(weekStartOf('2025-03-12')).toBe('2025-03-09');
    expect(weekStartOf('2025-03-09')).toBe('2025-03-09');
    expect(weekStartOf('2025-03-15')).toBe('2025-03-09');
  });

  it('returns the Monday when weeks start on Monday', () => {
    expect(weekStartOf('2025-03-09', 1)).toBe('2025-03-03');
  });

  it('returns a Sunday in the previous year when the week spans New Year', () => {
    expect(weekStartOf('2026-01-02')).toBe('2025-12-28');
  });
});

describe(monthStartOf.name, () => {
  it('returns the first of the month', () => {
    expect(monthStartOf('2025-02-17')).toBe('2025-02-01');
  });
});

describe(dateRange.name, () => {
  it('returns every day with both ends included', () => {
    expect(dateRange('2025-02-27', '2025-03-02')).toEqual(['2025-02-27', '2025-02-28', '2025-03-01', '2025-03-02']);
  });

  it('returns nothing when the end is before the start', () => {
    expect(dateRange('2025-03-02', '2025-03-01')).toEqual([]);
  });
});

describe(startOfLocalDay.name, () => {
  it('returns local midnight in New York before and after spring-forward', () => {
    expect(startOfLocalDay('2025-03-09', 'America/New_York').toISOString()).toBe('2025-03-09T05:00:00.000Z');
    expect(startOfLocalDay('2025-03-10', 'America/New_York').toISOString()).toBe('2025-03-10T04:00:00.000Z');
  });

  it('returns local midnight in London in summer and in winter', () => {
    expect(startOfLocalDay('2025-07-15', 'Europe/London').toISOString()).toBe('2025-07-14T23:00:00.000Z');
    expect(startOfLocalDay('2025-12-15', 'Europe/London').toISOString()).toBe('2025-12-15T00:00:00.000Z');
  });

  it('returns local midnight in Sydney on the fall-back day', () => {
    expect(startOfLocalDay('2025-04-06', 'Australia/Sydney').toISOString()).toBe('2025-04-05T13:00:00.000Z');
  });

  it('returns the first instant of the day when the zone skips midnight', () => {
    // Santiago moved its clocks from 00:00 to 01:00 on 3 September 2023: the day began at 01:00 -03.
    expect(startOfLocalDay('2023-09-03', 'America/Santiago').toISOString()).toBe('2023-09-03T04:00:00.000Z');
  });
});

describe(dayNumberOf.name, () => {
  it('counts days from 1970-01-01 and back again', () => {
    expect(dayNumberOf('1970-01-02')).toBe(1);
    expect(dayNumberOf('1969-12-31')).toBe(-1);
    expect(dateOf(dayNumberOf('2024-02-29') + 1)).toBe('2024-03-01');
  });
});

describe(inWeek.name, () => {
  it('returns true from the Sunday to the Saturday and false outside', () => {
    expect(['2025-03-08', '2025-03-09', '2025-03-15', '2025-03-16'].map((d) => inWeek(d, '2025-03-09'))).toEqual([
      false,
      true,
      true,
      false,
    ]);
  });
});

describe(localMinutesOf.name, () => {
  it('returns the wall-clock minutes in the zone, summer time included', () => {
    expect(localMinutesOf('2025-07-14T06:30:00Z', 'Europe/London')).toBe(7 * 60 + 30);
    expect(localMinutesOf('2025-01-14T06:30:00Z', 'Europe/London')).toBe(6 * 60 + 30);
  });
});

describe(localDateOrUtcOf.name, () => {
  it("returns UTC's date when the zone is unknown", () => {
    expect(localDateOrUtcOf('2025-03-10T03:30:00Z', 'Nowhere/Atlantis')).toBe('2025-03-10');
    expect(localDateOrUtcOf('2025-03-10T03:30:00Z', 'America/New_York')).toBe('2025-03-09');
  });
});
