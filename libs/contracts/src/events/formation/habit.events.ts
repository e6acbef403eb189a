import { z } from 'zod';

/**
 * Events of formation's habit aggregate (topic formation.habit.v1), one stream per habit.
 * Personal fields (the member's own words: `name`, `description`, `note`) are erased from the log when the
 * member deletes their account; consumers elsewhere (community counts check-ins) must rely only on ids, dates
 * and `completed`.
 */
const localDate = z.string().regex(/^\d{4}-\d{2}-\d{2}$/);
const ids = { habitId: z.string().min(1), userId: z.string().min(1) };
const hhmm = z.string().regex(/^([01]\d|2[0-3]):[0-5]\d$/);
/** How often a habit is due, as stored (the API also accepts the bare words 'daily' and 'weekly'). */
const habitFrequency = z.discriminatedUnion('kind', [
  z.object({ kind: z.literal('daily') }),
  z.object({ kind: z.literal('weekly') }),
  z.object({ kind: z.literal('weekdays'), days: z.array(z.number().int().min(0).max(6)).min(1).max(7) }),
]);

export const formationHabitCreatedV1 = z.object({
  ...ids,
  name: z.string().min(1).max(80),
  description: z.string().max(500),
  category: z.string().min(1),
  frequency: habitFrequency,
  reminderTime: hhmm.nullable(),
  /** The member's local date at creation, in their zone then. */
  createdOn: localDate,
  timeZone: z.string().min(1),
});
export const formationHabitUpdatedV1 = z.object({
  ...ids,
  name: z.string().min(1).max(80).optional(),
  description: z.string().max(500).optional(),
  category: z.string().min(1).optional(),
  frequency: habitFrequency.optional(),
  reminderTime: hhmm.nullable().optional(),
});
/** `date`: the member's local date of the change (a pause excuses the days from it on). */
const dated = z.object({ ...ids, date: localDate });
export const formationHabitPausedV1 = dated;
export const formationHabitResumedV1 = dated;
export const formationHabitArchivedV1 = dated;
/** A planned skip day: neither breaks nor extends the streak, and leaves the day's and week's figures. */
export const formationHabitSkippedV1 = dated;
/** A skip taken back (today or a later day): the day is asked for again. */
export const formationHabitSkipUndoneV1 = dated;
export const formationHabitCheckedInV1 = z.object({
  ...ids,
  /** The local date checked in, fixed with the member's zone at the time of the check-in. */
  date: localDate,
  completed: z.literal(true),
  completedAt: z.string().datetime({ offset: true }),
  timeZone: z.string().min(1),
  /** Personal: the member's own words; erased on account deletion. */
  note: z.string().max(280).nullable(),
});
export const formationHabitCheckInUndoneV1 = z.object({ ...ids, date: localDate, completed: z.literal(false) });
/**
 * The member's time zone as the habit decides "today" from now on: written at creation and whenever the member's zone
 * changes, so a check-in decides on the habit's own stream. `memberVersion`: the version of the member's stream the zone
 * is of; an older one than the habit holds changes nothing.
 */
export const formationHabitTimeZoneSetV1 = z.object({ ...ids, timeZone: z.string().min(1), memberVersion: z.number().int().min(0) });

export const formationHabitEvents = {
  'formation.habit.created': { schemaVersion: 1, schema: formationHabitCreatedV1 },
  'formation.habit.updated': { schemaVersion: 1, schema: formationHabitUpdatedV1 },
  'formation.habit.paused': { schemaVersion: 1, schema: formationHabitPausedV1 },
  'formation.habit.resumed': { schemaVersion: 1, schema: formationHabitResumedV1 },
  'formation.habit.archived': { schemaVersion: 1, schema: formationHabitArchivedV1 },
  'formation.habit.skipped': { schemaVersion: 1, schema: formationHabitSkippedV1 },
  'formation.habit.skip-undone': { schemaVersion: 1, schema: formationHabitSkipUndoneV1 },
  'formation.habit.checked-in': { schemaVersion: 1, schema: formationHabitCheckedInV1 },
  'formation.habit.check-in-undone': { schemaVersion: 1, schema: formationHabitCheckInUndoneV1 },
  'formation.habit.time-zone-set': { schemaVersion: 1, schema: formationHabitTimeZoneSetV1 },
} as const satisfies Record<string, { schemaVersion: number; schema: z.ZodTypeAny }>;
