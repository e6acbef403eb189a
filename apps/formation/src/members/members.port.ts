import type { EventType } from '@abide/contracts';
import type { CommandMeta, MemberLifecycleListener } from './member-lifecycle';
import type { Member } from './projections/member.projection';

/**
 * What other formation features may use of members (docs/structure.md, "Ports"): the member as formation knows them,
 * the changes of theirs other features ask for, and the lifecycle they may listen to. Members bind each to its
 * implementation in members.module.ts.
 */
export type { CommandMeta, Member, MemberLifecycleListener };

/** Reads of the one member read model, by key apart from the reminder scan's `all`. */
export abstract class MemberQueries {
  abstract find(userId: string): Promise<Member | null>;
  /** Every member, for the reminder scan only (a scan of the whole collection, never run by a request). */
  abstract all(): Promise<Member[]>;
  /** The zone the member's days belong to; UTC until formation learns theirs. */
  abstract timeZoneOf(userId: string): Promise<string>;
  /** What "a day" means for this member (their zone) and which weekdays they rest: one keyed read for both. */
  abstract calendarOf(userId: string): Promise<{ timeZone: string; restDays: number[] }>;
  abstract restDaysOf(userId: string): Promise<number[]>;
  abstract timeZones(userIds: readonly string[]): Promise<Map<string, string>>;
}

/** The changes to a member's own settings that other features make for them. */
export abstract class MemberChanges {
  /** Community's membership choice for one church: the curriculum progress follows it (#26). */
  abstract setChurchSharing(userId: string, churchId: string, shares: boolean, meta: CommandMeta): Promise<void>;
  abstract setRestDays(userId: string, weekdays: readonly number[], meta: CommandMeta): Promise<void>;
  /** False when formation knows no such member (never registered, or deleted). */
  abstract unsubscribeEmail(userId: string, at: Date, meta: CommandMeta): Promise<boolean>;
}

/** Where a feature registers what it does when a member onboards or deletes their account. */
export abstract class MemberLifecycle {
  abstract listen(listener: MemberLifecycleListener): void;
}

/** The events of formation's log that mean a member's account was deleted: rebuilt read models leave them out. */
export const MEMBER_ERASURE_EVENTS: readonly EventType[] = ['formation.member.deleted'];
