import type { EventPayload } from '@abide/contracts';
import { activityLists, activityOf, applyToCalendar, emptyCalendar } from './activity-calendar';

// The fields each test reads; the rest of an event's data does not matter here.
const event = (type: EventPayload['type'], streamId: string, version: number, data: Record<string, string>) =>
  ({ type, streamId, version, data: { userId: 'u1', ...data } }) as EventPayload & { streamId: string; version: number };
const checkIn = (habitId: string, version: number, date: string) =>
  event('formation.habit.checked-in', `habit-${habitId}`, version, { habitId, date });
const undo = (habitId: string, version: number, date: string) =>
  event('formation.habit.check-in-undone', `habit-${habitId}`, version, { habitId, date });
const written = (entryId: string, version: number, localDate: string) =>
  event('formation.journal.entry-written', `journal-${entryId}`, version, { entryId, localDate });
const deleted = (entryId: string, version: number, localDate: string) =>
  event('formation.journal.entry-deleted', `journal-${entryId}`, version, { entryId, localDate });
const completed = (activityId: string, version: number, date: string) =>
  event('formation.plan.activity-completed', 'plan-p1', version, { planId: 'p1', activityId, date });

describe(activityOf.name, () => {
  it('returns what each event records or withdraws, and null for any other event', () => {
    expect(activityOf(completed('a1', 1, '2026-03-02'))).toEqual({
      userId: 'u1',
      date: '2026-03-02',
      source: 'plan',
      ref: 'p1:a1',
      done: true,
    });
    expect(activityOf(deleted('e1', 2, '2026-03-01'))).toEqual({
      userId: 'u1',
      date: '2026-03-01',
      source: 'journal',
      ref: 'e1',
      done: false,
    });
    expect(activityOf(event('formation.habit.created', 'habit-h1', 1, {}))).toBeNull();
  });
});

describe(applyToCalendar.name, () => {
  it('keeps a day active while anything remains on it, each source apart', () => {
    const calendar = emptyCalendar();
    for (const e of [
      checkIn('h1', 2, '2026-03-01'),
      written('e1', 1, '2026-03-01'),
      completed('a1', 3, '2026-03-02'),
      checkIn('h2', 2, '2026-03-03'),
    ]) {
      applyToCalendar(calendar, e);
    }
    applyToCalendar(calendar, undo('h1', 3, '2026-03-01'));
    applyToCalendar(calendar, undo('h2', 3, '2026-03-03'));

    expect(activityLists(calendar)).toEqual({ habitCheckIns: [], planActivities: ['2026-03-02'], journalEntries: ['2026-03-01'] });
    expect(Object.keys(calendar.days).sort()).toEqual(['2026-03-01', '2026-03-02']);
  });

  it('ignores an event of a stream already applied up to its version', () => {
    const calendar = emptyCalendar();
    applyToCalendar(calendar, checkIn('h1', 2, '2026-03-01'));
    applyToCalendar(calendar, undo('h1', 3, '2026-03-01'));

    expect(applyToCalendar(calendar, checkIn('h1', 2, '2026-03-01'))).toBe(false);
    expect(calendar.days).toEqual({});
  });

  it('counts the same thing done twice on a day once', () => {
    const calendar = emptyCalendar();
    applyToCalendar(calendar, written('e1', 1, '2026-03-01'));
    applyToCalendar(calendar, deleted('e1', 2, '2026-03-01'));
    applyToCalendar(calendar, checkIn('h1', 1, '2026-03-05'));
    applyToCalendar(calendar, checkIn('h1', 2, '2026-03-05'));

    expect(calendar.days).toEqual({ '2026-03-05': ['habit|h1'] });
  });
});
