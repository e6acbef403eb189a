import { errorCodes, Refusal, type HabitFrequency as ContractFrequency, type EventPayload } from '@abide/contracts';
import type { CommandDecider, NewEvent } from '@abide/event-store';
import { daysBetween, isLocalDate, localDateOf, type LocalDate } from '@abide/calendar';
import { decideCheckIn } from './check-in-window';

/** The stream of one habit's events. */
export const habitStreamId = (habitId: string) => `habit-${habitId}`;

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
  /**
   * Date → the check-in as it stands (a later entry for the same date replaces an earlier one): what the day's entry
   * answers (GET /habit-entries, the export), so no document per habit and day is written beside the stream.
   */
  entries: Map<LocalDate, HabitDay>;
  skipDates: Set<LocalDate>;
  /**
   * The member's zone, which fixes what "today" is for every command on the habit: the one it was created in, then the
   * latest `time-zone-set` (the member's zone at `zoneVersion` of their stream). Kept here so that a command decides on
   * the habit's own stream, without reading the member.
   */
  timeZone: string;
  zoneVersion: number;
}

export const habitMessages = {
  notFound: 'This habit was not found.',
  archived: 'This habit is archived; it can no longer change.',
  skipPast: 'A skip day is planned ahead: choose today or a later date.',
  skipTooFar: 'Plan skip days at most 90 days ahead.',
  skipDone: 'This day is already checked in. Undo the check-in first if you want to skip it.',
  unskipPast: 'Only a skip of today or a later day can be undone; check in a past day instead.',
} as const;
const MAX_SKIP_DAYS_AHEAD = 90;

type HabitEvent = EventPayload;

/** One day of a habit as its latest check-in event states it. */
export interface HabitDay {
  completed: boolean;
  /** When the member checked it in (the server's clock), null once undone. */
  completedAt: string | null;
  note: string | null;
}

const initialHabitState = (): HabitState => ({
  exists: false,
  isActive: false,
  archived: false,
  entries: new Map(),
  skipDates: new Set(),
  timeZone: 'UTC',
  zoneVersion: 0,
});

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
        timeZone: data.timeZone,
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
    case 'formation.habit.skip-undone': {
      const skipDates = new Set(state.skipDates);
      skipDates.delete(e.data.date);
      return { ...state, skipDates };
    }
    case 'formation.habit.checked-in':
      return {
        ...state,
        entries: new Map(state.entries).set(e.data.date, {
          completed: true,
          completedAt: e.data.completedAt,
          note: e.data.note ?? null,
        }),
      };
    case 'formation.habit.check-in-undone':
      return { ...state, entries: new Map(state.entries).set(e.data.date, { completed: false, completedAt: null, note: null }) };
    case 'formation.habit.time-zone-set':
      // Only ever appended with a later member version than the habit held (decideTimeZone).
      return { ...state, timeZone: e.data.timeZone, zoneVersion: e.data.memberVersion };
    default:
      return state;
  }
};

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

export type Lifecycle = 'pause' | 'resume' | 'archive';

export interface CheckInHabit {
  type: 'CheckInHabit';
  habitId: string;
  userId: string;
  completed: boolean;
  date?: string | null;
  note?: string | null;
  now: Date;
}

/** What a member can ask of one of their habits. */
/** The member's zone as of a version of their stream (`memberVersion` 0: none named yet, the default zone). */
export interface MemberZone {
  timeZone: string;
  memberVersion: number;
}

/**
 * What a member can ask of one of their habits, and what follows a change of their zone (SetHabitTimeZone). Every
 * command that needs "today" takes it from `now` in the habit's own zone (HabitState.timeZone).
 */
export type HabitCommand =
  | { type: 'CreateHabit'; habitId: string; userId: string; fields: HabitFields; now: Date; zone: MemberZone }
  | { type: 'UpdateHabit'; habitId: string; userId: string; changes: Partial<HabitFields> }
  | { type: 'ChangeHabitLifecycle'; habitId: string; userId: string; action: Lifecycle; now: Date }
  | CheckInHabit
  | { type: 'SkipHabitDay'; habitId: string; userId: string; date: string; now: Date }
  | { type: 'UndoSkipHabitDay'; habitId: string; userId: string; date: string; now: Date }
  | ({ type: 'SetHabitTimeZone'; habitId: string; userId: string } & MemberZone);
