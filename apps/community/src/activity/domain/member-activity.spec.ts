import { openWeekFigures, weekCounts } from './activity-weeks';
import {
  emptyActivity,
  habitsOf,
  markMemberships,
  membershipIds,
  setFact,
  setHabitField,
} from './member-activity';

const checkIn = (date: string, done: boolean, at = `${date}T08:00:00.000Z`) => ({
  kind: 'check-in' as const,
  habitId: 'h1',
  date,
  done,
  at,
});

describe('a member’s activity', () => {
  it('counts a check-in delivered twice once, and an undo that overtook its check-in still wins', () => {
    const doc = emptyActivity();
    expect(setFact(doc.facts, 'h1:2026-03-02', 2, checkIn('2026-03-02', true))).toBe(true);
    expect(setFact(doc.facts, 'h1:2026-03-02', 2, checkIn('2026-03-02', true))).toBe(false);
    setFact(doc.facts, 'h1:2026-03-03', 4, checkIn('2026-03-03', false));
    setFact(doc.facts, 'h1:2026-03-03', 3, checkIn('2026-03-03', true));

    doc.openWeeks = openWeekFigures(doc.facts);
    expect(weekCounts(doc, '2026-03-01').checkIns).toBe(1);
  });

  it('keeps the newest frequency and status of a habit whatever order they arrive in', () => {
    const doc = emptyActivity();
    setHabitField(doc, 'h1', 'status', 3, 'paused');
    setHabitField(doc, 'h1', 'status', 1, 'active');
    setHabitField(doc, 'h1', 'frequency', 2, { kind: 'weekly' });
    setHabitField(doc, 'h1', 'frequency', 1, { kind: 'daily' });

    expect(habitsOf(new Map([['anna', doc]]), ['anna'])).toEqual([
      { id: 'h1', userId: 'anna', frequency: { kind: 'weekly' }, status: 'paused' },
    ]);
  });

  it('keeps the groups a member is in whatever order their streams’ copies are merged, and none until first kept', () => {
    const doc = emptyActivity();
    expect(membershipIds(doc, 'groups')).toBeNull();
    // An empty copy still says "kept": the member is in no group, no read is needed to know it.
    expect(markMemberships(doc, 'groups', {})).toBe(true);
    expect(membershipIds(doc, 'groups')).toEqual([]);

    // A copy made after the member left g2 merged before an older one that still had them in it.
    markMemberships(doc, 'groups', { g1: { in: true, version: 2 }, g2: { in: false, version: 5 } });
    expect(markMemberships(doc, 'groups', { g1: { in: true, version: 2 }, g2: { in: true, version: 4 } })).toBe(false);
    expect(membershipIds(doc, 'groups')).toEqual(['g1']);
    expect(membershipIds(doc, 'churches')).toBeNull();
  });
});
