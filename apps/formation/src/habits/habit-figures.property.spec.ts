import { Refusal, type Habit } from '@abide/contracts';
import { addDays, dateRange, localDateOf, weekdayOf, weekStartOf, type LocalDate } from '@abide/calendar';
import type { EventStore, NewEvent } from '@abide/event-store';
import fc from 'fast-check';
import type { MemberQueries } from '../members/members.port';
import { applyToBoard, emptyBoard, type HabitBoard, type HabitBoardEvent } from './domain/habit-board';
import { habitDecider, type HabitCommand, type HabitState } from './domain/habit.decider';
import { HEAT_MAP_WEEKS } from './domain/heat-map';
import { HabitQueries } from './habit.queries';
import { HabitWeekQueries } from './habit-week.queries';
import type { HabitBoardProjection } from './projections/habit-board.projection';

/**
 * docs/figures.md, checked on random histories: the figures the Habits page answers (the habit list, the stat cards)
 * and those Analytics answers (heat map, its summary, the weekly trend) agree with each other and with the
 * definitions, computed here again the plain way (walking each day) from the events themselves.
 */

const userId = 'u1';
const zones = ['UTC', 'Pacific/Kiritimati', 'Pacific/Pago_Pago', 'America/New_York', 'Asia/Kolkata', 'Australia/Adelaide'];
const START = Date.parse('2026-01-03T00:00:00Z');
const MINUTE = 60_000;

type Frequency = Habit['frequency'];
type Step =
  | { kind: 'check-in'; habit: number; back: number; completed: boolean }
  | { kind: 'skip'; habit: number; ahead: number }
  | { kind: 'undo-skip'; habit: number; ahead: number }
  | { kind: 'lifecycle'; habit: number; action: 'pause' | 'resume' | 'archive' }
  | { kind: 'rest-days'; weekdays: number[] };

const frequencyArb: fc.Arbitrary<Frequency> = fc.oneof(
  fc.constant({ kind: 'daily' as const }),
  fc.constant({ kind: 'weekly' as const }),
  fc.uniqueArray(fc.integer({ min: 0, max: 6 }), { minLength: 1, maxLength: 6 }).map((days) => ({
    kind: 'weekdays' as const,
    days: [...days].sort((a, b) => a - b),
  })),
);

const stepArb = (habits: number): fc.Arbitrary<Step> => {
  const habit = fc.integer({ min: 0, max: habits - 1 });
  return fc.oneof(
    {
      weight: 8,
      arbitrary: fc.record({
        kind: fc.constant('check-in' as const),
        habit,
        back: fc.integer({ min: 0, max: 7 }),
        completed: fc.boolean(),
      }),
    },
    { weight: 3, arbitrary: fc.record({ kind: fc.constant('skip' as const), habit, ahead: fc.integer({ min: 0, max: 3 }) }) },
    { weight: 2, arbitrary: fc.record({ kind: fc.constant('undo-skip' as const), habit, ahead: fc.integer({ min: 0, max: 3 }) }) },
    {
      weight: 1,
      arbitrary: fc.record({
        kind: fc.constant('lifecycle' as const),
        habit,
        action: fc.constantFrom('pause' as const, 'resume' as const, 'archive' as const),
      }),
    },
    {
      weight: 1,
      arbitrary: fc.record({
        kind: fc.constant('rest-days' as const),
        weekdays: fc.uniqueArray(fc.integer({ min: 0, max: 6 }), { maxLength: 2 }),
      }),
    },
  );
};

/** A member's history: habits created at moments, then steps, each some minutes to days after the one before. */
const historyArb = fc
  .record({
    timeZone: fc.constantFrom(...zones),
    frequencies: fc.array(frequencyArb, { minLength: 1, maxLength: 3 }),
  })
  .chain(({ timeZone, frequencies }) =>
    fc.record({
      timeZone: fc.constant(timeZone),
      frequencies: fc.constant(frequencies),
      createdAfter: fc.array(fc.integer({ min: 0, max: 3 * 24 * 60 }), { minLength: frequencies.length, maxLength: frequencies.length }),
      steps: fc.array(fc.tuple(fc.integer({ min: 0, max: 2 * 24 * 60 }), stepArb(frequencies.length)), { maxLength: 60 }),
      // The moment the pages are read: at, just before or just after a midnight somewhere.
      readAfter: fc.integer({ min: 0, max: 3 * 24 * 60 }),
    }),
  );

