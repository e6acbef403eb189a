import type { AppendMeta, StoredEvent } from '@abide/event-store';
import type { MemberChurches, MemberGroups } from './domain/member-memberships';
import type { MembershipEventType, MembershipKind, RoleOf } from './domain/membership';
import type { NamedMember, NamedRequest } from './membership.queries';

/**
 * What other community features may use of membership's services (docs/structure.md, "Ports"): membership commands
 * and queries for either kind, a member's groups and churches (read by key), and the token under which groups and
 * churches provide their aggregates. The model itself is in membership-model.port.ts.
 */
export { MEMBERSHIP_AGGREGATES, type MembershipAggregate, type MembershipAggregates } from './membership-aggregates';
export { GROUP_ROSTERS } from './projections/member-memberships.projection';
export type { NamedMember, NamedRequest };

/** Leaving, withdrawing, deciding on requests and removing, for a group or a church alike. */
export abstract class MembershipChanges {
  /** The caller withdraws their own request to join. */
  abstract withdraw(kind: MembershipKind, userId: string, id: string, meta: AppendMeta): Promise<void>;
  /** A leader (group) or an admin (church) approves or declines a request. */
  abstract decide(kind: MembershipKind, by: string, id: string, requestId: string, approve: boolean, meta: AppendMeta): Promise<void>;
  abstract leave(kind: MembershipKind, userId: string, id: string, meta: AppendMeta): Promise<void>;
  abstract remove(kind: MembershipKind, by: string, id: string, target: string, meta: AppendMeta): Promise<void>;
  /** Account deletion: out of the group or church and its requests; a keeper's role passes on first. */
  abstract depart(kind: MembershipKind, userId: string, id: string, meta: AppendMeta): Promise<void>;
}

/** The members and requests of a group or a church, with their names, as the caller may see them. */
export abstract class MembershipRosters {
  abstract members<K extends MembershipKind>(kind: K, callerId: string, id: string): Promise<Array<NamedMember<RoleOf<K>>>>;
  /** One member, after a change of their role: the list's entry for them. */
  abstract member<K extends MembershipKind>(kind: K, callerId: string, id: string, userId: string): Promise<NamedMember<RoleOf<K>>>;
  abstract requests(kind: MembershipKind, callerId: string, id: string): Promise<NamedRequest[]>;
  /** Members' names as community last learnt them from identity: one read by key each. */
  abstract names(userIds: readonly string[]): Promise<Map<string, string | null>>;
}

/** A member's sharing choice for every group and church they belong to. */
export abstract class SharingChoices {
  /** "Share with all": how many choices it changed. */
  abstract setAll(userId: string, shares: boolean, meta: AppendMeta): Promise<number>;
}

/** My Groups' read model: a member's groups and requests, one document by key. */
export abstract class GroupsOfMember {
  abstract read(userId: string): Promise<MemberGroups>;
  /** The member's groups once the read model has applied `event` (a command's answer reads its own write). */
  abstract readIncluding(userId: string, event: Pick<StoredEvent, 'streamId' | 'version'>): Promise<MemberGroups>;
}

/** My Churches' read model: a member's churches and requests, one document by key. */
export abstract class ChurchesOfMember {
  abstract read(userId: string): Promise<MemberChurches>;
  /**
   * Applies a church membership event now (idempotent): for the church figures, which must find the member's churches
   * written before they read the member's activity.
   */
  abstract apply(event: StoredEvent<MembershipEventType<'church'>>): Promise<void>;
}
