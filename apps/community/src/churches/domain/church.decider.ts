import { churchMessages as m, type ChurchRole, errorCodes, type EventData, type EventTypesOf, Refusal } from '@abide/contracts';
import type { CommandDecider, NewEvent, StoredEvent } from '@abide/event-store';
import { evolveMembership, type MembershipCommand, membershipDecisions, othersByTenure } from '../../memberships/membership-model.port';

/** The church as its stream tells it: profile, address, join code, members and pending requests. */
export interface ChurchState {
  exists: boolean;
  churchId: string;
  slug: string;
  name: string;
  welcome: string;
  primaryColor: string;
  timeZone: string;
  joinCode: string;
  /** `shares`: the member's own choice to show the church's pastors and admins their progress (off until turned on, #26). */
  members: Map<string, { role: ChurchRole; joinedAt: string; shares?: boolean }>;
  /** userId → requestId */
  pending: Map<string, string>;
}

const emptyChurch = (): ChurchState => ({
  exists: false,
  churchId: '',
  slug: '',
  name: '',
  welcome: '',
  primaryColor: '',
  timeZone: '',
  joinCode: '',
  members: new Map(),
  pending: new Map(),
});

/** One event's effect on a copy of the state (the state handed in stays as it was: a decision's "before"). */
const evolveChurch = (state: ChurchState, event: StoredEvent): ChurchState => {
  const s: ChurchState = { ...state, members: new Map(state.members), pending: new Map(state.pending) };
  if (evolveMembership('church', s, event)) return s;
  switch (event.type) {
    case 'community.church.created': {
      const { createdBy: _c, ...fields } = event.data;
      Object.assign(s, { exists: true, ...fields });
      break;
    }
    case 'community.church.profile-updated': {
      const { churchId: _c, updatedBy: _u, ...changes } = event.data;
      Object.assign(s, changes);
      break;
    }
    case 'community.church.slug-changed':
      s.slug = event.data.slug;
      break;
    case 'community.church.join-code-changed':
      s.joinCode = event.data.joinCode;
      break;
  }
  return s;
};

/** A church whose last member left is closed: it answers like one that never existed, and its address is free again. */
export const isOpen = (s: ChurchState): boolean => s.exists && s.members.size > 0;
export const roleIn = (s: ChurchState, userId: string): ChurchRole | null => s.members.get(userId)?.role ?? null;
const adminCount = (s: ChurchState): number => [...s.members.values()].filter((v) => v.role === 'admin').length;

const notFound = (what: string = m.church) => new Refusal(errorCodes.notFound, `${what} was not found.`);
const forbidden = (message: string) => new Refusal(errorCodes.forbidden, message);
const conflict = (message: string) => new Refusal(errorCodes.conflict, message);

/**
 * A church exists publicly (its page), so an outsider is told that inner data is for members (403), not that there is
 * nothing (404); a closed or unknown church is 404.
 */
export const assertMember = (s: ChurchState, userId: string): void => {
  if (!isOpen(s)) throw notFound();
  if (!s.members.has(userId)) throw forbidden(m.membersOnly);
};

export const assertAdmin = (s: ChurchState, userId: string): void => {
  assertMember(s, userId);
  if (roleIn(s, userId) !== 'admin') throw forbidden(m.adminsOnly);
};

type ChurchEvent = NewEvent;
const ev = <T extends EventTypesOf<'community.church.'>>(type: T, data: EventData<T>, subjectId: string | null): ChurchEvent =>
  ({ type, data, subjectId }) as ChurchEvent;

interface CreateChurch {
  churchId: string;
  slug: string;
  name: string;
  welcome: string;
  primaryColor: string;
  timeZone: string;
  joinCode: string;
  createdBy: string;
  now: Date;
}

const decideCreate = (s: ChurchState, c: CreateChurch): ChurchEvent[] => {
  if (s.exists) return [];
  const { now, ...fields } = c;
  return [
    ev('community.church.created', fields, null),
    ev(
      'community.church.member-joined',
      { churchId: c.churchId, userId: c.createdBy, role: 'admin', via: 'created', joinedAt: now.toISOString() },
      c.createdBy,
    ),
  ];
};

export type ChurchChanges = Partial<Pick<ChurchState, 'name' | 'welcome' | 'primaryColor' | 'timeZone'>>;

const decideUpdate = (s: ChurchState, by: string, changes: ChurchChanges): ChurchEvent[] => {
  assertAdmin(s, by);
  const changed = Object.fromEntries(
    Object.entries(changes).filter(([key, value]) => value !== undefined && value !== s[key as keyof ChurchChanges]),
  );
  return Object.keys(changed).length ? [ev('community.church.profile-updated', { churchId: s.churchId, updatedBy: by, ...changed }, null)] : [];
};

/** The new address was claimed by the service before this runs (see ChurchClaims). */
const decideSlug = (s: ChurchState, by: string, slug: string): ChurchEvent[] => {
  assertAdmin(s, by);
  if (slug === s.slug) return [];
  return [ev('community.church.slug-changed', { churchId: s.churchId, slug, previousSlug: s.slug, changedBy: by }, null)];
};

const decideNewCode = (s: ChurchState, by: string, joinCode: string): ChurchEvent[] => {
  assertAdmin(s, by);
  return [ev('community.church.join-code-changed', { churchId: s.churchId, joinCode, changedBy: by }, null)];
};