type History = typeof historyArb extends fc.Arbitrary<infer T> ? T : never;

interface Replayed {
  board: HabitBoard;
  now: Date;
  events: Array<{ habit: number; event: NewEvent }>;
  restDays: number[];
}

/** Runs the history through the habit decider (refused commands change nothing) and the board, as the service does. */
const replay = (history: History): Replayed => {
  const board = emptyBoard();
  board.timeZone = history.timeZone;
  const states: HabitState[] = history.frequencies.map(() => habitDecider.initialState());
  const versions = history.frequencies.map(() => 0);
  const events: Replayed['events'] = [];
  let restDays: number[] = [];
  let clock = START;
  const run = (habit: number, command: HabitCommand, now: number) => {
    let decided: NewEvent[];
    try {
      decided = habitDecider.decide(command, states[habit]);
    } catch (error) {
      if (error instanceof Refusal) return;
      throw error;
    }
    for (const event of decided) {
      states[habit] = habitDecider.evolve(states[habit], event as Parameters<typeof habitDecider.evolve>[1]);
      versions[habit] += 1;
      events.push({ habit, event });
      const applied = { ...event, version: versions[habit], occurredAt: new Date(now).toISOString() } as unknown as HabitBoardEvent;
      applyToBoard(board, applied);
    }
  };
  history.frequencies.forEach((frequency, i) => {
    clock += history.createdAfter[i] * MINUTE;
    const fields = { name: `Habit ${i}`, description: '', category: 'prayer', frequency, reminderTime: null };
    run(
      i,
      {
        type: 'CreateHabit',
        habitId: `h${i}`,
        userId,
        fields,
        now: new Date(clock),
        zone: { timeZone: history.timeZone, memberVersion: 0 },
      },
      clock,
    );
  });
  let memberVersion = 0;
  for (const [after, step] of history.steps) {
    clock += after * MINUTE;
    const now = new Date(clock);
    const today = localDateOf(now, history.timeZone);
    if (step.kind === 'rest-days') {
      restDays = step.weekdays;
      applyToBoard(board, {
        type: 'formation.member.rest-days-set',
        data: { userId, weekdays: step.weekdays },
        version: ++memberVersion,
        occurredAt: now.toISOString(),
      } as HabitBoardEvent);
      continue;
    }
    const habitId = `h${step.habit}`;
    const command: HabitCommand =
      step.kind === 'check-in'
        ? {
            type: 'CheckInHabit',
            habitId,
            userId,
            completed: step.completed,
            date: addDays(today, -step.back),
            now,
          }
        : step.kind === 'skip'
          ? { type: 'SkipHabitDay', habitId, userId, date: addDays(today, step.ahead), now }
          : step.kind === 'undo-skip'
            ? { type: 'UndoSkipHabitDay', habitId, userId, date: addDays(today, step.ahead), now }
            : { type: 'ChangeHabitLifecycle', habitId, userId, action: step.action, now };
    run(step.habit, command, clock);
  }
  board.memberVersion = memberVersion;
  return { board, now: new Date(clock + history.readAfter * MINUTE), events, restDays };
};

/** The pages' answers, through the same queries the controllers call. */
const pages = async ({ board, now }: Replayed) => {
  const boards = { read: async () => board } as unknown as HabitBoardProjection;
  const members = {} as MemberQueries;
  const queries = new HabitQueries(boards, {} as EventStore, members, () => now);
  // The stat cards as stats/overview answers them (StatsService passes them on as they are).
  const week = await new HabitWeekQueries(queries).thisWeek(userId);
  const stats = { today: week.today, habits: week.cards };
  const list = await queries.list(userId);
  const analytics = await queries.analytics(userId);
  return { stats, list, analytics, queries };
};

/** One habit as its events tell it, read the plain way. */
interface Plain {
  frequency: Frequency;
  createdOn: LocalDate;
  done: Set<LocalDate>;
  skips: Set<LocalDate>;
  pauses: Array<{ from: LocalDate; until: LocalDate | null }>;
  isActive: boolean;
  archived: boolean;
}

