import type { MemberDeparture } from './member-departures';

/**
 * What other library features may use of the directory (docs/structure.md, "Ports"): who belongs to which group and
 * church and their names, and the hook for erasing a member's data when their account is deleted.
 */
export type { MemberDeparture };

/**
 * What resources and logos read of the directory (other services' members, groups and churches): who belongs where,
 * and the names to show. Provided by `Directory`.
 */
export abstract class DirectoryQueries {
  /** The churches the member belongs to, with their role in each. */
  abstract churchesOf(userId: string): Promise<Map<string, 'admin' | 'member'>>;
  abstract churchNames(churchIds: readonly string[]): Promise<Map<string, string>>;
  abstract groupsOf(userId: string): Promise<string[]>;
  abstract isMember(groupId: string, userId: string): Promise<boolean>;
  abstract groupNames(groupIds: readonly string[]): Promise<Map<string, string>>;
  /** Members' names by id (one read by key each); a member the library never heard of is absent. */
  abstract namesOf(userIds: readonly string[]): Promise<Map<string, string | null>>;
}

/** Where a feature that keeps a member's data registers what it erases when their account is deleted. */
export abstract class MemberDepartures {
  abstract listen(listener: MemberDeparture): void;
}
