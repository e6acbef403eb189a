import { errorCodes, Refusal } from '@abide/contracts';
import type { NewEvent } from '@abide/event-store';
import {
  decideApprove,
  decideCreate,
  decideProcessed,
  decideReport,
  decideSubmitDraft,
  foldResource,
  OWN_UPLOAD_MESSAGE,
  type ResourceState,
} from './resource.decider';

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
const after = (...batches: NewEvent[][]): ResourceState => foldResource(batches.flat());
const created = (visibility: 'public' | 'group' | 'private' = 'public', draft = false) =>
  decideCreate(after(), {
    resourceId: 'r1',
    ownerId: 'owner',
    fields: { ...fields, visibility, groupId: visibility === 'group' ? 'g1' : null },
    file,
    draft,
  });
const processed = (state: ResourceState) => decideProcessed(state, { pages: null, words: 1, excerpt: 'x', storageKey: 'owner/key' });

describe(foldResource.name, () => {
  it('returns a processing resource after a direct submission and a draft after a draft', () => {
    expect(after(created()).stage).toBe('processing');
    expect(after(created('public', true)).stage).toBe('draft');
  });
});

describe(decideProcessed.name, () => {
  it('returns queued-for-review for a public resource and published for a group one', () => {
    expect(processed(after(created())).map((e) => e.type)).toEqual(['library.resource.processed', 'library.resource.queued-for-review']);
    expect(processed(after(created('group'))).map((e) => e.type)).toEqual(['library.resource.processed', 'library.resource.published']);
  });

  it('returns nothing when run again after processing (idempotent job)', () => {
    const first = created();
    expect(processed(after(first, processed(after(first))))).toEqual([]);
  });
});

describe(decideApprove.name, () => {
  it('refuses the uploader themselves with a clear message', () => {
    const state = after(created(), processed(after(created())));
    const sut = () => decideApprove(state, { moderatorId: 'owner', decidedAt: new Date().toISOString() });
    expect(sut).toThrow(expect.objectContaining({ code: errorCodes.forbidden }));
    expect(sut).toThrow(OWN_UPLOAD_MESSAGE);
  });

  it('refuses a resource that is not in review', () => {
    expect(() => decideApprove(after(created()), { moderatorId: 'mod', decidedAt: new Date().toISOString() })).toThrow(
      /not waiting for review/,
    );
  });
});

describe(decideReport.name, () => {
  it('returns queued-for-review with the report that reaches the threshold of distinct reporters', () => {
    const c = created();
    const approved = decideApprove(after(c, processed(after(c))), { moderatorId: 'mod', decidedAt: new Date().toISOString() });
    let history: NewEvent[] = [...c, ...processed(after(c)), ...approved];
    const types: string[][] = [];
    for (const reporterId of ['a', 'b', 'c']) {
      const events = decideReport(foldResource(history), { reporterId, reason: 'bad', threshold: 3 });
      types.push(events.map((e) => e.type));
      history = [...history, ...events];
    }
    expect(types[1]).toEqual(['library.resource.reported']);
    expect(types[2]).toEqual(['library.resource.reported', 'library.resource.queued-for-review']);
    expect(foldResource(history).stage).toBe('in-review');
  });

  it('refuses a second report by the same member and any report by the owner', () => {
    const c = created('private');
    const state = after(c, processed(after(c)));
    expect(() => decideReport(state, { reporterId: 'x', reason: 'r', threshold: 3 })).toThrow(Refusal);
  });
});

describe(decideSubmitDraft.name, () => {
  it("answers not-found to anyone but the draft's owner", () => {
    expect(() => decideSubmitDraft(after(created('public', true)), { userId: 'someone', fields: { ...fields } })).toThrow(
      expect.objectContaining({ code: errorCodes.notFound }),
    );
  });
});
