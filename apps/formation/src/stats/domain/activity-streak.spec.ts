import { activityStreak, consecutiveDayStreak } from './activity-streak';
import { dateRange, localDateOf } from '@abide/calendar';

const today = '2025-03-12';
const nothing = { habitCheckIns: [], planActivities: [], journalEntries: [] };

describe(consecutiveDayStreak.name, () => {
  it('returns the run ending today when today has activity', () => {
    expect(consecutiveDayStreak(['2025-03-10', '2025-03-11', '2025-03-12'], today)).toEqual({
      current: 3,
      totalDays: 3,
      activeToday: true,
    });
  });

  it('returns the run ending yesterday when today has nothing yet', () => {
    expect(consecutiveDayStreak(['2025-03-10', '2025-03-11'], today)).toMatchObject({ current: 2, activeToday: false });
  });

  it('returns 0 when neither today nor yesterday has activity', () => {
    expect(consecutiveDayStreak(['2025-03-09', '2025-03-10'], today).current).toBe(0);
  });

  it('counts duplicates once and ignores future and malformed dates', () => {
    expect(consecutiveDayStreak(['2025-03-12', '2025-03-12', '2025-03-13', 'soon'], today)).toEqual({
      current: 1,
      totalDays: 1,
      activeToday: true,
    });
  });

  it('returns a run across month ends and the New York DST change', () => {
    expect(consecutiveDayStreak(dateRange('2025-02-27', '2025-03-12'), today).current).toBe(14);
  });
});

describe(activityStreak.name, () => {
  it('returns a streak fed by any mix of habits, plan activities and journal entries', () => {
    const sut = activityStreak(
      { habitCheckIns: ['2025-03-10'], planActivities: ['2025-03-11'], journalEntries: ['2025-03-12', '2025-03-01'] },
      today,
    );
    expect(sut).toEqual({ current: 3, totalDays: 4, activeToday: true });
  });

  it('returns zeros when there is no activity at all', () => {
    expect(activityStreak(nothing, today)).toEqual({ current: 0, totalDays: 0, activeToday: false });
  });

  it('returns the day of each activity in the member zone of the time, so late-night entries count on the right day', () => {
    // A journal entry at 23:30 in New York on 11 March is 03:30 UTC on the 12th.
    const entry = localDateOf('2025-03-12T03:30:00Z', 'America/New_York');
    expect(activityStreak({ ...nothing, habitCheckIns: ['2025-03-10'], journalEntries: [entry] }, today)).toMatchObject({
      current: 2,
      activeToday: false,
    });
  });
});
