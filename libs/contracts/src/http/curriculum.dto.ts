import { z } from 'zod';
import { requiredText } from './required-text';

/** Custom curricula's public shapes: authoring, preview, assignment and progress (docs/curricula.md). */

export const CURRICULUM_MAX_WEEKS = 52;
/** A plan day holds at most five activities; a curriculum day as well. */
export const CURRICULUM_MAX_DAY_ACTIVITIES = 5;
export const CURRICULUM_MAX_GROUPS = 50;
export const CURRICULUM_DURATION_MAX_MINUTES = 240;

export const curriculumMessages = {
  curriculum: 'This curriculum',
  assignment: 'This assignment',
  week: 'This week of the curriculum',
  adminsOnly: 'Only the church’s admins can manage its curricula.',
  notAssigned: 'This curriculum is not assigned to you.',
  archived: 'This curriculum is archived: restore it before changing it.',
  draftChanged: 'Someone else saved this curriculum a moment ago. Reload it to see their changes, then make yours again.',
  nothingPublished: 'Publish the curriculum before assigning it.',
  nothingNewToPublish: 'This version is already published: change the draft to publish a new one.',
  weekWithoutActivities: (week: number) => `Week ${week} has no activities yet: add at least one before publishing.`,
  noWeeks: 'Add at least one week before publishing.',
  stillAssigned: 'This curriculum is still assigned: end its assignments before archiving it.',
  startSunday: 'Start on a Sunday: a curriculum week runs Sunday to Saturday.',
  startPast: 'Start this week or later.',
  startTooFar: 'Start within the next year.',
  groupsRequired: 'Choose at least one group.',
  groupNotInChurch: 'This group does not belong to the church.',
  duplicateIds: 'Each week and activity needs its own id.',
  workingCopyChanged: 'Your edits to this curriculum were kept from another window a moment ago. Reload to see them, or discard them.',
} as const;

const localDate = z.iso.date('Use a date like 2026-11-22');
const id = z.string().trim().min(1).max(64).regex(/^[A-Za-z0-9_-]+$/, 'Use letters, digits, - and _ only');

// ---- requests ----

const activityInput = z.object({
  /** Kept across edits so progress follows the activity; a new activity may leave it out and gets one. */
  id: id.optional(),
  name: requiredText('Give the activity a name').max(120),
  description: requiredText('Say what to do').max(600),
  durationMinutes: z.number().int().min(1, 'At least a minute').max(CURRICULUM_DURATION_MAX_MINUTES, 'At most four hours'),
  /** A reference as people type it ('ps 23:1-3'); checked and stored in its canonical form. Empty or null: none. */
  scripture: z.string().trim().max(80).nullable().optional(),
  reflectionPrompt: z.string().trim().max(500).nullable().optional(),
});
const dayInput = z.object({
  activities: z.array(activityInput).max(CURRICULUM_MAX_DAY_ACTIVITIES, `At most ${CURRICULUM_MAX_DAY_ACTIVITIES} activities a day`),
});
const weekInput = z.object({
  id: id.optional(),
  title: requiredText('Give the week a title').max(120),
  summary: z.string().trim().max(600).default(''),
  /** Sunday to Saturday. */
  days: z.array(dayInput).length(7, 'A week has seven days, Sunday to Saturday'),
});
const title = requiredText('Give the curriculum a title').max(120);
const description = z.string().trim().max(1000).default('');

export const createCurriculumRequestSchema = z.object({ churchId: id, title, description });
/** The whole draft; `revision` is the one it was loaded at (a save over someone else's newer save is refused). */
export const saveCurriculumDraftRequestSchema = z.object({
  revision: z.number().int().min(1),
  title,
  description,
  weeks: z.array(weekInput).max(CURRICULUM_MAX_WEEKS, `At most ${CURRICULUM_MAX_WEEKS} weeks`),
});
export type SaveCurriculumDraftRequest = z.infer<typeof saveCurriculumDraftRequestSchema>;
export const assignCurriculumRequestSchema = z.object({
  audience: z.enum(['church', 'groups']),
  /** The chosen groups when `audience` is 'groups'. */
  groupIds: z.array(id).max(CURRICULUM_MAX_GROUPS).default([]),
  /** A Sunday: the first day of week 1, in the church's time zone. */
  startDate: localDate,
});
/**
 * An author's edits not yet saved as the church's draft, kept as they type (`PUT /curricula/{id}/working-copy`).
 * Unfinished, so only sizes are checked (an empty title or an unread reference waits for Save draft).
 */
const looseText = (max: number) => z.string().max(max);
const workingActivity = z.object({
  id,
  name: looseText(120),
  description: looseText(600),
  durationMinutes: z.number().int().min(1).max(CURRICULUM_DURATION_MAX_MINUTES),
  scripture: looseText(80).nullable(),
  reflectionPrompt: looseText(500).nullable(),
});
const workingWeek = z.object({
  id,
  title: looseText(120),
  summary: looseText(600),
  days: z.array(z.object({ activities: z.array(workingActivity).max(CURRICULUM_MAX_DAY_ACTIVITIES) })).length(7),
});
export const curriculumWorkingContentSchema = z.object({
  title: looseText(120),
  description: looseText(1000),
  weeks: z.array(workingWeek).max(CURRICULUM_MAX_WEEKS),
});
export type CurriculumWorkingContent = z.infer<typeof curriculumWorkingContentSchema>;
export const saveCurriculumWorkingCopyRequestSchema = z.object({
  /** The working copy this replaces: its `revision`, or 0 when there is none yet (a stale one is a 409). */
  copyRevision: z.number().int().min(0),
  /** The curriculum's `revision` the edits started from. */
  baseRevision: z.number().int().min(1),
  content: curriculumWorkingContentSchema,
});
export type SaveCurriculumWorkingCopyRequest = z.infer<typeof saveCurriculumWorkingCopyRequestSchema>;
export const curriculaQuerySchema = z.object({ churchId: id });
export const curriculumWeekQuerySchema = z.object({
  /** 'draft' (admins), or a published version; by default the version assigned to the caller, or the latest. */
  version: z
    .string()
    .regex(/^(draft|[1-9]\d{0,3})$/, "Use 'draft' or a version number")
    .optional(),
});

