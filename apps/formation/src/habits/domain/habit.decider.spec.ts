import { errorCodes } from '@abide/contracts';
import type { NewEvent } from '@abide/event-store';
import { deciderSpec } from '@abide/event-store/src/testing/decider-specification';
import { checkInMessages } from './check-in-window';
import { type CheckInHabit, habitDecider, type HabitCommand, habitMessages, normaliseFrequency } from './habit.decider';

const { given } = deciderSpec(habitDecider);
const now = new Date('2026-03-10T15:00:00Z');
const ids = { habitId: 'h1', userId: 'u1' };
const fields = {
  name: 'Morning prayer',
  description: '',
  category: 'prayer',
  frequency: { kind: 'daily' as const },
  reminderTime: '07:00',
};
const created: NewEvent[] = [
  {
    type: 'formation.habit.created',
    subjectId: 'u1',
    data: { ...ids, ...fields, createdOn: '2026-03-11', timeZone: 'Asia/Tokyo' },
  },
];
const checkIn = (over: Partial<CheckInHabit> = {}): HabitCommand => ({
  type: 'CheckInHabit',
  ...ids,
  completed: true,
  now,
  ...over,
});
const checkedIn = (date: string, note: string | null = null): NewEvent => ({
  type: 'formation.habit.checked-in',
  subjectId: 'u1',
  data: { ...ids, date, completed: true, completedAt: now.toISOString(), timeZone: 'Asia/Tokyo', note },
});
const undone = (date: string): NewEvent => ({
  type: 'formation.habit.check-in-undone',
  subjectId: 'u1',
  data: { ...ids, date, completed: false },
});
const lifecycle = (action: 'pause' | 'resume' | 'archive'): HabitCommand => ({
  type: 'ChangeHabitLifecycle',
  ...ids,
  action,
  now,
});
const paused: NewEvent = { type: 'formation.habit.paused', subjectId: 'u1', data: { ...ids, date: '2026-03-11' } };
const archived: NewEvent = { type: 'formation.habit.archived', subjectId: 'u1', data: { ...ids, date: '2026-03-11' } };
// `now` is 2026-03-11 in the habit's zone (Tokyo), the 10th in UTC.
const skip = (date: string): HabitCommand => ({ type: 'SkipHabitDay', ...ids, date, now });
const undoSkip = (date: string): HabitCommand => ({ type: 'UndoSkipHabitDay', ...ids, date, now });
const zoneSet = (timeZone: string, memberVersion: number): NewEvent => ({
  type: 'formation.habit.time-zone-set',
  subjectId: 'u1',
  data: { ...ids, timeZone, memberVersion },
});
const setZone = (timeZone: string, memberVersion: number): HabitCommand => ({ type: 'SetHabitTimeZone', ...ids, timeZone, memberVersion });

