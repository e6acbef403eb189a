import { dayCount, dayStatusOf } from './day-status';
import { buildHabitCalendar, type HabitTrack } from './habit-calendar';

// 2025-03-12 is a Wednesday; its week runs from Sunday 9 to Saturday 15 March.
const today = '2025-03-12';
const daily = (extra: Partial<HabitTrack> = {}): HabitTrack => ({
  frequency: { kind: 'daily' },
  createdOn: '2025-03-01',
  checkIns: [],
  ...extra,
});
const statusOn = (track: HabitTrack, date: string) => dayStatusOf(buildHabitCalendar(track, today), date);

describe(dayStatusOf.name, () => {
  it('returns due for today before it is done, and done after', () => {
    expect(statusOn(daily(), today)).toBe('due');
    expect(statusOn(daily({ checkIns: [{ date: today }] }), today)).toBe('done');
  });

  it('returns skipped for a skipped day, today or ahead, and done when it was checked in anyway', () => {
    expect(statusOn(daily({ skipDates: [today] }), today)).toBe('skipped');
    expect(statusOn(daily({ skipDates: ['2025-03-14'] }), '2025-03-14')).toBe('skipped');
    expect(statusOn(daily({ skipDates: [today], checkIns: [{ date: today }] }), today)).toBe('done');
  });

  it('returns missed for a past asked day not done, and due again once a check-in is undone today', () => {
    expect(statusOn(daily(), '2025-03-11')).toBe('missed');
    expect(statusOn(daily({ checkIns: [{ date: today }, { date: today, completed: false }] }), today)).toBe('due');
  });

  it('returns excused for rest and paused days, off before the start and on a weekday not asked', () => {
    expect(statusOn(daily({ restDays: [2] }), '2025-03-11')).toBe('excused');
    expect(statusOn(daily({ pauses: [{ from: '2025-03-10', until: null }] }), today)).toBe('excused');
    expect(statusOn(daily(), '2025-02-20')).toBe('off');
    expect(statusOn(daily({ frequency: { kind: 'weekdays', days: [1] } }), today)).toBe('off');
  });

  it('returns due for a weekly habit until its week is met, and missed only for the days of a missed week', () => {
    const weekly = daily({ frequency: { kind: 'weekly' } });
    expect(statusOn(weekly, today)).toBe('due');
    expect(statusOn({ ...weekly, checkIns: [{ date: '2025-03-10' }] }, today)).toBe('off');
    expect(statusOn(weekly, '2025-03-04')).toBe('missed');
  });
});

describe(dayCount.name, () => {
  it('returns done of the habits asked, leaving skipped, excused and not-asked ones out', () => {
    expect(dayCount(['done', 'due', 'skipped', 'excused', 'off'])).toEqual({ done: 1, asked: 2 });
    expect(dayCount(['done', 'missed'])).toEqual({ done: 1, asked: 2 });
  });
});
