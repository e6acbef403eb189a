import type { HabitFrequency as ContractFrequency, EventPayload } from '@abide/contracts';
import type { Decider, NewEvent } from '@abide/event-store';
import { daysBetween, isLocalDate, localDateOf, type LocalDate } from '@abide/calendar';
import { decideCheckIn } from './check-in-window';

/** One habit as its `habit-<id>` stream tells it. */
export interface HabitState {
  exists: boolean;
  userId?: string;
  name?: string;
  description?: string;
  category?: string;
  frequency?: ContractFrequency;
  reminderTime?: string | null;
  isActive: boolean;
  archived: boolean;
  /** Date → the check-in as it stands (a later entry for the same date replaces an earlier one). */
  entries: Map<LocalDate, { completed: boolean; note: string | null }>;
  skipDates: Set<LocalDate>;
}

/** A rule the member broke: the handler answers 400 with `message`. */
export class HabitRuleError extends Error {
  override readonly name = 'HabitRuleError';
  constructor(
    readonly field: string,
    message: string,
  ) {
    super(message);
  }
}
export class HabitNotFound extends Error {
  override readonly name = 'HabitNotFound';
}

export const habitMessages = {
  archived: 'This habit is archived; it can no longer change.',
  skipPast: 'A skip day is planned ahead: choose today or a later date.',
  skipTooFar: 'Plan skip days at most 90 days ahead.',
} as const;
const MAX_SKIP_DAYS_AHEAD = 90;

type HabitEvent = EventPayload;

const initialHabitState = (): HabitState => ({ exists: false, isActive: false, archived: false, entries: new Map(), skipDates: new Set() });

/** One event's effect on the habit's state. */
const evolveHabit = (state: HabitState, e: HabitEvent): HabitState => {
  switch (e.type) {
    case 'formation.habit.created': {
      const data = e.data;
      return {
        ...state,
        exists: true,
        userId: data.userId,
        name: data.name,
        description: data.description,
        category: data.category,
        frequency: data.frequency,
        reminderTime: data.reminderTime,
        isActive: true,
      };
    }
    case 'formation.habit.updated': {
      const { habitId: _h, userId: _u, ...changes } = e.data;
      const changed: Partial<HabitState> = Object.fromEntries(Object.entries(changes).filter(([, v]) => v !== undefined));
      return { ...state, ...changed };
    }
    case 'formation.habit.paused':
      return { ...state, isActive: false };
    case 'formation.habit.resumed':
      return { ...state, isActive: true };
    case 'formation.habit.archived':
      return { ...state, isActive: false, archived: true };
    case 'formation.habit.skipped':
      return { ...state, skipDates: new Set(state.skipDates).add(e.data.date) };
    case 'formation.habit.checked-in':
      return { ...state, entries: new Map(state.entries).set(e.data.date, { completed: true, note: e.data.note ?? null }) };
    case 'formation.habit.check-in-undone':
      return { ...state, entries: new Map(state.entries).set(e.data.date, { completed: false, note: null }) };
    default:
      return state;
  }
};

export const foldHabit = (events: readonly HabitEvent[]): HabitState => events.reduce(evolveHabit, initialHabitState());

/** The habit aggregate for the command runner: its state is kept as a snapshot in the stream head. */
export const habitDecider: Decider<HabitState> = { name: 'habit', initialState: initialHabitState, evolve: evolveHabit };

/** The request's 'daily' / 'weekly' strings are shorthand for the frequency objects. */
export const normaliseFrequency = (frequency: ContractFrequency | 'daily' | 'weekly'): ContractFrequency =>
  typeof frequency === 'string'
    ? { kind: frequency }
    : frequency.kind === 'weekdays'
      ? { kind: 'weekdays', days: [...new Set(frequency.days)].sort((a, b) => a - b) }
      : frequency;

export interface HabitFields {
  name: string;
  description: string;
  category: string;
  frequency: ContractFrequency;
  reminderTime: string | null;
}

const owned = (state: HabitState, userId: string): void => {
  if (!state.exists || state.userId !== userId) throw new HabitNotFound();
};
const changeable = (state: HabitState): void => {
  if (state.archived) throw new HabitRuleError('habit', habitMessages.archived);
};

