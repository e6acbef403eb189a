import { z } from 'zod';

/**
 * Events of formation's curriculum aggregate (topic formation.curriculum.v1), one stream per curriculum
 * (`curriculum-{curriculumId}`), owned by its church (docs/curricula.md). A curriculum's words are
 * the church's, not a member's: its events carry no subject and outlive the account that wrote them (as the church's
 * own events do); `createdBy` and the other `…By` fields name who acted.
 * - authoring: `created` (new, or a copy of another), `draft-saved` (the whole draft, replaced), `published` (the draft
 *   becomes version N, frozen: later edits make the next version), `archived` / `restored`;
 * - assignment: `assigned` (a published version, to the whole church or some of its groups, from a week start) and
 *   `assignment-ended`.
 */
const ids = { curriculumId: z.string().min(1), churchId: z.string().min(1) };
const userId = z.string().min(1);
const localDate = z.string().regex(/^\d{4}-\d{2}-\d{2}$/);

const curriculumActivity = z.object({
  /** Stable across drafts and versions, so progress and check-offs follow an activity that was edited or moved. */
  id: z.string().min(1).max(64),
  name: z.string().min(1).max(120),
  description: z.string().min(1).max(600),
  durationMinutes: z.number().int().min(1).max(240),
  /** The canonical text of a reference formation's scripture module read (e.g. 'Psalm 23:1-3'). */
  scripture: z.string().min(1).max(80).nullable(),
  reflectionPrompt: z.string().min(1).max(500).nullable(),
});
/** Sunday (index 0) to Saturday; an empty day is filled by the member's own generated plan. */
const curriculumDay = z.object({ activities: z.array(curriculumActivity).max(5) });
const curriculumWeek = z.object({
  id: z.string().min(1).max(64),
  title: z.string().min(1).max(120),
  summary: z.string().max(600),
  days: z.array(curriculumDay).length(7),
});
export const curriculumContentSchema = z.object({
  title: z.string().min(1).max(120),
  description: z.string().max(1000),
  weeks: z.array(curriculumWeek).max(52),
});

export const curriculumCreatedV1 = z.object({
  ...ids,
  createdBy: userId,
  content: curriculumContentSchema,
  /** A duplicate names what it was copied from: a published version, or the draft (`version` null). */
  duplicatedFrom: z.object({ curriculumId: z.string().min(1), version: z.number().int().min(1).nullable() }).nullable(),
});
/** The whole draft as the editor saved it (reordering is a save of the new order). */
export const curriculumDraftSavedV1 = z.object({ ...ids, savedBy: userId, content: curriculumContentSchema });
/** The draft became `version` (1, 2, …), frozen as `content`. */
export const curriculumPublishedV1 = z.object({ ...ids, version: z.number().int().min(1), publishedBy: userId, content: curriculumContentSchema });
export const curriculumArchivedV1 = z.object({ ...ids, archivedBy: userId });
export const curriculumRestoredV1 = z.object({ ...ids, restoredBy: userId });
/**
 * A published `version` assigned from `startDate` (a Sunday, the first day of week 1) to the whole church
 * (`audience: 'church'`, `groupIds` empty) or to some of its groups (`audience: 'groups'`).
 */
export const curriculumAssignedV1 = z.object({
  ...ids,
  assignmentId: z.string().min(1),
  version: z.number().int().min(1),
  audience: z.enum(['church', 'groups']),
  groupIds: z.array(z.string().min(1)).max(50),
  startDate: localDate,
  assignedBy: userId,
  assignedAt: z.string().datetime({ offset: true }),
});
export const curriculumAssignmentEndedV1 = z.object({ ...ids, assignmentId: z.string().min(1), endedBy: userId });

export const formationCurriculumEvents = {
  'formation.curriculum.created': { schemaVersion: 1, schema: curriculumCreatedV1 },
  'formation.curriculum.draft-saved': { schemaVersion: 1, schema: curriculumDraftSavedV1 },
  'formation.curriculum.published': { schemaVersion: 1, schema: curriculumPublishedV1 },
  'formation.curriculum.archived': { schemaVersion: 1, schema: curriculumArchivedV1 },
  'formation.curriculum.restored': { schemaVersion: 1, schema: curriculumRestoredV1 },
  'formation.curriculum.assigned': { schemaVersion: 1, schema: curriculumAssignedV1 },
  'formation.curriculum.assignment-ended': { schemaVersion: 1, schema: curriculumAssignmentEndedV1 },
} as const satisfies Record<string, { schemaVersion: number; schema: z.ZodTypeAny }>;
