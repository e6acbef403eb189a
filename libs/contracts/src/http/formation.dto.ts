import { z } from 'zod';
import { requiredText } from './required-text';
import { habitCategories, habitCategoryId, moods } from '../catalog';

/** How far back a member may check a habit in or out, counted in their own calendar days (formation decides; community closes weeks by it). */
export const CHECK_IN_WINDOW_DAYS = 7;

/** Formation's public shapes: plans, habits and check-ins, the journal, stats and notifications. */

/** A calendar date, YYYY-MM-DD, that exists (documented as `format: date` with the pattern zod checks). */
const localDate = z.iso.date('Use a date like 2026-11-22');
const hhmm = z.string().regex(/^([01]\d|2[0-3]):[0-5]\d$/, 'Use a time like 07:30');

// ---- plans ----
export const planActivityViewSchema = z.object({
  id: z.string(),
  name: z.string(),
  description: z.string(),
  duration: z.string().optional(),
  movedFrom: localDate.optional(),
  /** An activity of the church curriculum the week follows, with its scripture and reflection prompt if any. */
  fromCurriculum: z.boolean().optional(),
  scripture: z.string().optional(),
  reflectionPrompt: z.string().optional(),
  completed: z.boolean(),
});
export const planDayViewSchema = z.object({
  day: z.string(),
  dayIndex: z.number().int().min(0).max(6),
  date: localDate,
  activities: z.array(planActivityViewSchema),
});
export const spiritualPlanSchema = z.object({
  id: z.string(),
  weekStart: localDate,
  createdAt: z.string(),
  source: z.enum(['built-in', 'assistant']),
  /** The church curriculum week this plan follows (docs/curricula.md), or null. */
  curriculum: z
    .object({
      curriculumId: z.string(),
      title: z.string(),
      churchName: z.string(),
      /** The group it was assigned to; null when assigned to the whole church. */
      groupName: z.string().nullable(),
      week: z.number().int(),
      weeks: z.number().int(),
      weekTitle: z.string(),
    })
    .nullable(),
  planData: z.object({
    theme: z.string(),
    description: z.string(),
    scriptures: z.array(z.string()),
    dailyActivities: z.array(planDayViewSchema),
  }),
  /**
   * 'Undo' of the last regeneration, while the server accepts it: the theme it brings back, and the last day it is
   * offered (the week's last day; sooner if the plan changes otherwise: 'Catch me up', a curriculum week). Null when
   * there is nothing to undo.
   */
  regenerationUndo: z.object({ replacedTheme: z.string(), availableUntil: localDate }).nullable(),
});
export type SpiritualPlan = z.infer<typeof spiritualPlanSchema>;
export const toggleActivityRequestSchema = z.object({ completed: z.boolean() });
/** 'Catch me up': the plan after moving the unfinished past activities forward, and how many moved. */
export const catchUpResponseSchema = z.object({ plan: spiritualPlanSchema, moved: z.number().int(), leftBehind: z.number().int() });

// ---- habits ----
export const habitCategoryIds = habitCategories.map(habitCategoryId) as [string, ...string[]];
export const habitFrequencySchema = z.discriminatedUnion('kind', [
  z.object({ kind: z.literal('daily') }),
  z.object({ kind: z.literal('weekly') }),
  z.object({
    kind: z.literal('weekdays'),
    days: z.array(z.number().int().min(0).max(6)).min(1, 'Choose at least one day').max(7),
  }),
]);
export type HabitFrequency = z.infer<typeof habitFrequencySchema>;

const habitFields = {
  name: requiredText('Please enter a habit name').max(80),
  description: z.string().trim().max(500),
  category: z.enum(habitCategoryIds, { message: 'Please choose a category' }),
  frequency: z.union([habitFrequencySchema, z.literal('daily'), z.literal('weekly')]),
  reminderTime: hhmm.optional().or(z.literal('')).nullable(),
};
export const createHabitRequestSchema = z.object({
  ...habitFields,
  description: habitFields.description.optional().default(''),
  frequency: habitFields.frequency.default({ kind: 'daily' }),
});
/** Only the fields sent change: no defaults here, or a rename would reset the frequency. */
export const updateHabitRequestSchema = z.object(habitFields).partial();

