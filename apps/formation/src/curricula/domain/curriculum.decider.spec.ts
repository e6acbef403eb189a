import { curriculumMessages as m, errorCodes } from '@abide/contracts';
import type { NewEvent } from '@abide/event-store';
import { deciderSpec } from '@abide/event-store/src/testing/decider-specification';
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
});
