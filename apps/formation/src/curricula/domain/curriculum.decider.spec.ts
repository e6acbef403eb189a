import { curriculumMessages as m, errorCodes } from '@abide/contracts';
import type { NewEvent } from '@abide/event-store';
import { deciderSpec } from '@abide/event-store/src/testing/decider-specification';
import type { CurriculumActivity, CurriculumContent } from './curriculum-content';
import { type CurriculumCommand, curriculumDecider } from './curriculum.decider';

const { given } = deciderSpec(curriculumDecider);
const ids = { curriculumId: 'c1', churchId: 'ch1' };
const content = { title: 'Advent', description: '', weeks: [] };
const create: CurriculumCommand = { type: 'CreateCurriculum', ...ids, createdBy: 'admin', content, duplicatedFrom: null };
const created: NewEvent = {
  type: 'formation.curriculum.created',
  subjectId: null,
  data: { ...ids, createdBy: 'admin', content, duplicatedFrom: null },
};
const archived: NewEvent = { type: 'formation.curriculum.archived', subjectId: null, data: { ...ids, archivedBy: 'admin' } };
const on = { curriculumId: 'c1', by: 'admin' };
const activity: CurriculumActivity = {
  id: 'a1',
  name: 'Read',
  description: '',
  durationMinutes: 10,
  scripture: null,
  reflectionPrompt: null,
};
const weekOf = (id: string, activities: CurriculumActivity[]) => ({ id, title: 'Waiting', summary: '', days: [{ activities }] });
const oneWeek: CurriculumContent = { ...content, weeks: [weekOf('w1', [activity])] };
const saved = (draft: CurriculumContent): NewEvent => ({
  type: 'formation.curriculum.draft-saved',
  subjectId: null,
  data: { ...ids, savedBy: 'admin', content: draft },
});
const published = (version: number, draft: CurriculumContent = oneWeek): NewEvent => ({
  type: 'formation.curriculum.published',
  subjectId: null,
  data: { ...ids, version, publishedBy: 'admin', content: draft },
});
const assign = (groupIds: string[]): CurriculumCommand => ({
  type: 'AssignCurriculum',
  ...on,
  assignmentId: 'as1',
  audience: 'groups',
  groupIds,
  startDate: '2026-03-01',
  now: new Date('2026-02-20T00:00:00Z'),
});
const assigned: NewEvent = {
  type: 'formation.curriculum.assigned',
  subjectId: null,
  data: {
    ...ids,
    assignmentId: 'as1',
    version: 1,
    audience: 'groups',
    groupIds: ['g1', 'g2'],
    startDate: '2026-03-01',
    assignedBy: 'admin',
    assignedAt: '2026-02-20T00:00:00.000Z',
  },
};
const ended: NewEvent = {
  type: 'formation.curriculum.assignment-ended',
  subjectId: null,
  data: { ...ids, assignmentId: 'as1', endedBy: 'admin' },
};
/** Created, given a week and published as version 1. */
const publishedOnce = [created, saved(oneWeek), published(1)];