// ---- answers ----

export const curriculumActivitySchema = z.object({
  id: z.string(),
  name: z.string(),
  description: z.string(),
  durationMinutes: z.number().int(),
  scripture: z.string().nullable(),
  reflectionPrompt: z.string().nullable(),
});
export const curriculumWeekSchema = z.object({
  id: z.string(),
  title: z.string(),
  summary: z.string(),
  days: z.array(z.object({ activities: z.array(curriculumActivitySchema) })),
});
export const curriculumContentViewSchema = z.object({ title: z.string(), description: z.string(), weeks: z.array(curriculumWeekSchema) });
export type CurriculumContentView = z.infer<typeof curriculumContentViewSchema>;

export const curriculumStatuses = ['draft', 'published', 'archived'] as const;
export const curriculumSummarySchema = z.object({
  id: z.string(),
  churchId: z.string(),
  title: z.string(),
  /** 'draft' until first published; 'archived' hides it from new assignments. */
  status: z.enum(curriculumStatuses),
  latestVersion: z.number().int().nullable(),
  /** The draft differs from the latest published version. */
  hasUnpublishedChanges: z.boolean(),
  weeks: z.number().int(),
  /** Assignments not ended and not yet over. */
  activeAssignments: z.number().int(),
  updatedAt: z.string(),
});
export type CurriculumSummary = z.infer<typeof curriculumSummarySchema>;

export const curriculumAssignmentSchema = z.object({
  id: z.string(),
  version: z.number().int(),
  audience: z.enum(['church', 'groups']),
  groups: z.array(z.object({ id: z.string(), name: z.string() })),
  startDate: localDate,
  /** The last day (a Saturday) of its last week. */
  endDate: localDate,
  /** In the church's time zone: not begun, running, over, or ended early by an admin. */
  state: z.enum(['upcoming', 'running', 'finished', 'ended']),
  assignedAt: z.string(),
});
export type CurriculumAssignment = z.infer<typeof curriculumAssignmentSchema>;

/** The caller's own kept edits of a curriculum (only they see them); gone once they save the draft or discard them. */
export const curriculumWorkingCopySchema = z.object({
  revision: z.number().int(),
  /** The curriculum's revision the edits started from: when it is older than the draft's, someone saved since. */
  baseRevision: z.number().int(),
  savedAt: z.string(),
  content: curriculumWorkingContentSchema,
});
export type CurriculumWorkingCopy = z.infer<typeof curriculumWorkingCopySchema>;

export const curriculumDetailSchema = curriculumSummarySchema.extend({
  description: z.string(),
  churchName: z.string(),
  churchTimeZone: z.string(),
  /** The Sunday of this week in the church's time zone: the earliest start an assignment may have. */
  currentWeekStart: localDate,
  /** Give it back with the next draft save. */
  revision: z.number().int(),
  draft: curriculumContentViewSchema,
  versions: z.array(z.object({ version: z.number().int(), publishedAt: z.string(), weeks: z.number().int() })),
  assignments: z.array(curriculumAssignmentSchema),
  /** The church's groups, to choose from when assigning. */
  churchGroups: z.array(z.object({ id: z.string(), name: z.string() })),
  /** The caller's edits kept since their last Save draft (null when there are none). */
  workingCopy: curriculumWorkingCopySchema.nullable(),
});
export type CurriculumDetail = z.infer<typeof curriculumDetailSchema>;

export const curriculumListSchema = z.object({ items: z.array(curriculumSummarySchema) });
export type CurriculumList = z.infer<typeof curriculumListSchema>;

/** A week as a member's plan shows it: the curriculum's activities per day (an empty day is the member's own plan). */
export const curriculumWeekPreviewSchema = z.object({
  curriculumId: z.string(),
  title: z.string(),
  /** null: the draft. */
  version: z.number().int().nullable(),
  week: z.number().int(),
  weeks: z.number().int(),
  weekTitle: z.string(),
  summary: z.string(),
  scriptures: z.array(z.string()),
  days: z.array(z.object({ day: z.string(), dayIndex: z.number().int(), activities: z.array(curriculumActivitySchema) })),
});
export type CurriculumWeekPreview = z.infer<typeof curriculumWeekPreviewSchema>;

/** Progress per curriculum week: counts only, from members who share their progress. */
export const curriculumProgressSchema = z.object({
  curriculumId: z.string(),
  weeks: z.array(
    z.object({
      week: z.number().int(),
      title: z.string(),
      /** Members sharing progress whose plan followed this week. */
      members: z.number().int(),
      /** Curriculum activities they checked off this week, all together. */
      done: z.number().int(),
      /** The week's activities (latest published version) and how many of those members did each. */
      activities: z.array(z.object({ id: z.string(), name: z.string(), dayIndex: z.number().int(), done: z.number().int() })),
    }),
  ),
});
export type CurriculumProgress = z.infer<typeof curriculumProgressSchema>;
