import { curriculumMessages as m, type EventData, type EventTypesOf, errorCodes, Refusal } from '@abide/contracts';
import type { CommandDecider, NewEvent, StoredEvent } from '@abide/event-store';
import type { LocalDate } from '@abide/calendar';
import { assignmentState } from './assignment-weeks';
import { type CurriculumContent, publishProblems, sameContent } from './curriculum-content';

export interface AssignmentState {
  assignmentId: string;
  version: number;
  audience: 'church' | 'groups';
  groupIds: string[];
  startDate: LocalDate;
  /** How many weeks its version has. */
  weeks: number;
  assignedAt: string;
  ended: boolean;
}

/** A curriculum as its stream tells it. */
export interface CurriculumState {
  exists: boolean;
  curriculumId: string;
  churchId: string;
  createdBy: string;
  /** When it was created and last changed (drafts, publishing, archiving, assignments). */
  createdAt: string;
  updatedAt: string;
  draft: CurriculumContent;
  /** Counts the draft's changes (1 at creation): a save names the one it was loaded at. */
  revision: number;
  /** The latest published version (0: none yet), and the draft revision it was published from. */
  published: number;
  publishedRevision: number;
  /** Each published version: when, and how many weeks it has. */
  versions: Record<number, { publishedAt: string; weeks: number }>;
  archived: boolean;
  assignments: Record<string, AssignmentState>;
}

const empty = (): CurriculumState => ({
  exists: false,
  curriculumId: '',
  churchId: '',
  createdBy: '',
  createdAt: '',
  updatedAt: '',
  draft: { title: '', description: '', weeks: [] },
  revision: 0,
  published: 0,
  publishedRevision: 0,
  versions: {},
  archived: false,
  assignments: {},
});

const evolve = (state: CurriculumState, event: StoredEvent): CurriculumState => {
  const s = event.type.startsWith('formation.curriculum.') ? { ...state, updatedAt: event.occurredAt } : state;
  switch (event.type) {
    case 'formation.curriculum.created': {
      const { curriculumId, churchId, createdBy, content } = event.data;
      return { ...s, exists: true, curriculumId, churchId, createdBy, createdAt: event.occurredAt, draft: content, revision: 1 };
    }
    case 'formation.curriculum.draft-saved':
      return { ...s, draft: event.data.content, revision: s.revision + 1 };
    case 'formation.curriculum.published':
      return {
        ...s,
        published: event.data.version,
        publishedRevision: s.revision,
        versions: { ...s.versions, [event.data.version]: { publishedAt: event.occurredAt, weeks: event.data.content.weeks.length } },
      };
    case 'formation.curriculum.archived':
      return { ...s, archived: true };
    case 'formation.curriculum.restored':
      return { ...s, archived: false };
    case 'formation.curriculum.assigned': {
      const { assignmentId, version, audience, groupIds, startDate, assignedAt } = event.data;
      const assignment = {
        assignmentId,
        version,
        audience,
        groupIds,
        startDate,
        assignedAt,
        weeks: s.versions[version]?.weeks ?? 0,
        ended: false,
      };
      return { ...s, assignments: { ...s.assignments, [assignmentId]: assignment } };
    }
    case 'formation.curriculum.assignment-ended': {
      const assignment = s.assignments[event.data.assignmentId];
      return assignment ? { ...s, assignments: { ...s.assignments, [assignment.assignmentId]: { ...assignment, ended: true } } } : s;
    }
    default:
      return s;
  }
};

/** A curriculum's stream as a decider: its head keeps the state, so a command is one keyed read. */

const notFound = (what: string = m.curriculum) => new Refusal(errorCodes.notFound, `${what} was not found.`);
const conflict = (message: string) => new Refusal(errorCodes.conflict, message);

type CurriculumEvent = NewEvent;
const ev = <T extends EventTypesOf<'formation.curriculum.'>>(type: T, data: EventData<T>): CurriculumEvent =>
  ({ type, data, subjectId: null }) as CurriculumEvent;

const ids = (s: CurriculumState) => ({ curriculumId: s.curriculumId, churchId: s.churchId });

export const assertExists = (s: CurriculumState): void => {
  if (!s.exists) throw notFound();
};
const assertEditable = (s: CurriculumState): void => {
  assertExists(s);
  if (s.archived) throw conflict(m.archived);
};

export interface CreateCurriculum {
  type: 'CreateCurriculum';
  curriculumId: string;
  churchId: string;
  createdBy: string;
  content: CurriculumContent;
  duplicatedFrom: EventData<'formation.curriculum.created'>['duplicatedFrom'];
}

/** A repeated create (a retried request) finds it there and does nothing. */
const decideCreate = (s: CurriculumState, { type: _type, ...c }: CreateCurriculum): CurriculumEvent[] =>
  s.exists ? [] : [ev('formation.curriculum.created', c)];

