import type { MembershipMark } from '../../activity/activity.port';
import { type IdFieldOf, idFieldOf, type MemberEntry, type MembershipFact, type MembershipKind, type RoleOf } from './membership';
import type { MembershipRoster } from './membership-roster';

/** Where a member's document keeps its memberships of each kind (the stored shapes of `member_groups_v2`, `member_churches_v2`). */
const listFieldOf = { group: 'groups', church: 'churches' } as const satisfies Record<MembershipKind, string>;
type ListFieldOf<K extends MembershipKind> = (typeof listFieldOf)[K];

/**
 * One member's groups, or churches, and their requests still waiting, as one document keyed by the member: My Groups,
 * My Churches, the frame's branding, sharing, account deletion. Several streams feed one document, so it remembers
 * the version it applied last per stream, which makes an event handed over again harmless.
 */
export type MemberMemberships<K extends MembershipKind> = {
  [F in ListFieldOf<K>]: Record<string, MemberEntry<RoleOf<K>>>;
} & {
  /** Pending requests by request id, each naming its group or church. */
  requests: Record<string, { [F in IdFieldOf<K>]: string } & { requestedAt: string }>;
  /** Stream id → the version last applied here. */
  versions: Record<string, number>;
};

export type MemberGroups = MemberMemberships<'group'>;
export type MemberChurches = MemberMemberships<'church'>;

/** The document before its first event. */
export const emptyMemberMemberships = <K extends MembershipKind>(kind: K): MemberMemberships<K> =>
  ({ [listFieldOf[kind]]: {}, requests: {}, versions: {} }) as MemberMemberships<K>;

/** The same document seen without its kind's field names, for the code that is the same for both. */
interface AnyMemberships {
  list: Record<string, MemberEntry>;
  requests: Record<string, { id: string; requestedAt: string }>;
}
const entriesOf = <K extends MembershipKind>(kind: K, doc: MemberMemberships<K>): Record<string, MemberEntry> =>
  (doc as unknown as Record<string, Record<string, MemberEntry>>)[listFieldOf[kind]];
const requestsOf = <K extends MembershipKind>(kind: K, doc: MemberMemberships<K>): AnyMemberships['requests'] =>
  Object.fromEntries(
    Object.entries(doc.requests as Record<string, Record<string, string>>).map(([requestId, r]) => [
      requestId,
      { id: r[idFieldOf[kind]], requestedAt: r.requestedAt },
    ]),
  );

/**
 * Applies one membership fact of the stream `streamId` at `version` to the member's document in place; false when it
 * was applied before (or changes nothing here). `occurredAt`: when the event happened (a request's date).
 */
export const applyToMemberMemberships = <K extends MembershipKind>(
  kind: K,
  doc: MemberMemberships<K>,
  fact: MembershipFact | null,
  event: { streamId: string; version: number; occurredAt: string },
): boolean => {
  if (!fact || (doc.versions[event.streamId] ?? 0) >= event.version) return false;
  const list = entriesOf(kind, doc);
  const requests = doc.requests as Record<string, unknown>;
  const entry = list[fact.id];
  switch (fact.type) {
    case 'joined':
      list[fact.id] = { role: fact.role, joinedAt: fact.joinedAt };
      break;
    case 'left':
      delete list[fact.id];
      break;
    case 'role-changed':
      if (entry) entry.role = fact.role;
      break;
    case 'sharing-changed':
      if (entry) entry.shares = fact.shares;
      break;
    case 'requested':
      requests[fact.requestId] = { [idFieldOf[kind]]: fact.id, requestedAt: new Date(event.occurredAt).toISOString() };
      break;
    case 'request-closed':
      delete requests[fact.requestId];
      break;
  }
  doc.versions[event.streamId] = event.version;
  return true;
};

/**
 * Sets the member's membership of one group or church and their requests to it to what its roster says at `version`
 * of its stream (a roster that has applied every event of the stream up to there): what applying the member's events
 * up to there gives, without reading the other members' events in between. False when the document already holds that
 * version or a later one.
 */
