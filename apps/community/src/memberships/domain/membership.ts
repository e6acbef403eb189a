import type { ChurchRole, GroupMemberRole } from '@abide/contracts';
import type { NewEvent, StoredEvent } from '@abide/event-store';

/**
 * Membership is one model for groups and churches: a member joins (at once or by a request someone decides), holds a
 * role, chooses whether to share their progress, leaves or is removed. Each kind keeps it on its own stream with its
 * own event names (`community.group.member-joined`, `community.church.member-joined`, …: stored events are frozen
 * contracts), and this module reads both the same way.
 */
export type MembershipKind = 'group' | 'church';

export interface MembershipRoles {
  group: GroupMemberRole;
  church: ChurchRole;
}
export type RoleOf<K extends MembershipKind> = MembershipRoles[K];

/** The field that names the group or the church in a membership event's data. */
export const idFieldOf = { group: 'groupId', church: 'churchId' } as const satisfies Record<MembershipKind, string>;
export type IdFieldOf<K extends MembershipKind> = (typeof idFieldOf)[K];

/** What one member's membership holds: their role, since when, and their own sharing choice (off until turned on, #26). */
export interface MemberEntry<R extends string = string> {
  role: R;
  joinedAt: string;
  shares?: boolean;
}

/** The names after `community.<kind>.` that membership events share across both kinds. */
export const membershipEventNames = [
  'member-joined',
  'member-left',
  'member-removed',
  'member-role-changed',
  'member-sharing-changed',
  'join-requested',
  'join-request-approved',
  'join-request-declined',
  'join-request-withdrawn',
] as const;
export type MembershipEventName = (typeof membershipEventNames)[number];

/** A membership event's full type for a kind, e.g. `community.church.member-left`. */
export type MembershipEventType<K extends MembershipKind = MembershipKind, N extends MembershipEventName = MembershipEventName> =
  `community.${K}.${N}`;

export const membershipEventType = <K extends MembershipKind, N extends MembershipEventName>(kind: K, name: N) =>
  `community.${kind}.${name}` as MembershipEventType<K, N>;

/** Every membership event type of a kind, for read models that follow them all. */
export const membershipEventTypes = <K extends MembershipKind>(kind: K) => membershipEventNames.map((name) => membershipEventType(kind, name));

/** One membership event read the same way for either kind: `id` is the group or the church. */
export type MembershipFact =
  | { type: 'joined'; id: string; userId: string; role: string; joinedAt: string }
  | { type: 'left'; id: string; userId: string; removedBy: string | null }
  | { type: 'role-changed'; id: string; userId: string; role: string }
  | { type: 'sharing-changed'; id: string; userId: string; shares: boolean }
  | { type: 'requested'; id: string; userId: string; requestId: string }
  | { type: 'request-closed'; id: string; userId: string; requestId: string };

/** The data fields membership events carry (each schema has the ones its event needs). */
interface MembershipData {
  userId: string;
  role?: string;
  joinedAt?: string;
  shares?: boolean;
  requestId?: string;
  removedBy?: string;
}

/** The membership fact an event of this kind states, or null for any other event (the group's name, a rating…). */
export const membershipFactOf = (kind: MembershipKind, event: { type: string; data: unknown }): MembershipFact | null => {
  const prefix = `community.${kind}.`;
  if (!event.type.startsWith(prefix)) return null;
  const data = event.data as MembershipData & Record<string, unknown>;
  const id = String(data[idFieldOf[kind]]);
  const { userId } = data;
  switch (event.type.slice(prefix.length) as MembershipEventName) {
    case 'member-joined':
      return { type: 'joined', id, userId, role: data.role!, joinedAt: new Date(data.joinedAt!).toISOString() };
    case 'member-left':
      return { type: 'left', id, userId, removedBy: null };
    case 'member-removed':
      return { type: 'left', id, userId, removedBy: data.removedBy ?? null };
    case 'member-role-changed':
      return { type: 'role-changed', id, userId, role: data.role! };
    case 'member-sharing-changed':
      return { type: 'sharing-changed', id, userId, shares: data.shares === true };
    case 'join-requested':
      return { type: 'requested', id, userId, requestId: data.requestId! };
    case 'join-request-approved':
    case 'join-request-declined':
    case 'join-request-withdrawn':
      return { type: 'request-closed', id, userId, requestId: data.requestId! };
    default:
      return null;
  }
};

/** One new membership event of a kind, its data checked by its schema when it is appended. */
export const membershipEvent = <K extends MembershipKind>(
  kind: K,
  name: MembershipEventName,
  id: string,
  data: Omit<MembershipData, 'userId'> & { userId: string; [field: string]: unknown },
): NewEvent => ({ type: membershipEventType(kind, name), data: { [idFieldOf[kind]]: id, ...data }, subjectId: data.userId }) as unknown as NewEvent;

/** Who belongs to a group or a church and who waits, as its stream tells it (the aggregate's state keeps these two). */
export interface Membership<R extends string = string> {
  members: Map<string, MemberEntry<R>>;
  /** userId → requestId */
  pending: Map<string, string>;
}

/**
 * One event's effect on an aggregate's members and requests, in place (the aggregate hands in its own copy); false when
 * the event is not about membership.
 */
export const evolveMembership = <R extends string>(kind: MembershipKind, state: Membership<R>, event: StoredEvent): boolean => {
  const fact = membershipFactOf(kind, event);
  if (!fact) return false;
  const member = state.members.get(fact.userId);
  switch (fact.type) {
    case 'joined':
      // The stream's own text, as stored (the read models keep it normalised).
      state.members.set(fact.userId, { role: fact.role as R, joinedAt: (event.data as { joinedAt: string }).joinedAt });
      state.pending.delete(fact.userId);
      break;
    case 'left':
      state.members.delete(fact.userId);
      break;
    case 'role-changed':
      if (member) state.members.set(fact.userId, { ...member, role: fact.role as R });
      break;
    case 'sharing-changed':
      if (member) state.members.set(fact.userId, { ...member, shares: fact.shares });
      break;
    case 'requested':
      state.pending.set(fact.userId, fact.requestId);
      break;
    case 'request-closed':
      state.pending.delete(fact.userId);
      break;
  }
  return true;
};

/** The members other than `userId`, longest-standing first: whom a departing keeper's role passes to. */
export const othersByTenure = <R extends string>(state: Membership<R>, userId: string): Array<[string, MemberEntry<R>]> =>
  [...state.members.entries()].filter(([id]) => id !== userId).sort(([, a], [, b]) => a.joinedAt.localeCompare(b.joinedAt));
