import type { AppendMeta, StoredEvent } from '@abide/event-store';
import type { MembershipKind, RoleOf } from './domain/membership';
import type { MembershipCommand } from './domain/membership.decider';

/**
 * A group or a church as membership sees it: the aggregate that keeps its members. Groups and churches each provide
 * theirs (the app module hands both to this feature under MEMBERSHIP_AGGREGATES), so membership's commands, queries
 * and sharing serve both kinds without depending on either.
 */
export interface MembershipAggregate<K extends MembershipKind = MembershipKind> {
  readonly kind: K;
  /** Decides a membership command on the group's or church's stream, then does what that kind does after it (frees its claims). */
  handle(command: MembershipCommand, meta: AppendMeta): Promise<StoredEvent[]>;
  /** The members, for a caller allowed to list them (a group's members, a church's admins): longest-standing first. */
  members(callerId: string, id: string): Promise<Array<{ userId: string; role: RoleOf<K>; joinedAt: string }>>;
  /** The requests waiting, for a caller who decides them (a group's leaders, a church's admins): oldest first. */
  requests(callerId: string, id: string): Promise<Array<{ id: string; userId: string; requestedAt: string }>>;
  /** The group's or church's name, once its read model has it. */
  nameOf(id: string): Promise<string | undefined>;
}

export type MembershipAggregates = { readonly [K in MembershipKind]: MembershipAggregate<K> };

export const MEMBERSHIP_AGGREGATES = Symbol('MEMBERSHIP_AGGREGATES');