describe('curriculum decider', () => {
  it('creates the curriculum once: a retried create decides nothing', () => {
    given([]).when(create).then([created]);
    given([created]).when(create).thenNothing();
  });

  it('refuses a command on a curriculum that does not exist (404)', () => {
    given([])
      .when({ type: 'PublishCurriculum', ...on })
      .thenThrows(errorCodes.notFound, `${m.curriculum} was not found.`);
    given([])
      .when({ type: 'RestoreCurriculum', ...on })
      .thenThrows(errorCodes.notFound);
  });

  it('refuses a draft saved over a newer revision, and saves nothing when the content is the same', () => {
    given([created])
      .when({ type: 'SaveCurriculumDraft', ...on, revision: 5, content })
      .thenThrows(errorCodes.conflict, m.draftChanged);
    given([created])
      .when({ type: 'SaveCurriculumDraft', ...on, revision: 1, content })
      .thenNothing();
  });

  it('refuses to assign what was never published, and any change once archived (409)', () => {
    const assign: CurriculumCommand = {
      type: 'AssignCurriculum',
      ...on,
      assignmentId: 'a1',
      audience: 'church',
      groupIds: [],
      startDate: '2026-03-01',
      now: new Date('2026-02-20T00:00:00Z'),
    };
    given([created]).when(assign).thenThrows(errorCodes.conflict, m.nothingPublished);
    given([created, archived]).when(assign).thenThrows(errorCodes.conflict, m.archived);
  });

  it('archives once and restores an archived curriculum', () => {
    given([created])
      .when({ type: 'ArchiveCurriculum', ...on, today: '2026-03-01' })
      .then([archived]);
    given([created, archived])
      .when({ type: 'ArchiveCurriculum', ...on, today: '2026-03-01' })
      .thenNothing();
    given([created, archived])
      .when({ type: 'RestoreCurriculum', ...on })
      .then([{ type: 'formation.curriculum.restored', subjectId: null, data: { ...ids, restoredBy: 'admin' } }]);
    given([created])
      .when({ type: 'RestoreCurriculum', ...on })
      .thenNothing();
  });

  it('refuses to end an assignment the curriculum does not have (404)', () => {
    given([created])
      .when({ type: 'EndCurriculumAssignment', ...on, assignmentId: 'nope' })
      .thenThrows(errorCodes.notFound, `${m.assignment} was not found.`);
  });

  it('saves a changed draft at the revision it was loaded at, and refuses a save once archived (409)', () => {
    given([created])
      .when({ type: 'SaveCurriculumDraft', ...on, revision: 1, content: oneWeek })
      .then([saved(oneWeek)]);
    given([created, archived])
      .when({ type: 'SaveCurriculumDraft', ...on, revision: 1, content: oneWeek })
      .thenThrows(errorCodes.conflict, m.archived);
  });

  it('publishes the draft as the next version, and refuses a draft with no week, a week with no activity or no change (409)', () => {
    given([created, saved(oneWeek)])
      .when({ type: 'PublishCurriculum', ...on })
      .then([published(1)]);
    given([created])
      .when({ type: 'PublishCurriculum', ...on })
      .thenThrows(errorCodes.conflict, m.noWeeks);
    given([created, saved({ ...content, weeks: [weekOf('w1', [activity]), weekOf('w2', [])] })])
      .when({ type: 'PublishCurriculum', ...on })
      .thenThrows(errorCodes.conflict, m.weekWithoutActivities(2));
    given(publishedOnce)
      .when({ type: 'PublishCurriculum', ...on })
      .thenThrows(errorCodes.conflict, m.nothingNewToPublish);
    given([...publishedOnce, saved({ ...oneWeek, title: 'Advent, again' })])
      .when({ type: 'PublishCurriculum', ...on })
      .thenMatches([{ type: 'formation.curriculum.published', data: { version: 2 } }]);
    given([created, saved(oneWeek), archived])
      .when({ type: 'PublishCurriculum', ...on })
      .thenThrows(errorCodes.conflict, m.archived);
  });

  it('assigns the latest published version once, each group named once', () => {
    given(publishedOnce)
      .when(assign(['g1', 'g2', 'g1']))
      .then([assigned]);
    given([...publishedOnce, assigned])
      .when(assign(['g1', 'g2']))
      .thenNothing();
  });

  it('refuses to archive while an assignment is upcoming or running (409), and archives once it ended or is over', () => {
    const archive = (today: string): CurriculumCommand => ({ type: 'ArchiveCurriculum', ...on, today });
    given([...publishedOnce, assigned])
      .when(archive('2026-02-25'))
      .thenThrows(errorCodes.conflict, m.stillAssigned);
    given([...publishedOnce, assigned])
      .when(archive('2026-03-03'))
      .thenThrows(errorCodes.conflict, m.stillAssigned);
    given([...publishedOnce, assigned])
      .when(archive('2026-04-01'))
      .then([archived]);
    given([...publishedOnce, assigned, ended])
      .when(archive('2026-03-03'))
      .then([archived]);
  });

  it('ends an assignment once', () => {
    given([...publishedOnce, assigned])
      .when({ type: 'EndCurriculumAssignment', ...on, assignmentId: 'as1' })
      .then([ended]);
    given([...publishedOnce, assigned, ended])
      .when({ type: 'EndCurriculumAssignment', ...on, assignmentId: 'as1' })
      .thenNothing();
  });
});