type Of<T extends HabitCommand['type']> = Extract<HabitCommand, { type: T }>;

/** Another member's habit is answered as missing, so its existence is not disclosed. */
const owned = (state: HabitState, userId: string): void => {
  if (!state.exists || state.userId !== userId) throw new Refusal(errorCodes.notFound, habitMessages.notFound);
};
/** An archived habit refuses every change: the request is well formed, the habit's state is what conflicts. */
const changeable = (state: HabitState): void => {
  if (state.archived) throw new Refusal(errorCodes.conflict, habitMessages.archived);
};
const invalid = (field: string, message: string): Refusal => new Refusal(errorCodes.validationFailed, message, field);

const decideCreateHabit = (state: HabitState, command: Of<'CreateHabit'>): NewEvent[] => {
  if (state.exists) return [];
  const { habitId, userId, zone } = command;
  return [
    {
      type: 'formation.habit.created',
      subjectId: userId,
      data: { habitId, userId, ...command.fields, createdOn: localDateOf(command.now, zone.timeZone), timeZone: zone.timeZone },
    },
    // The member version the zone is of, so a change of zone that crossed the creation is told apart from an older one.
    ...(zone.memberVersion > 0 ? [timeZoneSet(habitId, userId, zone)] : []),
  ];
};

const timeZoneSet = (habitId: string, userId: string, zone: MemberZone): NewEvent => ({
  type: 'formation.habit.time-zone-set',
  subjectId: userId,
  data: { habitId, userId, timeZone: zone.timeZone, memberVersion: zone.memberVersion },
});

/**
 * The member's zone reaches the habit: recorded when it is of a later version of the member's stream than the habit
 * holds (a repeat or an older one decides nothing, so the habit ends with the latest whatever order they arrive in).
 * Even the same zone is recorded then, so that an older change still on its way cannot replace it. An archived habit
 * decides nothing any more, and a habit not (or no longer) the member's is left alone.
 */
const decideTimeZone = (state: HabitState, command: Of<'SetHabitTimeZone'>): NewEvent[] => {
  if (!state.exists || state.userId !== command.userId || state.archived) return [];
  if (command.memberVersion <= state.zoneVersion) return [];
  return [timeZoneSet(command.habitId, command.userId, command)];
};

const same = (a: unknown, b: unknown) => JSON.stringify(a) === JSON.stringify(b);

