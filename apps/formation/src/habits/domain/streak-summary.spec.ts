import { checkInsOfMarks } from './check-in-marks';
import { addDays, dateRange } from '@abide/calendar';
import { applyToBoard, boardHabitOn, emptyBoard, type HabitBoard, type HabitBoardEvent } from './habit-board';
import type { HabitFrequency } from './habit-calendar';
import { computeHabitStreak } from './streak';

// A small deterministic generator, so a failure names a seed that reproduces it.
const generator = (seed: number) => () => {
  seed = (seed * 1_103_515_245 + 12_345) % 2 ** 31;
  return seed / 2 ** 31;
};

const frequencies: HabitFrequency[] = [{ kind: 'daily' }, { kind: 'weekdays', days: [1, 3, 5] }, { kind: 'weekly', timesPerWeek: 3 }];

// Only the fields the board reads.
const event = (type: string, version: number, data: Record<string, unknown>) =>
  ({ type, version, occurredAt: '2026-01-01T08:00:00.000Z', data: { habitId: 'h1', userId: 'u1', ...data } }) as HabitBoardEvent;

/**
 * A member's year with one habit, as events in the order the board receives them: check-ins (some undone), a pause
 * and its resume, planned skips, and rest days set part-way. The events run up to `lastDay`.
 */
const yearOf = (seed: number, frequency: HabitFrequency, lastDay: string) => {
  const random = generator(seed);
  const createdOn = addDays(lastDay, -300);
  const events: HabitBoardEvent[] = [event('formation.habit.created', 1, { createdOn, frequency, name: 'Prayer', category: 'prayer' })];
  let version = 1;
  let restVersion = 0;
  const keep = 0.5 + random() * 0.45;
  let pausedSince: string | null = null;
  for (const date of dateRange(createdOn, lastDay)) {
    const roll = random();
    if (pausedSince === null && roll < 0.004) {
      pausedSince = date;
      events.push(event('formation.habit.paused', ++version, { date }));
    } else if (pausedSince !== null && roll < 0.1) {
      pausedSince = null;
      events.push(event('formation.habit.resumed', ++version, { date }));
    }
    if (roll > 0.995) events.push(event('formation.habit.skipped', ++version, { date: addDays(date, 2) }));
    if (roll > 0.45 && roll < 0.452) {
      const weekdays = random() < 0.5 ? [] : [Math.floor(random() * 7)];
      events.push({
        type: 'formation.member.rest-days-set',
        version: ++restVersion,
        occurredAt: '',
        data: { userId: 'u1', weekdays } as never,
      });
    }
    if (random() < keep) events.push(event('formation.habit.checked-in', ++version, { date }));
    // Now and then a day of the past week checked in late, or undone.
    if (random() < 0.05) events.push(event('formation.habit.checked-in', ++version, { date: addDays(date, -Math.floor(random() * 7)) }));
    if (random() < 0.03)
      events.push(event('formation.habit.check-in-undone', ++version, { date: addDays(date, -Math.floor(random() * 3)) }));
  }
  return events;
};

const fullHistory = (board: HabitBoard, today: string) => {
  const habit = board.habits[0];
  return computeHabitStreak(
    {
      frequency: habit.frequency,
      createdOn: habit.createdOn,
      checkIns: checkInsOfMarks(habit.checkIns),
      pauses: [...habit.pauses, ...(habit.pausedSince ? [{ from: habit.pausedSince, until: null }] : [])],
      restDays: board.restDays,
      skipDates: habit.skipDates,
    },
    today,
  );
};

describe('streak summaries kept on the board', () => {
  it.each(frequencies.flatMap((frequency) => [1, 2, 3, 4, 5, 6].map((seed) => [frequency.kind, seed, frequency] as const)))(
    '%s habit, seed %d: the streak read from the summary equals the one from the whole history, on every day after',
    (_kind, seed, frequency) => {
      const lastDay = '2026-06-10';
      const board = emptyBoard();
      for (const e of yearOf(seed, frequency, lastDay)) applyToBoard(board, e);
      const habit = board.habits[0];
      expect(habit.streak).toBeTruthy();
      // The member reads the page on the day of their last events, and on each of the 40 days after, checking nothing in.
      for (const today of dateRange(lastDay, addDays(lastDay, 40))) {
        expect({ today, ...boardHabitOn(habit, board.restDays ?? [], today).streak }).toEqual({ today, ...fullHistory(board, today) });
      }
    },
  );

  it('reads only the weeks the figures show once a summary holds, and the whole history when the rest days differ', () => {
    const board = emptyBoard();
    for (const e of yearOf(7, { kind: 'daily' }, '2026-06-10')) applyToBoard(board, e);
    const habit = board.habits[0];
    const recent = boardHabitOn(habit, board.restDays ?? [], '2026-06-11').track.checkIns;
    expect(recent.length).toBeGreaterThan(0);
    expect(recent.every(({ date }) => date >= addDays('2026-06-11', -7 * 12))).toBe(true);

    // The member's rest days changed and the board has not seen it yet: the summary no longer holds.
    const otherRestDays = (board.restDays ?? []).length ? [] : [0];
    const all = boardHabitOn(habit, otherRestDays, '2026-06-11').track.checkIns;
    expect(all.length).toBe(checkInsOfMarks(habit.checkIns).length);
  });

  it('computes every summary again when the rest days change, and ignores a rest-days event already applied', () => {
    const board = emptyBoard();
    applyToBoard(board, event('formation.habit.created', 1, { createdOn: '2026-03-01', frequency: { kind: 'daily' } }));
    // Checked in every day but Sundays (2026-03-01 is a Sunday) for three weeks.
    let version = 1;
    for (const date of dateRange('2026-03-02', '2026-03-21')) {
      if (new Date(`${date}T00:00:00Z`).getUTCDay() !== 0) applyToBoard(board, event('formation.habit.checked-in', ++version, { date }));
    }
    expect(boardHabitOn(board.habits[0], [], '2026-03-22').streak).toMatchObject({ current: 6, longest: 6 });

    const sundays: HabitBoardEvent = {
      type: 'formation.member.rest-days-set',
      version: 1,
      occurredAt: '',
      data: { userId: 'u1', weekdays: [0] },
    };
    expect(applyToBoard(board, sundays)).toBe(true);
    expect(board.habits[0].streak?.restKey).toBe('0');
    expect(boardHabitOn(board.habits[0], [0], '2026-03-22').streak).toMatchObject({ current: 18, longest: 18 });
    expect(applyToBoard(board, sundays)).toBe(false);
  });

  it('does not use a summary reaching today, as after flying west past midnight (the latest check-in is "tomorrow")', () => {
    const board = emptyBoard();
    applyToBoard(board, event('formation.habit.created', 1, { createdOn: '2026-03-01', frequency: { kind: 'daily' } }));
    applyToBoard(board, event('formation.habit.checked-in', 2, { date: '2026-03-02' }));
    applyToBoard(board, event('formation.habit.checked-in', 3, { date: '2026-03-03' }));
    applyToBoard(board, event('formation.habit.checked-in', 4, { date: '2026-03-05' }));
    // In the new zone it is still the 4th: a day still open, which must not break the run of the 2nd and 3rd.
    expect(boardHabitOn(board.habits[0], [], '2026-03-04').streak).toMatchObject({ current: 2, longest: 2 });
  });
});
