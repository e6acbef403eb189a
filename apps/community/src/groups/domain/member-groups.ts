import type { EventPayload, GroupMemberRole } from '@abide/contracts';

/**
 * What My Groups needs of one member, kept as one document keyed by the member: the groups they belong to (role,
 * joined at) and their pending join requests. Several group streams feed one document, so it remembers the last
 * version applied per stream to stay idempotent when an event is handed over again.
 */
export interface MemberGroups {
  /** `shares`: whether the member shows this group's leaders their progress (absent: no, #26). */
  groups: Record<string, { role: GroupMemberRole; joinedAt: string; shares?: boolean }>;
  /** Pending join requests by request id. */
  requests: Record<string, { groupId: string; requestedAt: string }>;
  /** Group stream id → the version last applied here. */
  versions: Record<string, number>;
}

export const emptyMemberGroups = (): MemberGroups => ({ groups: {}, requests: {}, versions: {} });

/** Group events about one member (`data.userId`) that change what My Groups shows. */
export const memberGroupsEvents = [
  'community.group.member-joined',
  'community.group.member-left',
  'community.group.member-removed',
  'community.group.member-role-changed',
  'community.group.member-sharing-changed',
  'community.group.join-requested',
  'community.group.join-request-approved',
  'community.group.join-request-declined',
  'community.group.join-request-withdrawn',
] as const;

/** The fields of a group event this document reads. */
export type MemberGroupsEvent = EventPayload<(typeof memberGroupsEvents)[number]> & {
  streamId: string;
  version: number;
  occurredAt: string;
};

/** Applies one event to the member's document in place; false when it was applied before (or changes nothing here). */
export const applyToMemberGroups = (doc: MemberGroups, event: MemberGroupsEvent): boolean => {
  if ((doc.versions[event.streamId] ?? 0) >= event.version) return false;
  const { groupId } = event.data;
  switch (event.type) {
    case 'community.group.member-joined':
      doc.groups[groupId] = { role: event.data.role, joinedAt: new Date(event.data.joinedAt).toISOString() };
      break;
    case 'community.group.member-left':
    case 'community.group.member-removed':
      delete doc.groups[groupId];
      break;
    case 'community.group.member-role-changed': {
      const group = doc.groups[groupId];
      if (group) group.role = event.data.role;
      break;
    }
    case 'community.group.member-sharing-changed': {
      const group = doc.groups[groupId];
      if (group) group.shares = event.data.shares;
      break;
    }
    case 'community.group.join-requested':
      doc.requests[event.data.requestId] = { groupId, requestedAt: new Date(event.occurredAt).toISOString() };
      break;
    case 'community.group.join-request-approved':
    case 'community.group.join-request-declined':
    case 'community.group.join-request-withdrawn':
      delete doc.requests[event.data.requestId];
      break;
    default:
      return false;
  }
  doc.versions[event.streamId] = event.version;
  return true;
};

/** The member's groups, newest membership first. */
export const groupsOf = (doc: MemberGroups): Array<{ groupId: string; role: GroupMemberRole; joinedAt: string; shares: boolean }> =>
  Object.entries(doc.groups)
    .map(([groupId, g]) => ({ groupId, ...g, shares: g.shares === true }))
    .sort((a, b) => b.joinedAt.localeCompare(a.joinedAt));

/** Ids of the groups the member asked to join and still waits for. */
export const pendingGroupIds = (doc: MemberGroups): Set<string> => new Set(Object.values(doc.requests).map((r) => r.groupId));