const decideUpdateHabit = (state: HabitState, command: Of<'UpdateHabit'>): NewEvent[] => {
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

/** Pausing a paused habit, resuming an active one or archiving twice decides nothing. */
const decideLifecycle = (state: HabitState, command: Of<'ChangeHabitLifecycle'>): NewEvent[] => {
  owned(state, command.userId);
  const data = { habitId: command.habitId, userId: command.userId, date: localDateOf(command.now, state.timeZone) };
  if (command.action === 'archive') return state.archived ? [] : [{ type: 'formation.habit.archived', subjectId: command.userId, data }];
  changeable(state);
  if (command.action === 'pause') return state.isActive ? [{ type: 'formation.habit.paused', subjectId: command.userId, data }] : [];
  return state.isActive ? [] : [{ type: 'formation.habit.resumed', subjectId: command.userId, data }];
};

/** The day a check-in is for: today in the habit's zone (the member's) by default, up to seven days back, never ahead. */
export const checkInDay = (command: Pick<CheckInHabit, 'date' | 'now'>, timeZone: string): LocalDate => {
  const decision = decideCheckIn({ date: command.date, now: command.now, timeZone });
  if (!decision.allowed) throw invalid('date', decision.message);
  return decision.date;
};

/**
 * Checks a day in or out: today by default, up to seven days back, never ahead (decideCheckIn). Asking
 * for the state the day is already in decides nothing, except a new note on a completed day.
 */
const decideHabitCheckIn = (state: HabitState, command: CheckInHabit): NewEvent[] => {
  owned(state, command.userId);
  changeable(state);
  const date = checkInDay(command, state.timeZone);
  const current = state.entries.get(date);
  const ids = { habitId: command.habitId, userId: command.userId, date };
  if (command.completed) {
    const note = command.note?.trim() ? command.note.trim() : null;
    if (current?.completed && (note === null || note === current.note)) return [];
    // Checking in a skipped day takes the skip back first, so the day is one thing: done.
    const liftSkip: NewEvent[] = state.skipDates.has(date)
      ? [
          {
            type: 'formation.habit.skip-undone',
            subjectId: command.userId,
            data: { habitId: command.habitId, userId: command.userId, date },
          },
        ]
      : [];
    return [
      ...liftSkip,
      {
        type: 'formation.habit.checked-in',
        subjectId: command.userId,
        data: {
          ...ids,
          completed: true,
          completedAt: command.now.toISOString(),
          timeZone: state.timeZone,
          note: note ?? current?.note ?? null,
        },
      },
    ];
  }
  if (!current?.completed) return [];
  return [{ type: 'formation.habit.check-in-undone', subjectId: command.userId, data: { ...ids, completed: false } }];
};

/** A planned skip: today or a day ahead; it excuses that day so the streak neither breaks nor grows. */
const decideSkipDay = (state: HabitState, command: Of<'SkipHabitDay'>): NewEvent[] => {
  owned(state, command.userId);
  changeable(state);
  const today = localDateOf(command.now, state.timeZone);
  if (!isLocalDate(command.date) || command.date < today) throw invalid('date', habitMessages.skipPast);
  if (daysBetween(today, command.date) > MAX_SKIP_DAYS_AHEAD) throw invalid('date', habitMessages.skipTooFar);
  if (state.skipDates.has(command.date)) return [];
  if (state.entries.get(command.date)?.completed) throw new Refusal(errorCodes.conflict, habitMessages.skipDone);
  return [
    {
      type: 'formation.habit.skipped',
      subjectId: command.userId,
      data: { habitId: command.habitId, userId: command.userId, date: command.date },
    },
  ];
};

/** Takes back a skip of today or a later day (a past day is checked in instead); no skip there decides nothing. */
const decideUndoSkip = (state: HabitState, command: Of<'UndoSkipHabitDay'>): NewEvent[] => {
  owned(state, command.userId);
  changeable(state);
  if (!isLocalDate(command.date) || command.date < localDateOf(command.now, state.timeZone))
    throw invalid('date', habitMessages.unskipPast);
  if (!state.skipDates.has(command.date)) return [];
  return [
    {
      type: 'formation.habit.skip-undone',
      subjectId: command.userId,
      data: { habitId: command.habitId, userId: command.userId, date: command.date },
    },
  ];
};

/** The habit aggregate: one `habit-<id>` stream per habit, its state kept as a snapshot in the stream head. */
export const habitDecider: CommandDecider<HabitCommand, HabitState> = {
  name: 'habit',
  // 2: each day keeps its check-in time; 3: the habit's zone (older snapshots are folded again from the events).
  stateVersion: 3,
  initialState: initialHabitState,
  evolve: evolveHabit,
  decide: (command, state) => {
    switch (command.type) {
      case 'CreateHabit':
        return decideCreateHabit(state, command);
      case 'UpdateHabit':
        return decideUpdateHabit(state, command);
      case 'ChangeHabitLifecycle':
        return decideLifecycle(state, command);
      case 'CheckInHabit':
        return decideHabitCheckIn(state, command);
      case 'SkipHabitDay':
        return decideSkipDay(state, command);
      case 'UndoSkipHabitDay':
        return decideUndoSkip(state, command);
      case 'SetHabitTimeZone':
        return decideTimeZone(state, command);
    }
  },
};

/** Fields of habit events erased on account deletion: the member's own words. */
export const HABIT_PERSONAL_FIELDS = ['name', 'description', 'note'] as const;
