import type { EventPayload, GroupMemberRole } from '@abide/contracts';
import { applyMembershipToRoster, membershipEventTypes, membershipFactOf, type MembershipRoster } from '../../memberships/membership-model.port';

/** What a group's screens list of its roster: the same for every membership roster. */
export { rosterMembers, rosterRequests } from '../../memberships/membership-model.port';

/**
 * What a group's cards, member list and dashboard need of the group, kept as one document keyed by the group: its
 * current members, its pending join requests and its meeting ratings. One stream feeds it, so the last version
 * applied makes a repeated event harmless.
 */
export interface GroupRoster extends MembershipRoster<GroupMemberRole> {
  /** `userId:weekStart` → rating; rating again replaces it. */
  ratings: Record<string, number>;
  version: number;
}

export const emptyRoster = (): GroupRoster => ({ members: {}, requests: {}, ratings: {}, version: 0 });

export const groupRosterEvents = [...membershipEventTypes('group'), 'community.group.meeting-rated'] as const;

/** The fields of a group event the roster reads. */
export type GroupRosterEvent = EventPayload<(typeof groupRosterEvents)[number]> & { version: number; occurredAt: string };

/**
 * Applies one event of the group's stream in place; false when it was applied before. `ratingIsKept` says whether a
 * rating's author still has an account (a deleted account's ratings are forgotten, also when the log is replayed).
 */
export const applyToRoster = (roster: GroupRoster, event: GroupRosterEvent, ratingIsKept = true): boolean => {
  if (roster.version >= event.version) return false;
  const fact = membershipFactOf('group', event);
  if (fact) {
    applyMembershipToRoster(roster, fact, event.occurredAt);
    // A deleted account's ratings go with it.
    if (fact.type === 'left' && fact.removedBy === 'system') forgetRatingsOf(roster, fact.userId);
  } else if (event.type === 'community.group.meeting-rated') {
    if (ratingIsKept) roster.ratings[`${event.data.userId}:${event.data.weekStart}`] = event.data.rating;
  } else {
    return false;
  }
  roster.version = event.version;
  return true;
};

/** Forgets every rating of one member (account deletion). False when there was none. */
export const forgetRatingsOf = (roster: GroupRoster, userId: string): boolean => {
  const keys = Object.keys(roster.ratings).filter((key) => key.startsWith(`${userId}:`));
  for (const key of keys) delete roster.ratings[key];
  return keys.length > 0;
};
