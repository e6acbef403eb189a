import { resourceLiveNotices } from './resource-live';

const event = (type: string) => ({ type, data: { resourceId: 'r1', ownerId: 'owner-1' } }) as Parameters<typeof resourceLiveNotices>[0];

describe("the library's live signals", () => {
  it("tell the owner of every step of their upload, and the moderators when the Review Queue changes", () => {
    expect(resourceLiveNotices(event('library.resource.processed'))).toEqual([
      { to: { members: ['owner-1'] }, change: { kind: 'upload', resourceId: 'r1' } },
    ]);
    for (const type of ['queued-for-review', 'approved', 'rejected', 'deleted']) {
      expect(resourceLiveNotices(event(`library.resource.${type}`))).toEqual([
        { to: { members: ['owner-1'] }, change: { kind: 'upload', resourceId: 'r1' } },
        { to: { role: 'moderation' }, change: { kind: 'review-queue' } },
      ]);
    }
  });

  it('say nothing of a download, or of another aggregate', () => {
    expect(resourceLiveNotices(event('library.resource.downloaded'))).toEqual([]);
    expect(resourceLiveNotices(event('community.group.updated'))).toEqual([]);
  });
});
