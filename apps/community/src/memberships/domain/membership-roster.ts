import type { MemberEntry, MembershipFact } from './membership';

/**
 * Who belongs to one group or church and who waits, as a read model keeps it in the group's or church's document
 * (a group's roster, a church's page): members by id, requests by request id with the date they were asked.
 */
export interface MembershipRoster<R extends string = string> {
  members: Record<string, MemberEntry<R>>;
  requests: Record<string, { userId: string; requestedAt: string }>;
}

/** Applies one membership fact in place; `occurredAt`: when its event happened (a request's date). */
export const applyMembershipToRoster = <R extends string>(roster: MembershipRoster<R>, fact: MembershipFact, occurredAt: string): void => {
  const member = roster.members[fact.userId];
  switch (fact.type) {
    case 'joined':
      roster.members[fact.userId] = { role: fact.role as R, joinedAt: fact.joinedAt };
      break;
    case 'left':
      delete roster.members[fact.userId];
      break;
    case 'role-changed':
      if (member) member.role = fact.role as R;
      break;
    case 'sharing-changed':
      if (member) member.shares = fact.shares;
      break;
    case 'requested':
      roster.requests[fact.requestId] = { userId: fact.userId, requestedAt: new Date(occurredAt).toISOString() };
      break;
    case 'request-closed':
      delete roster.requests[fact.requestId];
      break;
  }
};

/** Current members, longest-standing first, each with their sharing choice. */
export const rosterMembers = <R extends string>(roster: MembershipRoster<R>): Array<{ userId: string; role: R; joinedAt: string; shares: boolean }> =>
  Object.entries(roster.members)
    .map(([userId, m]) => ({ userId, ...m, shares: m.shares === true }))
    .sort((a, b) => a.joinedAt.localeCompare(b.joinedAt));

/** Pending requests, oldest first. */
export const rosterRequests = (roster: Pick<MembershipRoster, 'requests'>): Array<{ id: string; userId: string; requestedAt: string }> =>
  Object.entries(roster.requests)
    .map(([id, r]) => ({ id, ...r }))
    .sort((a, b) => a.requestedAt.localeCompare(b.requestedAt));
