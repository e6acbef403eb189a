import type { EventData, EventTypesOf, GroupMemberRole, Meeting } from '@abide/contracts';
import type { CommandDecider, NewEvent, StoredEvent } from '@abide/event-store';
import { evolveMembership, type MembershipCommand, membershipDecisions, othersByTenure } from '../../memberships/membership-model.port';
import { denied, deniedMessages as m } from './group-denied';

/** The group as its stream tells it: settings, members and pending requests. */
export interface GroupState {
  exists: boolean;
  groupId: string;
  ownerId: string;
  name: string;
  description: string;
  isPublic: boolean;
  meeting: Meeting | null;
  /** The church the group belongs to, if any. */
  churchId: string | null;
  /** `shares`: the member's own choice to show this group's leaders their progress (off until turned on, #26). */
  members: Map<string, { role: GroupMemberRole; joinedAt: string; shares?: boolean }>;
  /** userId → requestId */
  pending: Map<string, string>;
}

const emptyGroup = (): GroupState => ({
  exists: false,
  groupId: '',
  ownerId: '',
  name: '',
  description: '',
  isPublic: true,
  meeting: null,
  churchId: null,
  members: new Map(),
  pending: new Map(),
});

/** One event's effect on a copy of the state (the state handed in stays as it was: a decision's "before"). */
const evolveGroup = (state: GroupState, event: StoredEvent): GroupState => {
  const s: GroupState = { ...state, members: new Map(state.members), pending: new Map(state.pending) };
  if (evolveMembership('group', s, event)) {
    // Handing over makes the new owner the group's owner.
    if (event.type === 'community.group.member-role-changed' && event.data.role === 'owner') s.ownerId = event.data.userId;
    return s;
  }
  switch (event.type) {
    case 'community.group.created': {
      const c = event.data;
      Object.assign(s, {
        exists: true,
        groupId: c.groupId,
        ownerId: c.ownerId,
        name: c.name,
        description: c.description,
        isPublic: c.isPublic,
        meeting: c.meeting,
      });
      break;
    }
    case 'community.group.updated': {
      const { groupId: _g, updatedBy: _u, ...changes } = event.data;
      Object.assign(s, changes);
      break;
    }
    case 'community.group.attached-to-church':
      s.churchId = event.data.churchId;
      break;
    case 'community.group.detached-from-church':
      s.churchId = null;
      break;
  }
  return s;
};

export const roleOf = (s: GroupState, userId: string): GroupMemberRole | null => s.members.get(userId)?.role ?? null;
export const isLeader = (s: GroupState, userId: string): boolean => {
  const role = roleOf(s, userId);
  return role === 'owner' || role === 'co-leader';
};

/**
 * Inner data (members, prayers, ratings) is for members. A private group's outsiders learn nothing, not even
 * that there is something to see (404); a public group's are told it is for members (403).
 */
/** A group whose last member left is closed: it answers like one that never existed. */
const isOpen = (s: GroupState): boolean => s.exists && s.members.size > 0;

export const assertMember = (s: GroupState, userId: string): void => {
  if (!isOpen(s)) throw denied.notFound(m.group);
  if (s.members.has(userId)) return;
  if (!s.isPublic) throw denied.notFound(m.group);
  throw denied.forbidden(m.membersOnly);
};

export const assertLeader = (s: GroupState, userId: string): void => {
  assertMember(s, userId);
  if (!isLeader(s, userId)) throw denied.forbidden(m.leadersOnly);
};

const assertOwner = (s: GroupState, userId: string): void => {
  assertMember(s, userId);
  if (roleOf(s, userId) !== 'owner') throw denied.forbidden(m.ownerOnly);
};

type GroupEvent = NewEvent;
/** One new event, its data checked against its type's schema (the union cannot be built from a generic type without `as`). */
const ev = <T extends EventTypesOf<'community.group.'>>(type: T, data: EventData<T>, subjectId: string | null): GroupEvent =>
  ({ type, data, subjectId }) as GroupEvent;

interface CreateGroup {
  groupId: string;
  ownerId: string;
  name: string;
  description: string;
  isPublic: boolean;
  meeting: Meeting | null;
  /** A church the owner administers (checked by the service on the church's stream). */
  churchId?: string;
  now: Date;
}

const decideCreate = (s: GroupState, c: CreateGroup): GroupEvent[] => {
  if (s.exists) return [];
  const { groupId, ownerId, name, description, isPublic, meeting } = c;
  return [
    // The group's own words belong to the group, not to the owner: no subject, they survive the owner's deletion.
    ev('community.group.created', { groupId, ownerId, name, description, isPublic, meeting }, null),
    ev(
      'community.group.member-joined',
      { groupId, userId: ownerId, role: 'owner', via: 'created', joinedAt: c.now.toISOString() },
      ownerId,
    ),
    ...(c.churchId ? [ev('community.group.attached-to-church', { groupId, churchId: c.churchId, attachedBy: ownerId }, null)] : []),
  ];
};