const plainHabits = (replayed: Replayed, count: number): Plain[] =>
  Array.from({ length: count }, (_, i) => {
    const plain: Plain = {
      frequency: { kind: 'daily' },
      createdOn: '',
      done: new Set(),
      skips: new Set(),
      pauses: [],
      isActive: true,
      archived: false,
    };
    for (const { habit, event } of replayed.events) {
      if (habit !== i) continue;
      const data = event.data as unknown as { date: LocalDate; createdOn: LocalDate; frequency: Frequency };
      if (event.type === 'formation.habit.created') Object.assign(plain, { createdOn: data.createdOn, frequency: data.frequency });
      if (event.type === 'formation.habit.checked-in') plain.done.add(data.date);
      if (event.type === 'formation.habit.check-in-undone') plain.done.delete(data.date);
      if (event.type === 'formation.habit.skipped') plain.skips.add(data.date);
      if (event.type === 'formation.habit.skip-undone') plain.skips.delete(data.date);
      if (event.type === 'formation.habit.paused')
        if (event.type === 'formation.habit.paused') {
          plain.isActive = false;
          plain.pauses.push({ from: data.date, until: null });
        }
      if (event.type === 'formation.habit.resumed') {
        const open = plain.pauses.at(-1);
        if (open) open.until = data.date;
        plain.isActive = true;
      }
      if (event.type === 'formation.habit.archived') Object.assign(plain, { isActive: false, archived: true });
    }
    return plain;
  });

/** docs/figures.md, "What a day is", written out day by day. */
const plainStatus = (h: Plain, date: LocalDate, today: LocalDate, restDays: number[]): Habit['dayStatus'] => {
  const first = [...h.done].filter((d) => d <= today).reduce((a, b) => (b < a ? b : a), h.createdOn);
  const isDone = date <= today && h.done.has(date);
  const excuse =
    date < first
      ? 'before-start'
      : h.pauses.some((p) => date >= p.from && (p.until === null || date < p.until))
        ? 'paused'
        : h.skips.has(date) && !isDone
          ? 'skipped'
          : restDays.includes(weekdayOf(date))
            ? 'rest-day'
            : null;
  if (date > today) return excuse === 'skipped' ? 'skipped' : 'future';
  if (isDone) return 'done';
  if (excuse === 'skipped') return 'skipped';
  if (excuse === 'before-start') return 'off';
  if (excuse) return 'excused';
  if (h.frequency.kind === 'weekdays' && !h.frequency.days.includes(weekdayOf(date))) return 'off';
  if (h.frequency.kind === 'weekly') {
    const week = weekChance(h, weekStartOf(date), today, restDays);
    if (week && week.done === 0 && addDays(weekStartOf(date), 6) < today) return 'missed';
    return date === today && week?.done === 0 ? 'due' : 'off';
  }
  return date === today ? 'due' : 'missed';
};

/** A weekly habit's week: null when every day of it is excused, else met (1 of 1) or not (0 of 1), once it has begun. */
const weekChance = (h: Plain, weekStart: LocalDate, today: LocalDate, restDays: number[]) => {
  if (weekStart > today) return null;
  const statuses = dateRange(weekStart, addDays(weekStart, 6)).map((d) => ({
    d,
    s: plainStatus({ ...h, frequency: { kind: 'daily' } }, d, addDays(weekStart, 6), restDays),
  }));
  const available = statuses.filter(({ s }) => s !== 'off' && s !== 'excused' && s !== 'skipped');
  if (available.length === 0) return null;
  return { done: available.some(({ d, s }) => s === 'done' && d <= today) ? 1 : 0, scheduled: 1 };
};

/** Chances between two days (today included), the plain way: asked days (or done anyway), or weeks that have begun. */
const plainChances = (h: Plain, from: LocalDate, today: LocalDate, restDays: number[]) => {
  if (h.frequency.kind === 'weekly') {
    let done = 0;
    let scheduled = 0;
    for (let week = weekStartOf(from); week <= today; week = addDays(week, 7)) {
      const chance = weekChance(h, week, today, restDays);
      if (!chance) continue;
      done += chance.done;
      scheduled += chance.scheduled;
    }
    return { done, scheduled };
  }
  const statuses = dateRange(from, today).map((d) => plainStatus(h, d, today, restDays));
  return {
    done: statuses.filter((s) => s === 'done').length,
    scheduled: statuses.filter((s) => ['done', 'due', 'missed'].includes(s)).length,
  };
};

