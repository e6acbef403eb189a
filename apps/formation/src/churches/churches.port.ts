import type { ChurchRole } from '@abide/contracts';
import type { ChurchSummary } from './church-directory';
import type { MembershipChange } from './church-membership-changes';

/** What other formation features may use of churches (docs/structure.md, "Ports"; docs/churches.md), learnt from community's events. */
export type { ChurchSummary, MembershipChange };

/** Who belongs to which church and group, with which role: each answer one read by key, or one per group. */
export abstract class ChurchFacts {
  /** The member's role in the church, or null when they do not belong to it (one read). */
  abstract roleOf(userId: string, churchId: string): Promise<ChurchRole | null>;
  /** The member's churches with their role, and their groups (two reads). */
  abstract membershipsOf(userId: string): Promise<{ churches: Map<string, ChurchRole>; groupIds: string[] }>;
  /** The church's name and time zone; null before its `created` event arrived. */
  abstract church(churchId: string): Promise<ChurchSummary | null>;
  abstract churchMemberIds(churchId: string): Promise<string[]>;
  /** The groups that belong to the church now, with their names (one read, then one per group). */
  abstract groupsOf(churchId: string): Promise<Array<{ groupId: string; name: string }>>;
  /** Each group's church (null: none), name and members. */
  abstract groupFacts(groupIds: readonly string[]): Promise<Map<string, { churchId: string | null; name: string; memberIds: string[] }>>;
}

/** Where a feature that follows churches registers for members joining or leaving a church or one of its groups. */
export abstract class ChurchMembershipChanges {
  abstract listen(listener: (change: MembershipChange) => Promise<void>): void;
}
