import { errorCodes, Refusal } from '@abide/contracts';
import type { NewEvent } from '@abide/event-store';
import { type Membership, type MembershipKind, membershipEvent } from './membership';

/**
 * The membership commands a group and a church both take, `id` naming the group or the church. Joining is each
 * kind's own (a public group at once, a church by its code), and so are the roles each kind has; what follows is one.
 */
export type MembershipCommand =
  | { type: 'WithdrawRequest'; id: string; userId: string }
  | { type: 'DecideRequest'; id: string; by: string; requestId: string; approve: boolean; now: Date }
  | { type: 'LeaveMembership'; id: string; userId: string }
  | { type: 'RemoveMember'; id: string; by: string; target: string }
  | { type: 'SetSharing'; id: string; userId: string; shares: boolean }
  /** The member deleted their account (nothing to refuse). */
  | { type: 'Depart'; id: string; userId: string };

/** The state a membership decision needs: the aggregate's members and requests, and whether it is there at all. */
export interface MembershipAggregateState<R extends string> extends Membership<R> {
  exists: boolean;
}

/** What differs between a group and a church when a membership command is decided: roles, and the words of refusals. */
export interface MembershipRules<S extends MembershipAggregateState<R>, R extends string> {
  kind: MembershipKind;
  /** The group or church, for its events. */
  idOf(state: S): string;
  /** Open: it exists and someone still belongs (a closed one answers like one that never existed). */
  isOpen(state: S): boolean;
  /** Refuses anyone who does not belong (sharing is a member's own choice). */
  assertMember(state: S, userId: string): void;
  /** Refuses anyone who may not decide requests or remove members (a group's leaders, a church's admins). */
  assertManager(state: S, by: string): void;
  /** The kind's own limits on removing `target`, checked after the shared ones. */
  assertMayRemove(state: S, by: string, target: string): void;
  /** Whether `userId` holds the role the group or church cannot be left without (its owner, its only admin). */
  isKeeper(state: S, userId: string): boolean;
  /** Who takes over a keeper who deleted their account, with which role (none: nobody else belongs). */
  successor(state: S, userId: string): { userId: string; role: R } | null;
  refusals: {
    /** The group or church was not found (closed or never there). */
    notFound: () => Refusal;
    /** What `what` names was not found: a request, a member. */
    missing: (what: 'request' | 'member') => Refusal;
    /** Someone who does not belong tries to leave. */
    notMemberLeaving: () => Refusal;
    keeperLeaves: string;
    removeSelf: string;
  };
}

const conflict = (message: string): Refusal => new Refusal(errorCodes.conflict, message);

/**
 * The decisions of membership commands, for the kind the rules describe. Pure, like every decider: whatever else a
 * decision needs (the time) comes in the command.
 */
export const membershipDecisions = <S extends MembershipAggregateState<R>, R extends string>(rules: MembershipRules<S, R>) => {
  const { kind, refusals } = rules;
  const event = (state: S, name: Parameters<typeof membershipEvent>[1], data: Parameters<typeof membershipEvent>[3]) =>
    membershipEvent(kind, name, rules.idOf(state), data);

  const withdraw = (s: S, userId: string): NewEvent[] => {
    const requestId = s.pending.get(userId);
    if (!s.exists || !requestId) throw refusals.missing('request');
    return [event(s, 'join-request-withdrawn', { requestId, userId })];
  };

  const decideRequest = (s: S, by: string, requestId: string, approve: boolean, now: Date): NewEvent[] => {
    rules.assertManager(s, by);
    const userId = [...s.pending.entries()].find(([, id]) => id === requestId)?.[0];
    if (!userId) throw refusals.missing('request');
    const data = { requestId, userId, decidedBy: by };
    if (!approve) return [event(s, 'join-request-declined', data)];
    return [
      event(s, 'join-request-approved', data),
      event(s, 'member-joined', { userId, role: 'member', via: 'request', joinedAt: now.toISOString() }),
    ];
  };

  /** The one the group or church cannot do without leaves only as the last member (which closes it). */
  const leave = (s: S, userId: string): NewEvent[] => {
    if (!rules.isOpen(s)) throw refusals.notFound();
    if (!s.members.has(userId)) throw refusals.notMemberLeaving();
    if (rules.isKeeper(s, userId) && s.members.size > 1) throw conflict(refusals.keeperLeaves);
    return [event(s, 'member-left', { userId })];
  };

  const remove = (s: S, by: string, target: string): NewEvent[] => {
    rules.assertManager(s, by);
    if (!s.members.has(target)) throw refusals.missing('member');
    if (target === by) throw conflict(refusals.removeSelf);
    rules.assertMayRemove(s, by, target);
    return [event(s, 'member-removed', { userId: target, removedBy: by })];
  };

  /** A member turns sharing on or off; only for themselves, and only while they belong. */
  const setSharing = (s: S, userId: string, shares: boolean): NewEvent[] => {
    rules.assertMember(s, userId);
    if ((s.members.get(userId)?.shares ?? false) === shares) return [];
    return [event(s, 'member-sharing-changed', { userId, shares })];
  };

  /**
   * Account deletion: the member leaves (`removedBy: 'system'`) and their request is withdrawn. A keeper who leaves
   * others behind hands their role on first (`changedBy: 'system'`), so no group or church is left without one.
   */
  const depart = (s: S, userId: string): NewEvent[] => {
    if (!s.exists) return [];
    const events: NewEvent[] = [];
    const requestId = s.pending.get(userId);
    if (requestId) events.push(event(s, 'join-request-withdrawn', { requestId, userId }));
    if (!s.members.has(userId)) return events;
    const heir = rules.isKeeper(s, userId) ? rules.successor(s, userId) : null;
    if (heir) events.push(event(s, 'member-role-changed', { userId: heir.userId, role: heir.role, changedBy: 'system' }));
    events.push(event(s, 'member-removed', { userId, removedBy: 'system' }));
    return events;
  };

  return (c: MembershipCommand, s: S): NewEvent[] => {
    switch (c.type) {
      case 'WithdrawRequest':
        return withdraw(s, c.userId);
      case 'DecideRequest':
        return decideRequest(s, c.by, c.requestId, c.approve, c.now);
      case 'LeaveMembership':
        return leave(s, c.userId);
      case 'RemoveMember':
        return remove(s, c.by, c.target);
      case 'SetSharing':
        return setSharing(s, c.userId, c.shares);
      case 'Depart':
        return depart(s, c.userId);
    }
  };
};