/**
 * What a day is for one habit (docs/figures.md): done; skipped (a planned skip, not done); due (today, asked, not done
 * yet); missed (a past day asked and not done; for weekly habits, a day of a week that missed its target); excused
 * (paused or a rest day); off (not asked: before the habit began, a weekday it does not ask, a weekly habit's day
 * outside a missed week); future.
 */
export const habitDayStatusSchema = z.enum(['done', 'skipped', 'due', 'missed', 'excused', 'off', 'future']);
export type HabitDayStatus = z.infer<typeof habitDayStatusSchema>;

export const habitSchema = z.object({
  id: z.string(),
  name: z.string(),
  description: z.string(),
  category: z.string(),
  frequency: habitFrequencySchema,
  reminderTime: z.string().nullable(),
  isActive: z.boolean(),
  archived: z.boolean(),
  streak: z.number().int(),
  longestStreak: z.number().int(),
  streakUnit: z.enum(['days', 'weeks']),
  consistency: z.number().min(0).max(100),
  monthlyPercent: z.number().min(0).max(100),
  completedOnDate: z.boolean(),
  /** What the asked-for day (`?date=`, default today) is for this habit; `skipped` offers "Undo skip". */
  dayStatus: habitDayStatusSchema,
  createdAt: z.string(),
});
export type Habit = z.infer<typeof habitSchema>;

export const toggleHabitRequestSchema = z.object({
  completed: z.boolean(),
  date: localDate.optional(),
  note: z.string().trim().max(280).optional(),
});
export const habitEntrySchema = z.object({
  id: z.string(),
  habitId: z.string(),
  completed: z.boolean(),
  date: localDate,
  completedAt: z.string().nullable(),
  note: z.string().nullable(),
});
export type HabitEntry = z.infer<typeof habitEntrySchema>;
/** What a check-in toggle answers: the entry as recorded and the habit with its figures after it. */
export const toggleHabitResponseSchema = z.object({ entry: habitEntrySchema, habit: habitSchema });
export const skipHabitDayRequestSchema = z.object({ date: localDate });
export const restDaysSchema = z.object({
  weekdays: z
    .array(z.number().int().min(0, 'Weekdays run from 0 (Sunday) to 6 (Saturday)').max(6, 'Weekdays run from 0 (Sunday) to 6 (Saturday)'))
    .max(6, 'Keep at least one day that is not a rest day'),
});
export const recordHabitEntryRequestSchema = z.object({
  habitId: z.string().min(1),
  completed: z.boolean(),
  date: localDate,
  completedAt: z.string().nullable().optional(),
  note: z.string().trim().max(280).optional(),
});

export const habitAnalyticsSchema = z.object({
  habits: z.array(
    z.object({
      habitId: z.string(),
      name: z.string(),
      heatMap: z.array(
        z.object({
          date: localDate,
          scheduled: z.boolean(),
          done: z.boolean(),
          excuse: z.enum(['before-start', 'paused', 'skipped', 'rest-day']).nullable(),
          future: z.boolean(),
          /** The cell's level: the day's status, as the habit list answers it for that day. */
          status: habitDayStatusSchema,
        }),
      ),
      /** Chances taken and asked over the 12 weeks shown (days, or weeks for weekly habits), today included. */
      summary: z.object({ done: z.number().int(), scheduled: z.number().int(), unit: z.enum(['days', 'weeks']) }),
    }),
  ),
  weeklyTrend: z.array(
    z.object({
      weekStart: localDate,
      percent: z.number().min(0).max(100),
      /** Chances taken and asked that week; scheduled 0 means nothing was asked (percent then reads 0). */
      done: z.number().int(),
      scheduled: z.number().int(),
    }),
  ),
});