describe('habit decider', () => {
  it('creates the habit dated in the member’s zone, once', () => {
    const create: HabitCommand = { type: 'CreateHabit', ...ids, fields, now, zone: { timeZone: 'Asia/Tokyo', memberVersion: 0 } };
    given([]).when(create).then(created);
    given(created).when(create).thenNothing();
  });

  it('records with a new habit the version of the member’s stream its zone is of, when the member named one', () => {
    const create: HabitCommand = { type: 'CreateHabit', ...ids, fields, now, zone: { timeZone: 'Asia/Tokyo', memberVersion: 4 } };
    given([])
      .when(create)
      .then([...created, zoneSet('Asia/Tokyo', 4)]);
  });

  it('reckons today in the zone the member moved to, once it reached the habit, whatever order the changes came in', () => {
    // 15:00 UTC on the 10th: the 11th in Tokyo, the 10th in Los Angeles.
    given([...created, zoneSet('America/Los_Angeles', 5)])
      .when(checkIn())
      .thenMatches([{ type: 'formation.habit.checked-in', data: { date: '2026-03-10', timeZone: 'America/Los_Angeles' } }]);
    given([...created, zoneSet('America/Los_Angeles', 5)])
      .when(setZone('America/Los_Angeles', 7))
      .then([zoneSet('America/Los_Angeles', 7)]);
    // An older change arriving late, or the same one again, changes nothing.
    given([...created, zoneSet('America/Los_Angeles', 5)])
      .when(setZone('Europe/Paris', 3))
      .thenNothing();
    given([...created, zoneSet('America/Los_Angeles', 5)])
      .when(setZone('America/Los_Angeles', 5))
      .thenNothing();
    given([...created, archived])
      .when(setZone('America/Los_Angeles', 5))
      .thenNothing();
    given([...created, zoneSet('America/Los_Angeles', 5)])
      .when(skip('2026-03-10'))
      .then([{ type: 'formation.habit.skipped', subjectId: 'u1', data: { ...ids, date: '2026-03-10' } }]);
  });

  it('checks in today in the member’s zone when no date is given', () => {
    given(created)
      .when(checkIn())
      .then([checkedIn('2026-03-11')]);
  });

  it('undoes a completed day toggled off, and does nothing when it is toggled off again', () => {
    given([...created, checkedIn('2026-03-11')])
      .when(checkIn({ completed: false }))
      .then([undone('2026-03-11')]);
    given([...created, checkedIn('2026-03-11'), undone('2026-03-11')])
      .when(checkIn({ completed: false }))
      .thenNothing();
  });

  it('keeps each day as its latest check-in states it (what the day’s entry and the export answer)', () => {
    const events = [...created, checkedIn('2026-03-10'), checkedIn('2026-03-11', 'Psalm 23'), undone('2026-03-10')];
    const state = events.reduce((s, e) => habitDecider.evolve(s, e as never), habitDecider.initialState());
    expect(Object.fromEntries(state.entries)).toEqual({
      '2026-03-10': { completed: false, completedAt: null, note: null },
      '2026-03-11': { completed: true, completedAt: now.toISOString(), note: 'Psalm 23' },
    });
  });

  it('refuses a date 8 days back or in the future with the window’s message on the date field', () => {
    given(created)
      .when(checkIn({ date: '2026-03-03' }))
      .thenThrows(errorCodes.validationFailed, checkInMessages.tooOld, 'date');
    given(created)
      .when(checkIn({ date: '2026-03-12' }))
      .thenThrows(errorCodes.validationFailed, checkInMessages.future, 'date');
    given(created)
      .when(checkIn({ date: '2026-03-04' }))
      .then([checkedIn('2026-03-04')]);
  });

  it('answers another member’s habit as not found', () => {
    given(created)
      .when(checkIn({ userId: 'u2' }))
      .thenThrows(errorCodes.notFound, habitMessages.notFound);
    given(created)
      .when({ type: 'UpdateHabit', habitId: 'h1', userId: 'u2', changes: { name: 'x' } })
      .thenThrows(errorCodes.notFound, 'This habit was not found.');
    given([]).when(skip('2026-03-12')).thenThrows(errorCodes.notFound);
  });

  it('keeps a note, and checks in again only when the note changes', () => {
    given(created)
      .when(checkIn({ note: ' Psalm 23 ' }))
      .then([checkedIn('2026-03-11', 'Psalm 23')]);
    given([...created, checkedIn('2026-03-11', 'Psalm 23')])
      .when(checkIn({ note: 'Psalm 23' }))
      .thenNothing();
    given([...created, checkedIn('2026-03-11', 'Psalm 23')])
      .when(checkIn())
      .thenNothing();
  });

  it('updates only the fields that changed', () => {
    given(created)
      .when({ type: 'UpdateHabit', ...ids, changes: { name: 'Morning prayer', reminderTime: null } })
      .then([{ type: 'formation.habit.updated', subjectId: 'u1', data: { ...ids, reminderTime: null } }]);
  });

  it('changes the lifecycle only when it changes something, and refuses every change once archived (409)', () => {
    given(created).when(lifecycle('pause')).then([paused]);
    given([...created, paused])
      .when(lifecycle('pause'))
      .thenNothing();
    given(created).when(lifecycle('archive')).then([archived]);
    given([...created, archived])
      .when(lifecycle('archive'))
      .thenNothing();
    given([...created, archived])
      .when(checkIn())
      .thenThrows(errorCodes.conflict, habitMessages.archived);
    given([...created, archived])
      .when(lifecycle('resume'))
      .thenThrows(errorCodes.conflict, habitMessages.archived);
  });

  it('plans a skip for today or a later day up to 90 days ahead', () => {
    given(created)
      .when(skip('2026-03-14'))
      .then([{ type: 'formation.habit.skipped', subjectId: 'u1', data: { ...ids, date: '2026-03-14' } }]);
    given(created).when(skip('2026-03-10')).thenThrows(errorCodes.validationFailed, habitMessages.skipPast, 'date');
    given(created).when(skip('2026-06-10')).thenThrows(errorCodes.validationFailed, habitMessages.skipTooFar, 'date');
  });

  it('takes back a skip of today or a later day, once; a past skip is checked in instead', () => {
    const skipped: NewEvent = { type: 'formation.habit.skipped', subjectId: 'u1', data: { ...ids, date: '2026-03-11' } };
    const skipUndone: NewEvent = { type: 'formation.habit.skip-undone', subjectId: 'u1', data: { ...ids, date: '2026-03-11' } };
    given([...created, skipped])
      .when(undoSkip('2026-03-11'))
      .then([skipUndone]);
    given([...created, skipped, skipUndone])
      .when(undoSkip('2026-03-11'))
      .thenNothing();
    given(created).when(undoSkip('2026-03-11')).thenNothing();
    given([...created, skipped])
      .when(undoSkip('2026-03-10'))
      .thenThrows(errorCodes.validationFailed, habitMessages.unskipPast, 'date');
    given([]).when(undoSkip('2026-03-11')).thenThrows(errorCodes.notFound);
    given([...created, skipped, archived])
      .when(undoSkip('2026-03-11'))
      .thenThrows(errorCodes.conflict, habitMessages.archived);
  });

  it('skips a day again after its skip was taken back', () => {
    const skipped: NewEvent = { type: 'formation.habit.skipped', subjectId: 'u1', data: { ...ids, date: '2026-03-11' } };
    const skipUndone: NewEvent = { type: 'formation.habit.skip-undone', subjectId: 'u1', data: { ...ids, date: '2026-03-11' } };
    given([...created, skipped, skipUndone])
      .when(skip('2026-03-11'))
      .then([skipped]);
  });

  it('refuses to skip a day already checked in (409), so a day is never both', () => {
    given([...created, checkedIn('2026-03-11')])
      .when(skip('2026-03-11'))
      .thenThrows(errorCodes.conflict, habitMessages.skipDone);
    // Checked in, then undone: the day can be skipped.
    given([...created, checkedIn('2026-03-11'), undone('2026-03-11')])
      .when(skip('2026-03-11'))
      .then([{ type: 'formation.habit.skipped', subjectId: 'u1', data: { ...ids, date: '2026-03-11' } }]);
  });

  it('takes the skip back when a skipped day is checked in', () => {
    const skipped: NewEvent = { type: 'formation.habit.skipped', subjectId: 'u1', data: { ...ids, date: '2026-03-11' } };
    given([...created, skipped])
      .when(checkIn())
      .then([{ type: 'formation.habit.skip-undone', subjectId: 'u1', data: { ...ids, date: '2026-03-11' } }, checkedIn('2026-03-11')]);
  });

  it('normalises the frequency shorthands', () => {
    expect(normaliseFrequency('weekly')).toEqual({ kind: 'weekly' });
    expect(normaliseFrequency({ kind: 'weekdays', days: [5, 1, 1] })).toEqual({ kind: 'weekdays', days: [1, 5] });
  });
});