/** The owner puts their group in a church they administer (checked on the church's stream by the service). */
const decideAttach = (s: GroupState, by: string, churchId: string): GroupEvent[] => {
  assertOwner(s, by);
  if (s.churchId === churchId) return [];
  return [
    ...(s.churchId ? [ev('community.group.detached-from-church', { groupId: s.groupId, churchId: s.churchId, detachedBy: by }, null)] : []),
    ev('community.group.attached-to-church', { groupId: s.groupId, churchId, attachedBy: by }, null),
  ];
};

/** The group's owner, or an admin of its church (`churchAdmin`, checked by the service), takes it out of the church. */
const decideDetach = (s: GroupState, by: string, churchAdmin: boolean): GroupEvent[] => {
  if (!isOpen(s)) throw denied.notFound(m.group);
  if (!s.churchId) return [];
  if (!churchAdmin) assertOwner(s, by);
  return [ev('community.group.detached-from-church', { groupId: s.groupId, churchId: s.churchId, detachedBy: by }, null)];
};

export type GroupChanges = Partial<Pick<GroupState, 'name' | 'description' | 'isPublic' | 'meeting'>>;

const decideUpdate = (s: GroupState, by: string, changes: GroupChanges): GroupEvent[] => {
  assertLeader(s, by);
  const changed = Object.fromEntries(
    Object.entries(changes).filter(
      ([key, value]) => value !== undefined && JSON.stringify(value) !== JSON.stringify(s[key as keyof GroupChanges]),
    ),
  );
  return Object.keys(changed).length ? [ev('community.group.updated', { groupId: s.groupId, updatedBy: by, ...changed }, null)] : [];
};

/** A public group is joined at once; a private one gets a pending request for its leaders. */
const decideJoin = (s: GroupState, userId: string, requestId: string, now: Date): GroupEvent[] => {
  if (!isOpen(s)) throw denied.notFound(m.group);
  if (s.members.has(userId)) throw denied.conflict(m.alreadyMember);
  if (s.pending.has(userId)) throw denied.conflict(m.alreadyRequested);
  if (s.isPublic) {
    return [
      ev('community.group.member-joined', { groupId: s.groupId, userId, role: 'member', via: 'open', joinedAt: now.toISOString() }, userId),
    ];
  }
  return [ev('community.group.join-requested', { groupId: s.groupId, requestId, userId }, userId)];
};

interface JoinByInvitation {
  userId: string;
  /** The church whose import named the group. */
  churchId: string;
  requestId: string;
  now: Date;
}

/**
 * The group a church admin's import named on an accepted invitation's row, decided again at acceptance: nothing if it
 * closed or left that church meanwhile, or the person is in it or waiting already. A public group is joined; a private
 * one gets a join request its leaders decide, as if the person had asked (an admin's list is not the leaders' yes).
 */
const decideJoinByInvitation = (s: GroupState, c: JoinByInvitation): GroupEvent[] => {
  const { userId } = c;
  if (!isOpen(s) || s.churchId !== c.churchId || s.members.has(userId) || s.pending.has(userId)) return [];
  if (!s.isPublic) return [ev('community.group.join-requested', { groupId: s.groupId, requestId: c.requestId, userId }, userId)];
  return [ev('community.group.member-joined', { groupId: s.groupId, userId, role: 'member', via: 'invitation', joinedAt: c.now.toISOString() }, userId)];
};

const decideChangeRole = (s: GroupState, by: string, target: string, role: 'co-leader' | 'member'): GroupEvent[] => {
  assertOwner(s, by);
  const current = roleOf(s, target);
  if (!current) throw denied.notFound(m.memberNotFound);
  if (current === 'owner') throw denied.conflict(m.ownerRole);
  if (current === role) return [];
  return [ev('community.group.member-role-changed', { groupId: s.groupId, userId: target, role, changedBy: by }, target)];
};

/** Hands the group to another member; the former owner stays on as a co-leader. */
const decideHandOver = (s: GroupState, by: string, target: string): GroupEvent[] => {
  assertOwner(s, by);
  if (!s.members.has(target)) throw denied.notFound(m.memberNotFound);
  if (target === by) return [];
  return [
    ev('community.group.member-role-changed', { groupId: s.groupId, userId: target, role: 'owner', changedBy: by }, target),
    ev('community.group.member-role-changed', { groupId: s.groupId, userId: by, role: 'co-leader', changedBy: by }, by),
  ];
};