export const followRoster = <K extends MembershipKind>(
  kind: K,
  doc: MemberMemberships<K>,
  of: { id: string; streamId: string; version: number },
  userId: string,
  roster: MembershipRoster,
): boolean => {
  if ((doc.versions[of.streamId] ?? 0) >= of.version) return false;
  const list = entriesOf(kind, doc);
  const entry = roster.members[userId];
  if (entry) list[of.id] = { ...entry };
  else delete list[of.id];
  const requests = doc.requests as Record<string, Record<string, string>>;
  for (const [requestId, request] of Object.entries(requests)) if (request[idFieldOf[kind]] === of.id) delete requests[requestId];
  for (const [requestId, request] of Object.entries(roster.requests)) {
    if (request.userId === userId) requests[requestId] = { [idFieldOf[kind]]: of.id, requestedAt: request.requestedAt };
  }
  doc.versions[of.streamId] = of.version;
  return true;
};

/** One membership of the member: the group or church, their role, since when, and whether they share with it. */
export interface MembershipOfMember<R extends string> {
  id: string;
  role: R;
  joinedAt: string;
  shares: boolean;
}

/** The member's memberships of a kind, oldest first or newest first. */
export const membershipsOf = <K extends MembershipKind>(
  kind: K,
  doc: MemberMemberships<K>,
  order: 'oldest first' | 'newest first',
): Array<MembershipOfMember<RoleOf<K>>> =>
  Object.entries(entriesOf(kind, doc))
    .map(([id, m]) => ({ id, role: m.role as RoleOf<K>, joinedAt: m.joinedAt, shares: m.shares === true }))
    .sort((a, b) => (order === 'oldest first' ? a.joinedAt.localeCompare(b.joinedAt) : b.joinedAt.localeCompare(a.joinedAt)));

/** The member's requests still waiting, oldest first: the group or church each names, and when it was asked. */
export const pendingRequestsOf = <K extends MembershipKind>(
  kind: K,
  doc: MemberMemberships<K>,
): Array<{ id: string; requestedAt: string }> =>
  Object.values(requestsOf(kind, doc)).sort((a, b) => a.requestedAt.localeCompare(b.requestedAt));

/** The member's groups, newest membership first (My Groups). */
export const groupsOf = (doc: MemberGroups) => membershipsOf('group', doc, 'newest first').map(({ id, ...m }) => ({ groupId: id, ...m }));

/** Ids of the groups the member asked to join and still waits for. */
export const pendingGroupIds = (doc: MemberGroups): Set<string> => new Set(pendingRequestsOf('group', doc).map((r) => r.id));

/** The member's churches, oldest membership first (the first is the frame's default). */
export const churchesOf = (doc: MemberChurches) =>
  membershipsOf('church', doc, 'oldest first').map(({ id, ...m }) => ({ churchId: id, ...m }));

/** The member's requests to join a church still waiting, oldest first. */
export const pendingChurchRequests = (doc: MemberChurches): Array<{ churchId: string; requestedAt: string }> =>
  pendingRequestsOf('church', doc).map((r) => ({ churchId: r.id, requestedAt: r.requestedAt }));

/**
 * For the member's activity document (MemberActivity's `groups` and `churches`): each group or church whose stream
 * this document followed, whether the member is in it (a group: a member or a requester; a church: a member) and the
 * stream's version that said so. Each mark depends only on its own stream's events, so the version orders copies.
 */
export const membershipMarks = <K extends MembershipKind>(kind: K, doc: MemberMemberships<K>): Record<string, MembershipMark> => {
  const prefix = `${kind}-`;
  const members = entriesOf(kind, doc);
  const waiting = kind === 'group' ? new Set(Object.values(requestsOf(kind, doc)).map((r) => r.id)) : new Set<string>();
  return Object.fromEntries(
    Object.entries(doc.versions)
      .filter(([streamId]) => streamId.startsWith(prefix))
      .map(([streamId, version]) => {
        const id = streamId.slice(prefix.length);
        return [id, { in: id in members || waiting.has(id), version }];
      }),
  );
};
