import type { EventPayload, EventTypesOf, HabitFrequency } from '@abide/contracts';
import { addDays, weekStartOf, type LocalDate } from '@abide/calendar';
import { checkInsOfMarks, type CheckInMarks, noMarks, setMark } from './check-in-marks';
import type { HabitTrack } from './habit-calendar';
import { habitStreakOn, summarizeStreak, summaryHolds, type HabitStreak, type StreakSummary } from './streak';

/**
 * Everything the Habits page (and the figures on My Plan) need of one member's habits, kept as one document keyed by
 * the member: the habits with their pauses and skips, and every check-in as date → completed. The page then costs
 * one keyed read however many members and check-ins the service holds. Several streams (one per habit) feed one
 * board, so it remembers the last version applied per habit to stay idempotent.
 */
export interface BoardHabit {
  id: string;
  name: string;
  description: string;
  category: string;
  frequency: HabitFrequency;
  reminderTime: string | null;
  isActive: boolean;
  archived: boolean;
  createdOn: string;
  createdAt: string;
  pauses: Array<{ from: string; until: string }>;
  pausedSince: string | null;
  skipDates: string[];
  /** Each day's check-in, or its undoing (which the figures still count as a day looked at), a character a day. */
  checkIns: CheckInMarks;
  /** Runs up to a settled day, kept as events apply, so a streak is read without walking the whole history. */
  streak?: StreakSummary | null;
}

export interface HabitBoard {
  habits: BoardHabit[];
  /** Habit id → the version of its stream last applied here. */
  versions: Record<string, number>;
  /** The member's rest days (they decide which missed days break a streak). */
  restDays?: number[];
  /** The member's time zone (what "today" is for them), once their onboarding or settings named one. */
  timeZone?: string;
  /** The version of the member's own stream last applied here (rest days, time zone). */
  memberVersion?: number;
}

export const emptyBoard = (): HabitBoard => ({ habits: [], versions: {}, restDays: [], memberVersion: 0 });

/** The calendar view of a board habit: what streaks, scores and charts read. */
export const boardTrackOf = (habit: BoardHabit, restDays: readonly number[], from?: LocalDate): HabitTrack => ({
  frequency: habit.frequency,
  createdOn: habit.createdOn,
  checkIns: checkInsOfMarks(habit.checkIns, from, habit.createdOn),
  pauses: [...habit.pauses, ...(habit.pausedSince ? [{ from: habit.pausedSince, until: null }] : [])],
  restDays,
  skipDates: habit.skipDates,
});

/** Weeks of detail the figures of a day read: the 12-week heat map and trend (consistency and the month need less). */
const FIGURE_WEEKS = 12;

/**
 * A board habit as the figures of `today` read it: its streak from the stored summary when that still holds, and
 * only the check-ins of the 12 weeks the figures show (or back to just after the summary, for a member away longer).
 * Without a usable summary, the whole history.
 */
export const boardHabitOn = (
  habit: BoardHabit,
  restDays: readonly number[],
  today: LocalDate,
): { track: HabitTrack; streak: HabitStreak } => {
  if (!summaryHolds(habit.streak, { frequency: habit.frequency, restDays }, today)) {
    const full = boardTrackOf(habit, restDays);
    return { track: full, streak: habitStreakOn(full, today) };
  }
  const window = addDays(weekStartOf(today), -7 * (FIGURE_WEEKS - 1));
  const afterSummary = weekStartOf(addDays(habit.streak.through, 1));
  const track = boardTrackOf(habit, restDays, afterSummary < window ? afterSummary : window);
  return { track, streak: habitStreakOn(track, today, habit.streak) };
};

const summarize = (habit: BoardHabit, restDays: readonly number[]): void => {
  habit.streak = summarizeStreak(boardTrackOf(habit, restDays));
};

/** The events the board follows: the member's habits, and of the member's own stream their zone and rest days. */
export const habitBoardEventTypes = [
  'formation.habit.created',
  'formation.habit.updated',
  'formation.habit.paused',
  'formation.habit.resumed',
  'formation.habit.archived',
  'formation.habit.skipped',
  'formation.habit.skip-undone',
  'formation.habit.checked-in',
  'formation.habit.check-in-undone',
  // Nothing of it shows on the board; taken so that the board's position in the habit's stream moves past it.
  'formation.habit.time-zone-set',
  'formation.member.rest-days-set',
  'formation.member.onboarded',
  'formation.member.settings-changed',
] as const satisfies ReadonlyArray<EventTypesOf<'formation.habit.' | 'formation.member.'>>;

