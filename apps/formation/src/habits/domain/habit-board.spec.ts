import { checkInsOfMarks } from './check-in-marks';
import { applyToBoard, emptyBoard, type HabitBoardEvent } from './habit-board';

// Only the fields each test reads: the rest of an event's data does not matter to the board.
const event = (type: string, version: number, data: Record<string, unknown> = {}, habitId = 'h1') =>
  ({
    type: `formation.habit.${type}`,
    version,
    occurredAt: '2026-03-01T08:00:00.000Z',
    data: { habitId, userId: 'u1', ...data },
  }) as HabitBoardEvent;
const created = (habitId = 'h1') =>
  event(
    'created',
    1,
    {
      name: 'Prayer',
      description: '',
      category: 'prayer',
      frequency: { kind: 'daily' },
      reminderTime: null,
      createdOn: '2026-03-01',
      timeZone: 'UTC',
    },
    habitId,
  );

describe('habit board', () => {
  it('keeps check-ins and their undoing per date, and ignores an event it has already applied', () => {
    const board = emptyBoard();
    applyToBoard(board, created());
    expect(applyToBoard(board, event('checked-in', 2, { date: '2026-03-01', completed: true }))).toBe(true);
    expect(applyToBoard(board, event('checked-in', 3, { date: '2026-03-02', completed: true }))).toBe(true);
    expect(applyToBoard(board, event('check-in-undone', 4, { date: '2026-03-02', completed: false }))).toBe(true);
    // A replay of version 3 (catch-up, a crash) must not check the undone day again.
    expect(applyToBoard(board, event('checked-in', 3, { date: '2026-03-02', completed: true }))).toBe(false);
    expect(checkInsOfMarks(board.habits[0].checkIns)).toEqual([
      { date: '2026-03-01', completed: true },
      { date: '2026-03-02', completed: false },
    ]);
  });

  it('follows edits, pauses (a pause resumed later excuses its days), skips and archiving', () => {
    const board = emptyBoard();
    applyToBoard(board, created());
    applyToBoard(board, event('updated', 2, { name: 'Evening prayer', reminderTime: '21:00' }));
    applyToBoard(board, event('paused', 3, { date: '2026-03-03' }));
    expect(board.habits[0]).toMatchObject({ name: 'Evening prayer', reminderTime: '21:00', isActive: false, pausedSince: '2026-03-03' });
    applyToBoard(board, event('resumed', 4, { date: '2026-03-05' }));
    applyToBoard(board, event('skipped', 5, { date: '2026-03-08' }));
    applyToBoard(board, event('skipped', 6, { date: '2026-03-08' }));
    expect(board.habits[0]).toMatchObject({
      isActive: true,
      pausedSince: null,
      pauses: [{ from: '2026-03-03', until: '2026-03-05' }],
      skipDates: ['2026-03-08'],
    });
    applyToBoard(board, event('archived', 7, { date: '2026-03-09' }));
    expect(board.habits[0]).toMatchObject({ isActive: false, archived: true });
  });

  it('keeps each habit’s versions apart, and skips events of a habit it never saw created', () => {
    const board = emptyBoard();
    applyToBoard(board, created('h1'));
    applyToBoard(board, created('h2'));
    expect(applyToBoard(board, event('checked-in', 2, { date: '2026-03-01', completed: true }, 'h2'))).toBe(true);
    expect(applyToBoard(board, event('checked-in', 2, { date: '2026-03-01', completed: true }, 'h1'))).toBe(true);
    expect(applyToBoard(board, event('checked-in', 2, { date: '2026-03-01', completed: true }, 'h3'))).toBe(false);
    expect(board.habits.map((h) => [h.id, checkInsOfMarks(h.checkIns).length])).toEqual([
      ['h1', 1],
      ['h2', 1],
    ]);
  });

  it('keeps the member’s time zone and rest days from their own stream, in its order', () => {
    const board = emptyBoard();
    const member = (type: string, version: number, data: Record<string, unknown>) =>
      ({
        type: `formation.member.${type}`,
        version,
        occurredAt: '2026-03-01T08:00:00.000Z',
        data: { userId: 'u1', ...data },
      }) as HabitBoardEvent;
    expect(board.timeZone).toBeUndefined();
    expect(applyToBoard(board, member('onboarded', 2, { timeZone: 'Europe/London', spiritualGoals: [] }))).toBe(true);
    expect(applyToBoard(board, member('rest-days-set', 3, { weekdays: [0] }))).toBe(true);
    // Settings that leave the zone alone keep it; a later zone replaces it.
    expect(applyToBoard(board, member('settings-changed', 4, { reminderFrequency: 'weekly' }))).toBe(true);
    expect(board.timeZone).toBe('Europe/London');
    expect(applyToBoard(board, member('settings-changed', 5, { timeZone: 'America/Chicago' }))).toBe(true);
    // A replay of an older member event changes nothing.
    expect(applyToBoard(board, member('onboarded', 2, { timeZone: 'Europe/London' }))).toBe(false);
    expect(applyToBoard(board, member('rest-days-set', 3, { weekdays: [0] }))).toBe(false);
    expect({ timeZone: board.timeZone, restDays: board.restDays }).toEqual({ timeZone: 'America/Chicago', restDays: [0] });
  });
});
