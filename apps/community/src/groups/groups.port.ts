import type { Meeting } from '@abide/contracts';
import type { AppendMeta, StoredEvent } from '@abide/event-store';
import type { GroupRoster } from './domain/group-roster';
import type { GroupCard } from './group-cards';
import type { MemberOfGroup } from './group-figures.service';
import type { GroupView } from './projections/group.schema';

/**
 * What other community features may use of groups (docs/structure.md, "Ports"). What groups ask of churches:
 * church-admins.port.ts. Each is answered by one of groups' classes (app.module.ts binds them).
 */
export type { GroupCard, GroupRoster, GroupView, MemberOfGroup };

/** Whether a member leads a group. */
export abstract class GroupLeadership {
  /** The owner or a co-leader; anyone who is not a member is refused as the group's inner data refuses them. */
  abstract memberLeads(userId: string, groupId: string): Promise<boolean>;
}

/** The group commands other features give: account deletion, invitations, the load suite's seeder (src/bench). */
export abstract class GroupActions {
  abstract create(
    ownerId: string,
    input: { name: string; description: string; isPublic: boolean; meeting: Meeting | null; churchId?: string },
    meta: AppendMeta,
  ): Promise<string>;
  /** Whether the caller joined at once or now waits for approval, and the last event appended (none when nothing changed). */
  abstract join(userId: string, groupId: string, meta: AppendMeta): Promise<{ status: 'joined' | 'requested'; last?: StoredEvent }>;
  /** The group an accepted church invitation named (identity's event): idempotent. */
  abstract joinByInvitation(userId: string, groupId: string, churchId: string, at: Date, meta: AppendMeta): Promise<void>;
  /** Account deletion: the member's ownership slots are freed (their groups passed on, or closed). */
  abstract releaseOwnerships(userId: string): Promise<void>;
}

/** Group cards (My Groups, a church's dashboard), kept between reads while nothing they came from changed. */
export abstract class GroupCards {
  /** The group's card; null when the group does not exist or has no member. */
  abstract card(groupId: string): Promise<GroupCard | null>;
}

/** Live updates to a group's members. */
export abstract class GroupLiveUpdates {
  /** A member's activity changed the figures of their groups (`groupIds`, as just written): the groups' members are told. */
  abstract memberFiguresChanged(userId: string, correlationId: string | null, groupIds: readonly string[]): void;
}

/** The groups of churches. */
export abstract class GroupsInChurches {
  /** The groups of these churches that still have members, newest first: keyed reads per church and per group. */
  abstract of(churchIds: readonly string[]): Promise<GroupView[]>;
}

/** One group's view, by key. */
export abstract class GroupLookup {
  abstract find(groupId: string): Promise<GroupView | null>;
}

/** Groups' rosters: members, their sharing and meeting ratings. */
export abstract class GroupRosters {
  abstract read(groupId: string): Promise<GroupRoster>;
  /** A member's meeting ratings in every group, for their data export. */
  abstract ratingsBy(userId: string): Promise<Array<{ groupId: string; weekStart: string; rating: number }>>;
}