// ---- stats ----
export const formationStatsSchema = z.object({
  today: localDate,
  weekProgress: z.object({ completed: z.number().int(), total: z.number().int() }),
  currentStreak: z.number().int(),
  totalDays: z.number().int(),
  week: z.array(z.object({ date: localDate, dayIndex: z.number().int(), active: z.boolean() })),
  habits: z.object({
    totalStreak: z.number().int(),
    completedToday: z.number().int(),
    /** Active habits asked for today (done, or due): skipped, paused, rest-day and not-scheduled ones leave it. */
    dueToday: z.number().int(),
    activeHabits: z.number().int(),
    thisWeekPercent: z.number().min(0).max(100),
  }),
  insight: z.string(),
});
export type FormationStats = z.infer<typeof formationStatsSchema>;

// ---- journal ----
export const journalEntryRequestSchema = z.object({
  content: requiredText('Your journal entry cannot be empty.').max(20_000),
  scriptureReference: z.string().trim().max(80).optional().or(z.literal('')),
  mood: z.enum(moods).optional().nullable(),
  gratitude: z.string().trim().max(2_000).optional().or(z.literal('')),
  isPrivate: z.boolean().default(true),
  /** A draft is kept for its author only and can be finished later. */
  draft: z.boolean().default(false),
});
export const journalDraftRequestSchema = journalEntryRequestSchema.extend({ content: z.string().max(20_000), draft: z.literal(true) });
export const journalEntrySchema = z.object({
  id: z.string(),
  content: z.string(),
  scriptureReference: z.string().nullable(),
  mood: z.string().nullable(),
  gratitude: z.string().nullable(),
  isPrivate: z.boolean(),
  draft: z.boolean(),
  wordCount: z.number().int(),
  preview: z.string(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type JournalEntry = z.infer<typeof journalEntrySchema>;
export const journalPageSchema = z.object({
  items: z.array(journalEntrySchema),
  total: z.number().int(),
  page: z.number().int(),
  pageSize: z.number().int(),
});
export const journalPromptSchema = z.object({
  prompt: z.string(),
  scripture: z.object({ reference: z.string(), why: z.string() }).nullable(),
});
export const journalInsightSchema = z.object({
  insight: z.string(),
  scripture: z.object({ reference: z.string(), why: z.string() }).nullable(),
});
export const journalStatsSchema = z.object({
  totalEntries: z.number().int(),
  writingStreak: z.number().int(),
  wordsThisWeek: z.number().int(),
});

// ---- scripture ----
/** GET /scripture?ref=…: the verses of a reference in a public-domain translation; a long passage is cut short. */
export const scripturePassageSchema = z.object({
  reference: z.string(),
  translation: z.string(),
  verses: z.array(z.object({ chapter: z.number().int(), verse: z.number().int(), text: z.string() })),
  /** True when the passage is longer than the verses given. */
  truncated: z.boolean(),
});
export type ScripturePassage = z.infer<typeof scripturePassageSchema>;

// ---- notifications ----
export const notificationSchema = z.object({
  id: z.string(),
  title: z.string(),
  body: z.string(),
  createdAt: z.string(),
  readAt: z.string().nullable(),
  link: z.string().nullable(),
});
export const notificationListSchema = z.object({ items: z.array(notificationSchema), unreadCount: z.number().int() });

/** GET /nudges/schedule: when reminders go out, for the words of the SMS opt-in (smsConsentText). */
const localTime = z.string().regex(/^([01]\d|2[0-3]):[0-5]\d$/);
export const reminderScheduleSchema = z.object({
  dailyReminderTime: localTime,
  weeklyReminder: z.object({ weekday: z.number().int().min(0).max(6), time: localTime }),
  quietHours: z.object({ start: localTime, end: localTime }),
  dailyCap: z.number().int().min(1),
});