/** A join code is an invitation: the member joins at once. A code that is no longer the church's does nothing. */
const decideJoinByCode = (s: ChurchState, userId: string, code: string, now: Date): ChurchEvent[] => {
  if (!isOpen(s) || s.joinCode !== code) throw new Refusal(errorCodes.notFound, m.codeUnknown, 'code');
  if (s.members.has(userId)) throw conflict(m.alreadyMember);
  const events: ChurchEvent[] = [];
  const requestId = s.pending.get(userId);
  if (requestId) events.push(ev('community.church.join-request-withdrawn', { churchId: s.churchId, requestId, userId }, userId));
  events.push(
    ev('community.church.member-joined', { churchId: s.churchId, userId, role: 'member', via: 'code', joinedAt: now.toISOString() }, userId),
  );
  return events;
};

/**
 * A personal invitation of a bulk import was accepted (identity decided it, once): the person joins as a member. Already a
 * member, or the church closed meanwhile: nothing to do (the event may also arrive twice).
 */
const decideJoinByInvitation = (s: ChurchState, userId: string, now: Date): ChurchEvent[] => {
  if (!isOpen(s) || s.members.has(userId)) return [];
  const events: ChurchEvent[] = [];
  const requestId = s.pending.get(userId);
  if (requestId) events.push(ev('community.church.join-request-withdrawn', { churchId: s.churchId, requestId, userId }, userId));
  events.push(
    ev('community.church.member-joined', { churchId: s.churchId, userId, role: 'member', via: 'invitation', joinedAt: now.toISOString() }, userId),
  );
  return events;
};

const decideRequest = (s: ChurchState, userId: string, requestId: string): ChurchEvent[] => {
  if (!isOpen(s)) throw notFound();
  if (s.members.has(userId)) throw conflict(m.alreadyMember);
  if (s.pending.has(userId)) throw conflict(m.alreadyRequested);
  return [ev('community.church.join-requested', { churchId: s.churchId, requestId, userId }, userId)];
};

const decideRole = (s: ChurchState, by: string, target: string, role: ChurchRole): ChurchEvent[] => {
  assertAdmin(s, by);
  const current = roleIn(s, target);
  if (!current) throw notFound(m.member);
  if (current === role) return [];
  if (role === 'member' && current === 'admin' && adminCount(s) === 1) throw conflict(m.lastAdminDemoted);
  return [ev('community.church.member-role-changed', { churchId: s.churchId, userId: target, role, changedBy: by }, target)];
};

/** A command an admin (`by`) asks on a church; the decider checks their role in it. */
type Actor = { churchId: string; by: string };

/**
 * What members, admins and the system (invitations, account deletion) can do with a church. Addresses and join codes
 * come claimed by the service (ChurchClaims) before the command that uses them.
 */
export type ChurchCommand =
  | ({ type: 'CreateChurch' } & CreateChurch)
  | ({ type: 'UpdateChurch'; changes: ChurchChanges } & Actor)
  | ({ type: 'ChangeChurchSlug'; slug: string } & Actor)
  | ({ type: 'ChangeJoinCode'; joinCode: string } & Actor)
  | { type: 'JoinChurchByCode'; churchId: string; userId: string; code: string; now: Date }
  | { type: 'JoinChurchByInvitation'; churchId: string; userId: string; now: Date }
  | { type: 'RequestToJoinChurch'; churchId: string; userId: string; requestId: string }
  | ({ type: 'SetChurchRole'; target: string; role: ChurchRole } & Actor)
  /** Withdrawing, deciding requests, leaving, removing, sharing, account deletion: membership's own (`id` = the church). */
  | MembershipCommand;

/** The church a command is for. */
export const churchIdOf = (command: ChurchCommand): string => ('id' in command ? command.id : command.churchId);

/**
 * A church's membership: its admins manage it (another admin too: the caller remains one), and it always keeps one.
 * Leaving is a member's right: anyone else gets 403, as on every route they lack the role for.
 */
const decideMembership = membershipDecisions<ChurchState, ChurchRole>({
  kind: 'church',
  idOf: (s) => s.churchId,
  isOpen,
  assertMember,
  assertManager: assertAdmin,
  assertMayRemove: () => undefined,
  isKeeper: (s, userId) => roleIn(s, userId) === 'admin' && adminCount(s) === 1,
  /** The longest-standing member: a church no one can administer could not be recovered by its own people. */
  successor: (s, userId) => {
    const heir = othersByTenure(s, userId)[0];
    return heir ? { userId: heir[0], role: 'admin' } : null;
  },
  refusals: {
    notFound: () => notFound(),
    missing: (what) => notFound(what === 'request' ? m.request : m.member),
    notMemberLeaving: () => forbidden(m.notMember),
    keeperLeaves: m.lastAdminLeaves,
    removeSelf: m.removeSelf,
  },
});

const decideChurch = (c: ChurchCommand, s: ChurchState): ChurchEvent[] => {
  switch (c.type) {
    case 'CreateChurch': {
      const { type: _t, ...create } = c;
      return decideCreate(s, create);
    }
    case 'UpdateChurch':
      return decideUpdate(s, c.by, c.changes);
    case 'ChangeChurchSlug':
      return decideSlug(s, c.by, c.slug);
    case 'ChangeJoinCode':
      return decideNewCode(s, c.by, c.joinCode);
    case 'JoinChurchByCode':
      return decideJoinByCode(s, c.userId, c.code, c.now);
    case 'JoinChurchByInvitation':
      return decideJoinByInvitation(s, c.userId, c.now);
    case 'RequestToJoinChurch':
      return decideRequest(s, c.userId, c.requestId);
    case 'SetChurchRole':
      return decideRole(s, c.by, c.target, c.role);
    default:
      return decideMembership(c, s);
  }
};

/**
 * The church aggregate, one `church-<id>` stream per church: the stream head keeps its state, so a command or a role
 * check is one keyed read. Refuses only with Refusal.
 */
export const churchDecider: CommandDecider<ChurchCommand, ChurchState> = {
  name: 'church',
  stateVersion: 2,
  initialState: emptyChurch,
  evolve: evolveChurch,
  decide: decideChurch,
};
