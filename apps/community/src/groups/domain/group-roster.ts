import type { EventPayload, GroupMemberRole } from '@abide/contracts';
import { memberGroupsEvents } from './member-groups';

/**
 * What a group's cards, member list and dashboard need of the group, kept as one document keyed by the group: its
 * current members, its pending join requests and its meeting ratings. One stream feeds it, so the last version
 * applied makes a repeated event harmless.
 */
export interface GroupRoster {
  /** `shares`: the member's choice to show this group's leaders their progress (absent: no, #26). */
  members: Record<string, { role: GroupMemberRole; joinedAt: string; shares?: boolean }>;
  /** Pending join requests by request id. */
  requests: Record<string, { userId: string; requestedAt: string }>;
  /** `userId:weekStart` → rating; rating again replaces it. */
  ratings: Record<string, number>;
  version: number;
}

export const emptyRoster = (): GroupRoster => ({ members: {}, requests: {}, ratings: {}, version: 0 });

export const groupRosterEvents = [...memberGroupsEvents, 'community.group.meeting-rated'] as const;

/** The fields of a group event the roster reads. */
export type GroupRosterEvent = EventPayload<(typeof groupRosterEvents)[number]> & { version: number; occurredAt: string };

/**
 * Applies one event of the group's stream in place; false when it was applied before. `ratingIsKept` says whether a
 * rating's author still has an account (a deleted account's ratings are forgotten, also when the log is replayed).
 */
export const applyToRoster = (roster: GroupRoster, event: GroupRosterEvent, ratingIsKept = true): boolean => {
  if (roster.version >= event.version) return false;
  const { userId } = event.data;
  switch (event.type) {
    case 'community.group.member-joined':
      roster.members[userId] = { role: event.data.role, joinedAt: new Date(event.data.joinedAt).toISOString() };
      break;
    case 'community.group.member-left':
      delete roster.members[userId];
      break;
    case 'community.group.member-removed':
      delete roster.members[userId];
      // A deleted account's ratings go with it.
      if (event.data.removedBy === 'system') forgetRatingsOf(roster, userId);
      break;
    case 'community.group.member-role-changed':
      if (roster.members[userId]) roster.members[userId].role = event.data.role;
      break;
    case 'community.group.member-sharing-changed':
      if (roster.members[userId]) roster.members[userId].shares = event.data.shares;
      break;
    case 'community.group.join-requested':
      roster.requests[event.data.requestId] = { userId, requestedAt: new Date(event.occurredAt).toISOString() };
      break;
    case 'community.group.join-request-approved':
    case 'community.group.join-request-declined':
    case 'community.group.join-request-withdrawn':
      delete roster.requests[event.data.requestId];
      break;
    case 'community.group.meeting-rated':
      if (ratingIsKept) roster.ratings[`${userId}:${event.data.weekStart}`] = event.data.rating;
      break;
    default:
      return false;
  }
  roster.version = event.version;
  return true;
};

/** Current members, longest-serving first. */
export const rosterMembers = (roster: GroupRoster): Array<{ userId: string; role: GroupMemberRole; joinedAt: string; shares: boolean }> =>
  Object.entries(roster.members)
    .map(([userId, m]) => ({ userId, ...m, shares: m.shares === true }))
    .sort((a, b) => a.joinedAt.localeCompare(b.joinedAt));

/** Pending join requests, oldest first. */
export const rosterRequests = (roster: GroupRoster): Array<{ id: string; userId: string; requestedAt: string }> =>
  Object.entries(roster.requests)
    .map(([id, r]) => ({ id, ...r }))
    .sort((a, b) => a.requestedAt.localeCompare(b.requestedAt));

/** Forgets every rating of one member (account deletion). False when there was none. */
export const forgetRatingsOf = (roster: GroupRoster, userId: string): boolean => {
  const keys = Object.keys(roster.ratings).filter((key) => key.startsWith(`${userId}:`));
  for (const key of keys) delete roster.ratings[key];
  return keys.length > 0;
};
