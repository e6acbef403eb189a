import type { LiveChange } from '@abide/contracts';

/** A cache tag of the app's API slice (the features' `providesTags`), by type and optionally id. */
export type LiveTag = string | { type: string; id: string };

/**
 * What each pushed change makes stale on screen (docs/architecture.md, "Live updates"). The tags are the features'
 * own: the bell (notificationsApi), My Groups, a group's page, members, requests, dashboard and prayers (groupsApi),
 * the groups an upload can be shared with, the library and My uploads (libraryApi), the Review Queue and the audit
 * trail (moderationApi), a church's member import with its report and list (memberImportsApi). Only queries on
 * screen refetch; the rest are fetched afresh when next shown.
 */
export const tagsForChange = (change: LiveChange): LiveTag[] => {
  switch (change.kind) {
    case 'notifications':
      return ['Notifications'];
    case 'group':
      return [
        'MyGroups',
        'DiscoverGroups',
        { type: 'Group', id: change.groupId },
        'GroupMembers',
        'GroupRequests',
        'GroupDashboard',
        'Prayers',
        'LibraryGroups',
      ];
    case 'upload':
      return ['Resources'];
    case 'review-queue':
      return ['ReviewQueue', 'ModerationAudit'];
    case 'member-import':
      return [{ type: 'MemberImport', id: change.importId }, 'MemberImportRows', 'MemberImports'];
  }
};

/** After a gap the stream could not fill (`resync`): everything a change could have touched. */
export const tagsForResync = (): LiveTag[] => {
  const all: LiveTag[] = [
    ...tagsForChange({ kind: 'notifications' }),
    ...tagsForChange({ kind: 'group', groupId: '*' }).filter((t) => typeof t === 'string'),
    'Group',
    ...tagsForChange({ kind: 'upload', resourceId: '*' }),
    ...tagsForChange({ kind: 'review-queue' }),
    'MemberImport',
    'MemberImportRows',
    'MemberImports',
  ];
  return [...new Set(all)];
};

/** Several changes in a moment refetch once: the tags of a batch, each once. */
export const mergeTags = (batches: LiveTag[][]): LiveTag[] => {
  const seen = new Set<string>();
  return batches.flat().filter((tag) => {
    const key = typeof tag === 'string' ? tag : `${tag.type}:${tag.id}`;
    if (seen.has(key)) return false;
    seen.add(key);
    return true;
  });
};

/** The delay before reconnect attempt `attempt` (1-based): 1 s doubling up to 30 s, with ±20 % jitter. */
export const reconnectDelay = (attempt: number, random: () => number = Math.random): number =>
  Math.round(Math.min(30_000, 1000 * 2 ** Math.max(0, attempt - 1)) * (0.8 + 0.4 * random()));