/** The fields of an event this board reads. */
export type HabitBoardEvent = EventPayload<(typeof habitBoardEventTypes)[number]> & { version: number; occurredAt: string };
type HabitEvent = Extract<HabitBoardEvent, { type: EventTypesOf<'formation.habit.'> }>;
type MemberEvent = Extract<HabitBoardEvent, { type: EventTypesOf<'formation.member.'> }>;

const createdFrom = (event: Extract<HabitBoardEvent, { type: 'formation.habit.created' }>): BoardHabit => {
  const d = event.data;
  return {
    id: d.habitId,
    name: d.name,
    description: d.description,
    category: d.category,
    frequency: d.frequency,
    reminderTime: d.reminderTime ?? null,
    isActive: true,
    archived: false,
    createdOn: d.createdOn,
    createdAt: event.occurredAt,
    pauses: [],
    pausedSince: null,
    skipDates: [],
    checkIns: noMarks(),
  };
};

const createdFirst = (a: BoardHabit, b: BoardHabit): number =>
  a.createdAt !== b.createdAt ? (a.createdAt < b.createdAt ? -1 : 1) : a.id === b.id ? 0 : a.id < b.id ? -1 : 1;

const EDITABLE = ['name', 'description', 'category', 'frequency', 'reminderTime'] as const;

/**
 * Applies one habit event to the board in place. Returns false when it was applied before (its version is not newer
 * than the last one of its habit) or names a habit the board never saw created.
 */
export const applyToBoard = (board: HabitBoard, event: HabitBoardEvent): boolean =>
  isMemberEvent(event) ? applyMember(board, event) : applyHabit(board, event);

const isMemberEvent = (event: HabitBoardEvent): event is MemberEvent => event.type.startsWith('formation.member.');

const applyHabit = (board: HabitBoard, event: HabitEvent): boolean => {
  const id = event.data.habitId;
  if ((board.versions[id] ?? 0) >= event.version) return false;
  if (event.type === 'formation.habit.created') {
    const habit = createdFrom(event);
    summarize(habit, board.restDays ?? []);
    // In creation order whatever order the habits' streams were applied in (each stream is applied on its own).
    board.habits = [...board.habits.filter((h) => h.id !== id), habit].sort(createdFirst);
    board.versions[id] = event.version;
    return true;
  }
  const habit = board.habits.find((h) => h.id === id);
  if (!habit) return false;
  const date = 'date' in event.data ? event.data.date : '';
  switch (event.type) {
    case 'formation.habit.updated': {
      const changes = event.data;
      for (const field of EDITABLE) if (field in changes) Object.assign(habit, { [field]: changes[field] ?? null });
      break;
    }
    case 'formation.habit.paused':
      habit.isActive = false;
      habit.pausedSince = date;
      break;
    case 'formation.habit.resumed':
      // A pause resumed the same day excused nothing; otherwise it excuses its days up to the resume.
      if (habit.pausedSince && habit.pausedSince < date) habit.pauses.push({ from: habit.pausedSince, until: date });
      habit.isActive = true;
      habit.pausedSince = null;
      break;
    case 'formation.habit.archived':
      habit.isActive = false;
      habit.archived = true;
      break;
    case 'formation.habit.skipped':
      if (!habit.skipDates.includes(date)) habit.skipDates.push(date);
      break;
    case 'formation.habit.skip-undone':
      habit.skipDates = habit.skipDates.filter((d) => d !== date);
      break;
    case 'formation.habit.checked-in':
      setMark(habit.checkIns, date, true);
      break;
    case 'formation.habit.check-in-undone':
      setMark(habit.checkIns, date, false);
      break;
    default:
      return false;
  }
  summarize(habit, board.restDays ?? []);
  board.versions[id] = event.version;
  return true;
};

/**
 * What the board keeps of the member's own stream: the time zone (so the page needs no second read for "today") and
 * the rest days, whose change alters which past misses count: every habit's summary is computed again then.
 */
const applyMember = (board: HabitBoard, event: MemberEvent): boolean => {
  if ((board.memberVersion ?? 0) >= event.version) return false;
  if (event.type === 'formation.member.rest-days-set') {
    board.restDays = [...event.data.weekdays];
    for (const habit of board.habits) summarize(habit, board.restDays);
  } else if (typeof event.data.timeZone === 'string') {
    board.timeZone = event.data.timeZone;
  }
  board.memberVersion = event.version;
  return true;
};
