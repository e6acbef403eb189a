import type { EventPayload } from '@abide/contracts';
import type { ActivityDays } from './activity-streak';
import type { LocalDate } from '@abide/calendar';

export type ActivitySource = 'habit' | 'plan' | 'journal';

/** One thing done (`ref`: a habit, a plan's activity, a journal entry) on a member's local day, or undone. */
export interface Activity {
  userId: string;
  date: LocalDate;
  source: ActivitySource;
  ref: string;
  done: boolean;
}

/** The events that record or withdraw an activity. */
export const activityEventTypes = [
  'formation.habit.checked-in',
  'formation.habit.check-in-undone',
  'formation.plan.activity-completed',
  'formation.plan.activity-uncompleted',
  'formation.journal.entry-written',
  'formation.journal.entry-deleted',
] as const;

/** The activity an event records or withdraws; null for an event that is not one. */
export const activityOf = (event: EventPayload): Activity | null => {
  switch (event.type) {
    case 'formation.habit.checked-in':
    case 'formation.habit.check-in-undone':
      return {
        userId: event.data.userId,
        date: event.data.date,
        source: 'habit',
        ref: event.data.habitId,
        done: event.type === 'formation.habit.checked-in',
      };
    case 'formation.plan.activity-completed':
    case 'formation.plan.activity-uncompleted':
      return {
        userId: event.data.userId,
        date: event.data.date,
        source: 'plan',
        ref: `${event.data.planId}:${event.data.activityId}`,
        done: event.type === 'formation.plan.activity-completed',
      };
    case 'formation.journal.entry-written':
    case 'formation.journal.entry-deleted':
      return {
        userId: event.data.userId,
        date: event.data.localDate,
        source: 'journal',
        ref: event.data.entryId,
        done: event.type === 'formation.journal.entry-written',
      };
    default:
      return null;
  }
};

/**
 * Every day one member did something, as one document keyed by the member: date → what was done that day
 * (`source|ref`), so My Plan's streak and total days cost one keyed read. Several streams (habits, plans, journal
 * entries) feed one calendar, so it remembers the last version applied per stream to stay idempotent.
 */
export interface ActivityCalendar {
  days: Record<LocalDate, string[]>;
  /** Stream id → the version last applied here. */
  versions: Record<string, number>;
}

export const emptyCalendar = (): ActivityCalendar => ({ days: {}, versions: {} });

/** Applies one event in place; false when it was applied before or is no activity. */
export const applyToCalendar = (calendar: ActivityCalendar, event: EventPayload & { streamId: string; version: number }): boolean => {
  const activity = activityOf(event);
  if (!activity || (calendar.versions[event.streamId] ?? 0) >= event.version) return false;
  calendar.versions[event.streamId] = event.version;
  const tag = `${activity.source}|${activity.ref}`;
  const rest = (calendar.days[activity.date] ?? []).filter((t) => t !== tag);
  // Sorted: the same day whatever order its streams were applied in.
  const day = activity.done ? [...rest, tag].sort() : rest;
  if (day.length > 0) calendar.days[activity.date] = day;
  else delete calendar.days[activity.date];
  return true;
};

/** The dates of each source, ready for `activityStreak`. */
export const activityLists = (calendar: ActivityCalendar): ActivityDays & { journalEntries: LocalDate[] } => {
  const of = (source: ActivitySource) =>
    Object.keys(calendar.days).filter((date) => calendar.days[date].some((tag) => tag.startsWith(`${source}|`)));
  return { habitCheckIns: of('habit'), planActivities: of('plan'), journalEntries: of('journal') };
};

/** What a member did between two local dates (inclusive): each thing once, with the day it counts for, by date. */
export const activitiesBetween = (calendar: ActivityCalendar, from: LocalDate, to: LocalDate): Array<Omit<Activity, 'userId' | 'done'>> =>
  Object.keys(calendar.days)
    .filter((date) => date >= from && date <= to)
    .sort()
    .flatMap((date) =>
      calendar.days[date].map((tag) => {
        const at = tag.indexOf('|');
        return { date, source: tag.slice(0, at) as ActivitySource, ref: tag.slice(at + 1) };
      }),
    );
