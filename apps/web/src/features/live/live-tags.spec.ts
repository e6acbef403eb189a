import { mergeTags, reconnectDelay, tagsForChange, tagsForResync } from './live-tags';

describe('what a pushed change refetches', () => {
  it('the bell for a notification', () => {
    expect(tagsForChange({ kind: 'notifications' })).toEqual(['Notifications']);
  });

  it("a group's card in My Groups, its page, members, requests, dashboard and prayers", () => {
    expect(tagsForChange({ kind: 'group', groupId: 'g1' })).toEqual(
      expect.arrayContaining(['MyGroups', { type: 'Group', id: 'g1' }, 'GroupDashboard', 'GroupRequests', 'GroupMembers', 'Prayers']),
    );
  });

  it('My uploads and the library for an upload, the Review Queue for moderators', () => {
    expect(tagsForChange({ kind: 'upload', resourceId: 'r1' })).toEqual(['Resources']);
    expect(tagsForChange({ kind: 'review-queue' })).toEqual(['ReviewQueue', 'ModerationAudit']);
  });

  it("an import's progress, report and the church's list of imports for the admin who started it", () => {
    expect(tagsForChange({ kind: 'member-import', importId: 'i1' })).toEqual([
      { type: 'MemberImport', id: 'i1' },
      'MemberImportRows',
      'MemberImports',
    ]);
  });

  it('everything after a resync, every group included', () => {
    const all = tagsForResync();
    expect(all).toEqual(expect.arrayContaining(['Notifications', 'MyGroups', 'Group', 'GroupDashboard', 'Resources', 'ReviewQueue']));
    expect(all.some((t) => typeof t !== 'string')).toBe(false);
  });

  it('several changes at once refetch each screen once', () => {
    expect(mergeTags([['Notifications'], ['Notifications', { type: 'Group', id: 'a' }], [{ type: 'Group', id: 'a' }, 'MyGroups']])).toEqual(
      ['Notifications', { type: 'Group', id: 'a' }, 'MyGroups'],
    );
  });
});

describe('reconnecting', () => {
  it('waits 1 s, then twice as long each time, up to 30 s, never in lockstep', () => {
    expect([1, 2, 3, 6, 10].map((n) => reconnectDelay(n, () => 0.5))).toEqual([1000, 2000, 4000, 30_000, 30_000]);
    expect(reconnectDelay(1, () => 0)).toBe(800);
    expect(reconnectDelay(1, () => 1)).toBe(1200);
  });
});