export const decideCreateHabit = (
  state: HabitState,
  command: { habitId: string; userId: string; fields: HabitFields; now: Date; timeZone: string },
): NewEvent[] => {
  if (state.exists) return [];
  return [
    {
      type: 'formation.habit.created',
      subjectId: command.userId,
      data: {
        habitId: command.habitId,
        userId: command.userId,
        ...command.fields,
        createdOn: localDateOf(command.now, command.timeZone),
        timeZone: command.timeZone,
      },
    },
  ];
};

const same = (a: unknown, b: unknown) => JSON.stringify(a) === JSON.stringify(b);

export const decideUpdateHabit = (
  state: HabitState,
  command: { habitId: string; userId: string; changes: Partial<HabitFields> },
): NewEvent[] => {
  owned(state, command.userId);
  changeable(state);
  const changed = Object.fromEntries(
    Object.entries(command.changes).filter(([key, value]) => value !== undefined && !same(state[key as keyof HabitState], value)),
  );
  if (Object.keys(changed).length === 0) return [];
  return [
    { type: 'formation.habit.updated', subjectId: command.userId, data: { habitId: command.habitId, userId: command.userId, ...changed } },
  ];
};

export type Lifecycle = 'pause' | 'resume' | 'archive';

/** Pausing a paused habit, resuming an active one or archiving twice decides nothing. */
export const decideLifecycle = (
  state: HabitState,
  command: { habitId: string; userId: string; action: Lifecycle; today: LocalDate },
): NewEvent[] => {
  owned(state, command.userId);
  const data = { habitId: command.habitId, userId: command.userId, date: command.today };
  if (command.action === 'archive') return state.archived ? [] : [{ type: 'formation.habit.archived', subjectId: command.userId, data }];
  changeable(state);
  if (command.action === 'pause') return state.isActive ? [{ type: 'formation.habit.paused', subjectId: command.userId, data }] : [];
  return state.isActive ? [] : [{ type: 'formation.habit.resumed', subjectId: command.userId, data }];
};

export interface CheckInCommand {
  habitId: string;
  userId: string;
  completed: boolean;
  date?: string | null;
  note?: string | null;
  now: Date;
  /** The member's zone now: it fixes which day 'today' is, for good. */
  timeZone: string;
}

/**
 * Checks a day in or out: today by default, up to seven days back, never ahead (decideCheckIn). Asking
 * for the state the day is already in decides nothing, except a new note on a completed day.
 */
export const decideHabitCheckIn = (state: HabitState, command: CheckInCommand): { events: NewEvent[]; date: LocalDate } => {
  owned(state, command.userId);
  changeable(state);
  const decision = decideCheckIn({ date: command.date, now: command.now, timeZone: command.timeZone });
  if (!decision.allowed) throw new HabitRuleError('date', decision.message);
  const { date } = decision;
  const current = state.entries.get(date);
  const ids = { habitId: command.habitId, userId: command.userId, date };
  if (command.completed) {
    const note = command.note?.trim() ? command.note.trim() : null;
    if (current?.completed && (note === null || note === current.note)) return { events: [], date };
    return {
      date,
      events: [
        {
          type: 'formation.habit.checked-in',
          subjectId: command.userId,
          data: {
            ...ids,
            completed: true,
            completedAt: command.now.toISOString(),
            timeZone: command.timeZone,
            note: note ?? current?.note ?? null,
          },
        },
      ],
    };
  }
  if (!current?.completed) return { events: [], date };
  return { date, events: [{ type: 'formation.habit.check-in-undone', subjectId: command.userId, data: { ...ids, completed: false } }] };
};

/** A planned skip: today or a day ahead; it excuses that day so the streak neither breaks nor grows. */
export const decideSkipDay = (
  state: HabitState,
  command: { habitId: string; userId: string; date: string; today: LocalDate },
): NewEvent[] => {
  owned(state, command.userId);
  changeable(state);
  if (!isLocalDate(command.date) || command.date < command.today) throw new HabitRuleError('date', habitMessages.skipPast);
  if (daysBetween(command.today, command.date) > MAX_SKIP_DAYS_AHEAD) throw new HabitRuleError('date', habitMessages.skipTooFar);
  if (state.skipDates.has(command.date)) return [];
  return [
    {
      type: 'formation.habit.skipped',
      subjectId: command.userId,
      data: { habitId: command.habitId, userId: command.userId, date: command.date },
    },
  ];
};

/** Fields of habit events erased on account deletion: the member's own words. */
export const HABIT_PERSONAL_FIELDS = ['name', 'description', 'note'] as const;
