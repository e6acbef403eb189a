import type { HabitFrequency } from '@abide/contracts';

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
  /** Local date → completed (false: a check-in undone, which the figures still count as a day looked at). */
  checkIns: Record<string, boolean>;
}

export interface HabitBoard {
  habits: BoardHabit[];
  /** Habit id → the version of its stream last applied here. */
  versions: Record<string, number>;
}

export const emptyBoard = (): HabitBoard => ({ habits: [], versions: {} });

/** The fields of a habit event this board reads (the contracts' habit events, by type). */
export interface HabitBoardEvent {
  type: string;
  version: number;
  occurredAt: string;
  data: { habitId: string; date?: string } & Record<string, unknown>;
}

const createdFrom = (event: HabitBoardEvent): BoardHabit => {
  const d = event.data as Record<string, unknown>;
  return {
    id: event.data.habitId,
    name: String(d.name ?? ''),
    description: String(d.description ?? ''),
    category: String(d.category ?? ''),
    frequency: d.frequency as HabitFrequency,
    reminderTime: (d.reminderTime as string | null | undefined) ?? null,
    isActive: true,
    archived: false,
    createdOn: String(d.createdOn ?? ''),
    createdAt: event.occurredAt,
    pauses: [],
    pausedSince: null,
    skipDates: [],
    checkIns: {},
  };
};

const EDITABLE = ['name', 'description', 'category', 'frequency', 'reminderTime'] as const;

/**
 * Applies one habit event to the board in place. Returns false when it was applied before (its version is not newer
 * than the last one of its habit) or names a habit the board never saw created.
 */
export const applyToBoard = (board: HabitBoard, event: HabitBoardEvent): boolean => {
  const id = event.data.habitId;
  if ((board.versions[id] ?? 0) >= event.version) return false;
  if (event.type === 'formation.habit.created') {
    board.habits = [...board.habits.filter((h) => h.id !== id), createdFrom(event)];
    board.versions[id] = event.version;
    return true;
  }
  const habit = board.habits.find((h) => h.id === id);
  if (!habit) return false;
  const date = event.data.date ?? '';
  switch (event.type) {
    case 'formation.habit.updated':
      for (const field of EDITABLE)
        if (field in event.data) (habit as unknown as Record<string, unknown>)[field] = event.data[field] ?? null;
      break;
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
    case 'formation.habit.checked-in':
      habit.checkIns[date] = true;
      break;
    case 'formation.habit.check-in-undone':
      habit.checkIns[date] = false;
      break;
    default:
      return false;
  }
  board.versions[id] = event.version;
  return true;
};
