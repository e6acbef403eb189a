import {
  applyMembership,
  dashboardWeeks,
  emptyChurchSharing,
  emptyChurchWeek,
  isCounted,
  keptWeeks,
  setMemberWeek,
} from './church-figures';

describe('a church week', () => {
  it('keeps a member only while they count and did something; a repeat changes nothing, an undo lowers the counts', () => {
    const week = emptyChurchWeek();
    expect(setMemberWeek(week, 'anna', { checkIns: 2, planActivities: 0, journalDays: 1 })).toBe(true);
    expect(setMemberWeek(week, 'anna', { checkIns: 2, planActivities: 0, journalDays: 1 })).toBe(false);
    expect(setMemberWeek(week, 'anna', { checkIns: 1, planActivities: 0, journalDays: 1 })).toBe(true);
    expect(week.members.anna).toEqual({ checkIns: 1, planActivities: 0, journalDays: 1 });

    expect(setMemberWeek(week, 'anna', { checkIns: 0, planActivities: 0, journalDays: 0 })).toBe(true);
    expect(week.members).toEqual({});
    expect(setMemberWeek(week, 'ben', null)).toBe(false);
    setMemberWeek(week, 'ben', { checkIns: 0, planActivities: 3, journalDays: 0 });
    expect(setMemberWeek(week, 'ben', null)).toBe(true);
    expect(week.members).toEqual({});
  });
});

describe('who counts', () => {
  it('follows joining, sharing and leaving in stream order: a member who joins does not count until they share with the church', () => {
    const doc = emptyChurchSharing();
    expect(applyMembership(doc, 'anna', 1, { type: 'joined' })).toBe(true);
    expect(applyMembership(doc, 'quiet', 2, { type: 'joined' })).toBe(true);
    expect(isCounted(doc, 'anna')).toBe(false);
    expect(applyMembership(doc, 'anna', 3, { type: 'sharing', shares: true })).toBe(true);
    expect(applyMembership(doc, 'anna', 3, { type: 'sharing', shares: false })).toBe(false);
    expect(isCounted(doc, 'anna')).toBe(true);
    expect(isCounted(doc, 'quiet')).toBe(false);
    expect(isCounted(doc, 'stranger')).toBe(false);

    expect(applyMembership(doc, 'anna', 4, { type: 'unchanged' })).toBe(true);
    expect(applyMembership(doc, 'anna', 5, { type: 'left' })).toBe(true);
    expect(isCounted(doc, 'anna')).toBe(false);
    expect(doc).toEqual({ members: { quiet: false }, version: 5 });
  });

  it('takes a sharing choice only from a member, and a member who comes back starts not sharing', () => {
    const doc = emptyChurchSharing();
    applyMembership(doc, 'stranger', 1, { type: 'sharing', shares: true });
    expect(doc.members).toEqual({});
    applyMembership(doc, 'anna', 2, { type: 'joined' });
    applyMembership(doc, 'anna', 3, { type: 'sharing', shares: true });
    applyMembership(doc, 'anna', 4, { type: 'left' });
    applyMembership(doc, 'anna', 5, { type: 'joined' });
    expect(isCounted(doc, 'anna')).toBe(false);
  });
});

describe('weeks', () => {
  it('shows this week and the 8 before it, oldest first', () => {
    const weeks = dashboardWeeks('2026-03-01');
    expect(weeks).toHaveLength(9);
    expect(weeks[0]).toBe('2026-01-04');
    expect(weeks.at(-1)).toBe('2026-03-01');
  });

  it('keeps every week some church’s dashboard shows, a day either side of UTC', () => {
    // Saturday in UTC: a church a day ahead is already in the week of 2026-03-08.
    expect(keptWeeks('2026-03-07')).toEqual([...dashboardWeeks('2026-03-01'), '2026-03-08']);
    // Sunday in UTC: a church a day behind is still in the week of 2026-02-22.
    expect(keptWeeks('2026-03-08')).toEqual(['2026-01-04', ...dashboardWeeks('2026-03-08')]);
    // Midweek, every zone is in the same week.
    expect(keptWeeks('2026-03-04')).toEqual(dashboardWeeks('2026-03-01'));
  });
});