/** Replaces the draft; refused when someone saved since `revision` (their words would be lost). */
const decideSaveDraft = (s: CurriculumState, c: { by: string; revision: number; content: CurriculumContent }): CurriculumEvent[] => {
  assertEditable(s);
  if (c.revision !== s.revision) throw new Refusal(errorCodes.conflict, m.draftChanged);
  if (sameContent(c.content, s.draft)) return [];
  return [ev('formation.curriculum.draft-saved', { ...ids(s), savedBy: c.by, content: c.content })];
};

/** The draft becomes the next version, frozen; publishing the same draft again is refused, not repeated. */
const decidePublish = (s: CurriculumState, by: string): CurriculumEvent[] => {
  assertEditable(s);
  const problems = publishProblems(s.draft);
  if (problems.length > 0) throw new Refusal(errorCodes.conflict, problems.join(' '));
  if (s.published > 0 && s.publishedRevision === s.revision) throw conflict(m.nothingNewToPublish);
  return [ev('formation.curriculum.published', { ...ids(s), version: s.published + 1, publishedBy: by, content: s.draft })];
};

/** Assignments neither ended nor over by `today` (the church's date). */
export const activeAssignments = (s: CurriculumState, today: LocalDate): AssignmentState[] =>
  Object.values(s.assignments).filter((a) => {
    const state = assignmentState(a, today);
    return state === 'running' || state === 'upcoming';
  });

const decideArchive = (s: CurriculumState, by: string, today: LocalDate): CurriculumEvent[] => {
  assertExists(s);
  if (s.archived) return [];
  if (activeAssignments(s, today).length > 0) throw conflict(m.stillAssigned);
  return [ev('formation.curriculum.archived', { ...ids(s), archivedBy: by })];
};

const decideRestore = (s: CurriculumState, by: string): CurriculumEvent[] => {
  assertExists(s);
  return s.archived ? [ev('formation.curriculum.restored', { ...ids(s), restoredBy: by })] : [];
};

export interface AssignCurriculum {
  type: 'AssignCurriculum';
  curriculumId: string;
  assignmentId: string;
  audience: 'church' | 'groups';
  groupIds: string[];
  startDate: LocalDate;
  by: string;
  now: Date;
}

/** Assigns the latest published version; an assignment keeps that version (docs/curricula.md). */
const decideAssign = (s: CurriculumState, c: AssignCurriculum): CurriculumEvent[] => {
  assertEditable(s);
  if (s.published === 0) throw conflict(m.nothingPublished);
  if (s.assignments[c.assignmentId]) return [];
  return [
    ev('formation.curriculum.assigned', {
      ...ids(s),
      assignmentId: c.assignmentId,
      version: s.published,
      audience: c.audience,
      groupIds: c.audience === 'church' ? [] : [...new Set(c.groupIds)],
      startDate: c.startDate,
      assignedBy: c.by,
      assignedAt: c.now.toISOString(),
    }),
  ];
};

/** Ends an assignment now; members' plans stop following it (what they checked off stays). */
const decideEndAssignment = (s: CurriculumState, c: { assignmentId: string; by: string }): CurriculumEvent[] => {
  assertExists(s);
  const assignment = s.assignments[c.assignmentId];
  if (!assignment) throw notFound(m.assignment);
  if (assignment.ended) return [];
  return [ev('formation.curriculum.assignment-ended', { ...ids(s), assignmentId: c.assignmentId, endedBy: c.by })];
};

type OnCurriculum = { curriculumId: string; by: string };

/** What a church's admins can ask of one of its curricula (who may ask is checked before, by the service). */
export type CurriculumCommand =
  | CreateCurriculum
  | ({ type: 'SaveCurriculumDraft'; revision: number; content: CurriculumContent } & OnCurriculum)
  | ({ type: 'PublishCurriculum' } & OnCurriculum)
  | ({ type: 'ArchiveCurriculum'; today: LocalDate } & OnCurriculum)
  | ({ type: 'RestoreCurriculum' } & OnCurriculum)
  | AssignCurriculum
  | ({ type: 'EndCurriculumAssignment'; assignmentId: string } & OnCurriculum);

/** The curriculum aggregate, one `curriculum-<id>` stream per curriculum; its state is kept as a snapshot in the stream head. */
export const curriculumDecider: CommandDecider<CurriculumCommand, CurriculumState> = {
  name: 'curriculum',
  stateVersion: 1,
  initialState: empty,
  evolve,
  decide: (c, s) => {
    switch (c.type) {
      case 'CreateCurriculum':
        return decideCreate(s, c);
      case 'SaveCurriculumDraft':
        return decideSaveDraft(s, c);
      case 'PublishCurriculum':
        return decidePublish(s, c.by);
      case 'ArchiveCurriculum':
        return decideArchive(s, c.by, c.today);
      case 'RestoreCurriculum':
        return decideRestore(s, c.by);
      case 'AssignCurriculum':
        return decideAssign(s, c);
      case 'EndCurriculumAssignment':
        return decideEndAssignment(s, c);
    }
  },
};
