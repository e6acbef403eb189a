import type { NewEvent } from '@abide/event-store';
import { checkInMessages } from './check-in-window';
import {
  decideCreateHabit,
  decideHabitCheckIn,
  decideLifecycle,
  decideSkipDay,
  decideUpdateHabit,
  foldHabit,
  HabitNotFound,
  HabitRuleError,
  habitMessages,
  normaliseFrequency,
} from './habit.decider';

const now = new Date('2026-03-10T15:00:00Z');
const fields = { name: 'Morning prayer', description: '', category: 'prayer', frequency: { kind: 'daily' as const }, reminderTime: '07:00' };
const created = decideCreateHabit(foldHabit([]), { habitId: 'h1', userId: 'u1', fields, now, timeZone: 'Asia/Tokyo' });
const checkIn = (history: NewEvent[], over: Partial<Parameters<typeof decideHabitCheckIn>[1]> = {}) =>
  decideHabitCheckIn(foldHabit(history), { habitId: 'h1', userId: 'u1', completed: true, now, timeZone: 'Asia/Tokyo', ...over });

describe('habit decider', () => {
  it('returns a created event dated in the member’s zone', () => {
    expect(created[0].data).toMatchObject({ createdOn: '2026-03-11', timeZone: 'Asia/Tokyo', reminderTime: '07:00' });
  });

  it('returns a check-in for today in the member’s zone when no date is given', () => {
    const sut = checkIn(created);
    expect(sut.date).toBe('2026-03-11');
    expect(sut.events[0]).toMatchObject({ type: 'formation.habit.checked-in', data: { date: '2026-03-11', completed: true } });
  });

  it('returns an undo when a completed day is toggled off, and nothing when toggled off again', () => {
    const done = checkIn(created).events;
    const sut = checkIn([...created, ...done], { completed: false });
    expect(sut.events[0].type).toBe('formation.habit.check-in-undone');
    expect(checkIn([...created, ...done, ...sut.events], { completed: false }).events).toEqual([]);
  });

  it('throws the window’s message for a date 8 days back or in the future', () => {
    expect(() => checkIn(created, { date: '2026-03-03' })).toThrow(new HabitRuleError('date', checkInMessages.tooOld));
    expect(() => checkIn(created, { date: '2026-03-12' })).toThrow(checkInMessages.future);
    expect(checkIn(created, { date: '2026-03-04' }).events).toHaveLength(1);
  });

  it('throws not found for another member’s habit', () => {
    expect(() => checkIn(created, { userId: 'u2' })).toThrow(HabitNotFound);
    expect(() => decideUpdateHabit(foldHabit(created), { habitId: 'h1', userId: 'u2', changes: { name: 'x' } })).toThrow(HabitNotFound);
  });

  it('keeps a note and returns a new event only when the note changes', () => {
    const first = checkIn(created, { note: 'Psalm 23' }).events;
    expect(first[0].data).toMatchObject({ note: 'Psalm 23' });
    expect(checkIn([...created, ...first], { note: 'Psalm 23' }).events).toEqual([]);
    expect(checkIn([...created, ...first]).events).toEqual([]);
  });

  it('returns only changed fields on update', () => {
    const sut = decideUpdateHabit(foldHabit(created), { habitId: 'h1', userId: 'u1', changes: { name: 'Morning prayer', reminderTime: null } });
    expect(sut[0].data).toEqual({ habitId: 'h1', userId: 'u1', reminderTime: null });
  });

  it('returns lifecycle events only when they change something, and refuses changes once archived', () => {
    const paused = decideLifecycle(foldHabit(created), { habitId: 'h1', userId: 'u1', action: 'pause', today: '2026-03-11' });
    expect(paused[0].type).toBe('formation.habit.paused');
    expect(decideLifecycle(foldHabit([...created, ...paused]), { habitId: 'h1', userId: 'u1', action: 'pause', today: '2026-03-11' })).toEqual([]);
    const archived = decideLifecycle(foldHabit(created), { habitId: 'h1', userId: 'u1', action: 'archive', today: '2026-03-11' });
    expect(() => checkIn([...created, ...archived])).toThrow(habitMessages.archived);
  });

  it('returns a skip for today or later only', () => {
    expect(decideSkipDay(foldHabit(created), { habitId: 'h1', userId: 'u1', date: '2026-03-14', today: '2026-03-11' })).toHaveLength(1);
    expect(() => decideSkipDay(foldHabit(created), { habitId: 'h1', userId: 'u1', date: '2026-03-10', today: '2026-03-11' })).toThrow(habitMessages.skipPast);
  });

  it('normalises the frequency shorthands', () => {
    expect(normaliseFrequency('weekly')).toEqual({ kind: 'weekly' });
    expect(normaliseFrequency({ kind: 'weekdays', days: [5, 1, 1] })).toEqual({ kind: 'weekdays', days: [1, 5] });
  });
});