const percent = ({ done, scheduled }: { done: number; scheduled: number }) => (scheduled === 0 ? 0 : Math.round((100 * done) / scheduled));
const sum = (all: Array<{ done: number; scheduled: number }>) =>
  all.reduce((a, b) => ({ done: a.done + b.done, scheduled: a.scheduled + b.scheduled }), { done: 0, scheduled: 0 });

describe('habit figures on random histories', () => {
  it('agree between the Habits page and Analytics, and with docs/figures.md', async () => {
    await fc.assert(
      fc.asyncProperty(historyArb, async (history) => {
        const replayed = replay(history);
        const { stats, list, analytics, queries } = await pages(replayed);
        const today = stats.today;
        expect(today).toBe(localDateOf(replayed.now, history.timeZone));
        const plain = plainHabits(replayed, history.frequencies.length);
        const shown = plain.map((h, i) => ({ h, id: `h${i}` })).filter(({ h }) => !h.archived);
        const restDays = replayed.restDays;

        // The card's day, the heat map's cell and the definition are one status.
        for (const { h, id } of shown) {
          const card = list.find((habit) => habit.id === id);
          const cells = analytics.habits.find((habit) => habit.habitId === id)?.heatMap ?? [];
          expect(card?.dayStatus).toBe(plainStatus(h, today, today, restDays));
          for (const cell of cells) expect([cell.date, cell.status]).toEqual([cell.date, plainStatus(h, cell.date, today, restDays)]);
        }

        // A past day picked in the check-in list reads as its heat-map cell.
        const past = addDays(today, -((history.readAfter % 7) + 1));
        const pastList = await queries.list(userId, past);
        for (const habit of pastList) {
          const cell = analytics.habits.find((a) => a.habitId === habit.id)?.heatMap.find((c) => c.date === past);
          if (cell) expect(habit.dayStatus).toBe(cell.status);
        }

        // Completed Today: done of the active habits asked today; the same count the check-in tab makes from the list.
        const active = list.filter((habit) => habit.isActive && !habit.archived);
        expect(stats.habits.completedToday).toBe(active.filter((habit) => habit.dayStatus === 'done').length);
        expect(stats.habits.dueToday).toBe(active.filter((habit) => ['done', 'due', 'missed'].includes(habit.dayStatus)).length);
        expect(stats.habits.dueToday).toBeLessThanOrEqual(stats.habits.activeHabits);

        // This Week on the Habits page is the trend's last week in Analytics, and both are the definition.
        const thisWeek = analytics.weeklyTrend.at(-1);
        expect(thisWeek?.weekStart).toBe(weekStartOf(today));
        const plainWeek = sum(shown.map(({ h }) => plainChances(h, weekStartOf(today), today, restDays)));
        expect(thisWeek).toMatchObject(plainWeek);
        expect(stats.habits.thisWeekPercent).toBe(percent(plainWeek));
        expect(thisWeek?.percent).toBe(stats.habits.thisWeekPercent);

        // Each heat map's "n of m" is its cells' count (days) and the definition's chances over the 12 weeks.
        const windowStart = addDays(weekStartOf(today), -7 * (HEAT_MAP_WEEKS - 1));
        for (const { h, id } of shown) {
          const { heatMap, summary } = analytics.habits.find((habit) => habit.habitId === id) ?? { heatMap: [], summary: null };
          expect(summary).toMatchObject(plainChances(h, windowStart, today, restDays));
          if (h.frequency.kind !== 'weekly') {
            expect(summary?.done).toBe(heatMap.filter((c) => c.status === 'done').length);
            expect(summary?.scheduled).toBe(heatMap.filter((c) => ['done', 'due', 'missed'].includes(c.status)).length);
          }
        }

        // The trend's weeks add up to the heat maps' chances over the same 12 weeks.
        expect(sum(analytics.weeklyTrend)).toEqual(sum(analytics.habits.map((a) => a.summary)));
      }),
      { numRuns: 80 },
    );
  });
});