const decideRate = (s: GroupState, userId: string, weekStart: string, rating: number): GroupEvent[] => {
  assertMember(s, userId);
  return [ev('community.group.meeting-rated', { groupId: s.groupId, userId, weekStart, rating }, userId)];
};

/** A command a member (`by`) asks on a group; the decider checks their role in it. */
type Actor = { groupId: string; by: string };

/** What members, leaders, church admins and the system (invitations, account deletion) can do with a group. */
export type GroupCommand =
  | ({ type: 'CreateGroup' } & CreateGroup)
  | ({ type: 'AttachGroupToChurch'; churchId: string } & Actor)
  /** `adminOfChurch`: the church `by` administers, if any; it lets them detach the group from that church only. */
  | ({ type: 'DetachGroupFromChurch'; adminOfChurch: string | null } & Actor)
  | ({ type: 'UpdateGroup'; changes: GroupChanges } & Actor)
  | { type: 'JoinGroup'; groupId: string; userId: string; requestId: string; now: Date }
  | ({ type: 'JoinGroupByInvitation'; groupId: string } & JoinByInvitation)
  | ({ type: 'ChangeGroupRole'; target: string; role: 'co-leader' | 'member' } & Actor)
  | ({ type: 'HandOverGroup'; target: string } & Actor)
  | { type: 'RateMeeting'; groupId: string; userId: string; weekStart: string; rating: number }
  /** Withdrawing, deciding requests, leaving, removing, sharing, account deletion: membership's own (`id` = the group). */
  | MembershipCommand;

/** The group a command is for. */
export const groupIdOf = (command: GroupCommand): string => ('id' in command ? command.id : command.groupId);

/** A group's membership: its owner and co-leaders manage it, its owner keeps it (docs/churches.md, "Groups"). */
const decideMembership = membershipDecisions<GroupState, GroupMemberRole>({
  kind: 'group',
  idOf: (s) => s.groupId,
  isOpen,
  assertMember,
  assertManager: assertLeader,
  assertMayRemove: (s, by, target) => {
    const targetRole = roleOf(s, target);
    if (targetRole === 'owner') throw denied.forbidden(m.removeOwner);
    if (targetRole === 'co-leader' && roleOf(s, by) !== 'owner') throw denied.forbidden(m.removeLeader);
  },
  isKeeper: (s, userId) => roleOf(s, userId) === 'owner',
  /** The longest-serving co-leader, else the longest-serving member. */
  successor: (s, userId) => {
    const others = othersByTenure(s, userId);
    const successor = others.find(([, v]) => v.role === 'co-leader') ?? others[0];
    return successor ? { userId: successor[0], role: 'owner' } : null;
  },
  refusals: {
    notFound: () => denied.notFound(m.group),
    missing: (what) => denied.notFound(what === 'request' ? m.requestNotFound : m.memberNotFound),
    notMemberLeaving: () => denied.conflict(m.notMember),
    keeperLeaves: m.ownerLeaves,
    removeSelf: m.removeSelf,
  },
});

const decideGroup = (c: GroupCommand, s: GroupState): GroupEvent[] => {
  switch (c.type) {
    case 'CreateGroup':
      return decideCreate(s, c);
    case 'AttachGroupToChurch':
      return decideAttach(s, c.by, c.churchId);
    case 'DetachGroupFromChurch':
      return decideDetach(s, c.by, c.adminOfChurch !== null && c.adminOfChurch === s.churchId);
    case 'UpdateGroup':
      return decideUpdate(s, c.by, c.changes);
    case 'JoinGroup':
      return decideJoin(s, c.userId, c.requestId, c.now);
    case 'JoinGroupByInvitation':
      return decideJoinByInvitation(s, c);
    case 'ChangeGroupRole':
      return decideChangeRole(s, c.by, c.target, c.role);
    case 'HandOverGroup':
      return decideHandOver(s, c.by, c.target);
    case 'RateMeeting':
      return decideRate(s, c.userId, c.weekStart, c.rating);
    default:
      return decideMembership(c, s);
  }
};

/**
 * The group aggregate, one `group-<id>` stream per group: the stream head keeps its state, so a command or a role
 * check loads it in one read. Refuses only with Refusal (group-denied.ts).
 */
export const groupDecider: CommandDecider<GroupCommand, GroupState> = {
  name: 'group',
  stateVersion: 3,
  initialState: emptyGroup,
  evolve: evolveGroup,
  decide: decideGroup,
};
