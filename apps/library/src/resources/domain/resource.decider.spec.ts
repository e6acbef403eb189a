import { errorCodes } from '@abide/contracts';
import type { NewEvent } from '@abide/event-store';
import { deciderSpec } from '@abide/event-store/src/testing/decider-specification';
import {
  ALREADY_REPORTED_MESSAGE,
  OWN_REPORT_MESSAGE,
  OWN_UPLOAD_MESSAGE,
  type ResourceCommand,
  resourceDecider,
} from './resource.decider';

const { given } = deciderSpec(resourceDecider);
const fields = {
  title: 'Psalms',
  description: '',
  category: 'study',
  tags: [] as string[],
  targetAudience: 'all-levels' as const,
  visibility: 'public' as const,
  groupId: null,
  churchId: null,
};
const file = { fileName: 'psalms.txt', fileType: 'txt', fileSize: 10, storageKey: 'owner/key', sha256: 'a'.repeat(64) } as const;
const base = { resourceId: 'r1', ownerId: 'owner' };
const create = (visibility: 'public' | 'group' = 'public', draft = false): ResourceCommand => ({
  type: 'CreateResource',
  ...base,
  fields: { ...fields, visibility, groupId: visibility === 'group' ? 'g1' : null },
  file,
  draft,
});
const submitted = (visibility: 'public' | 'group' = 'public'): NewEvent => ({
  type: 'library.resource.submitted',
  subjectId: 'owner',
  data: { ...base, fields: { ...fields, visibility, groupId: visibility === 'group' ? 'g1' : null }, file },
});
const drafted: NewEvent = { type: 'library.resource.drafted', subjectId: 'owner', data: { ...base, fields, file } };
const result = { pages: null, words: 1, excerpt: 'x', storageKey: 'owner/key' };
const process: ResourceCommand = { type: 'RecordProcessed', resourceId: 'r1', ...result };
const processed: NewEvent = { type: 'library.resource.processed', subjectId: 'owner', data: { ...base, ...result } };
const queued = (cause: 'submitted' | 'reports'): NewEvent => ({
  type: 'library.resource.queued-for-review',
  subjectId: 'owner',
  data: { ...base, cause },
});
const decidedAt = '2026-03-01T10:00:00.000Z';
const approved: NewEvent = {
  type: 'library.resource.approved',
  subjectId: 'owner',
  data: { ...base, moderatorId: 'mod', decidedAt, title: 'Psalms' },
};
const report = (reporterId: string): ResourceCommand => ({
  type: 'ReportResource',
  resourceId: 'r1',
  reporterId,
  reason: 'bad',
  threshold: 3,
});
const reported = (reporterId: string): NewEvent => ({
  type: 'library.resource.reported',
  subjectId: 'owner',
  data: { ...base, reporterId, reason: 'bad' },
});

describe('resource decider', () => {
  it('submits a new resource, or keeps it as a draft, once', () => {
    given([]).when(create()).then([submitted()]);
    given([]).when(create('public', true)).then([drafted]);
    given([submitted()]).when(create()).thenNothing();
  });

  it('queues a processed public resource for review and publishes a group one at once', () => {
    given([submitted()])
      .when(process)
      .then([processed, queued('submitted')]);
    given([submitted('group')])
      .when(process)
      .thenMatches([
        { type: 'library.resource.processed' },
        { type: 'library.resource.published', data: { visibility: 'group', groupId: 'g1' } },
      ]);
  });

  it('decides nothing when the processing job runs again (idempotent job)', () => {
    given([submitted(), processed, queued('submitted')])
      .when(process)
      .thenNothing();
  });

  it('refuses the uploader reviewing their own upload, and a resource not in review', () => {
    given([submitted(), processed, queued('submitted')])
      .when({ type: 'ApproveResource', resourceId: 'r1', moderatorId: 'owner', decidedAt })
      .thenThrows(errorCodes.forbidden, OWN_UPLOAD_MESSAGE);
    given([submitted()])
      .when({ type: 'ApproveResource', resourceId: 'r1', moderatorId: 'mod', decidedAt })
      .thenThrows(errorCodes.conflict, /not waiting for review/);
    given([submitted(), processed, queued('submitted')])
      .when({ type: 'ApproveResource', resourceId: 'r1', moderatorId: 'mod', decidedAt })
      .then([approved]);
  });

  it('sends the resource back to review with the report that reaches the threshold of distinct reporters', () => {
    const live = [submitted(), processed, queued('submitted'), approved];
    given(live)
      .when(report('a'))
      .then([reported('a')]);
    given([...live, reported('a'), reported('b')])
      .when(report('c'))
      .then([reported('c'), queued('reports')]);
  });

  it('refuses a second report by the same member and any report by the owner', () => {
    const live = [submitted(), processed, queued('submitted'), approved];
    given([...live, reported('a')])
      .when(report('a'))
      .thenThrows(errorCodes.conflict, ALREADY_REPORTED_MESSAGE);
    given(live).when(report('owner')).thenThrows(errorCodes.forbidden, OWN_REPORT_MESSAGE);
    given([submitted()]).when(report('a')).thenThrows(errorCodes.notFound);
  });

  it("answers not found to anyone but the draft's owner", () => {
    given([drafted])
      .when({ type: 'SubmitDraft', resourceId: 'r1', userId: 'someone', fields })
      .thenThrows(errorCodes.notFound, 'This resource was not found.');
    given([drafted])
      .when({ type: 'SubmitDraft', resourceId: 'r1', userId: 'owner', fields })
      .then([{ type: 'library.resource.submitted', subjectId: 'owner', data: { ...base, fields, file } }]);
  });

  it('lets the system delete what is already gone without a refusal, and refuses the owner', () => {
    given([]).when({ type: 'DeleteResource', resourceId: 'r1', userId: 'owner', system: true }).thenNothing();
    given([]).when({ type: 'DeleteResource', resourceId: 'r1', userId: 'owner' }).thenThrows(errorCodes.notFound);
  });
});
