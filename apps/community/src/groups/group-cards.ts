import { Injectable } from '@nestjs/common';
import type { StoredEvent } from '@abide/event-store';
import type { GroupMemberRole, GroupSummary } from '@abide/contracts';
import type { ActivityFigures } from '../activity/activity.port';
import { MembershipRosters } from '../memberships/memberships.port';
import { rosterMembers } from '../memberships/membership-model.port';
import type { GroupState } from './domain/group.decider';
import type { GroupRoster } from './domain/group-roster';
import { GroupFigures } from './group-figures.service';
import { GroupCardCache } from './projections/group-card-cache';
import type { GroupView } from './projections/group.schema';
import { GroupProjection } from './projections/group.projection';
import { GroupRosterProjection } from './projections/group-roster.projection';

/** A group's card as anyone sees it but for the caller's own status (and recentActivity before it is hidden from outsiders). */
export type GroupCard = Omit<GroupSummary, 'myStatus'>;

/** The caller's summary of a card: their status, and a private group's activity only for its members. */
export const summaryFor = (card: GroupCard, myStatus: GroupSummary['myStatus']): GroupSummary => {
  const insider = myStatus !== 'none' && myStatus !== 'pending';
  // A member's name and doings are for the group: outsiders of a private group see neither.
  return { ...card, myStatus, recentActivity: card.isPublic || insider ? card.recentActivity : null };
};

/**
 * The group as its read models tell it, in the shape its decider's checks of who may see what read: whether it is
 * public and its members with their roles (an open group: one that has members).
 */
export const groupStateOf = (
  isPublic: boolean,
  members: ReadonlyArray<{ userId: string; role: GroupMemberRole; joinedAt: string }>,
): GroupState => ({
  exists: true,
  groupId: '',
  ownerId: '',
  name: '',
  description: '',
  isPublic,
  meeting: null,
  churchId: null,
  members: new Map(members.map((m) => [m.userId, { role: m.role, joinedAt: m.joinedAt }])),
  pending: new Map(),
});

/**
 * Group cards (My Groups, Discover, a group's page, a church's groups): computed from the group, its roster and its
 * members' people and activity, and kept between reads (GroupCardCache), so a card costs one read by key while
 * nothing it came from changed.
 */
@Injectable()
export class KeptGroupCards {
  constructor(
    private readonly groups: GroupProjection,
    private readonly rosters: GroupRosterProjection,
    private readonly figures: GroupFigures,
    private readonly memberships: MembershipRosters,
    private readonly cache: GroupCardCache,
  ) {}

  /** The group's card, kept or computed now (then kept); null when the group does not exist or has no member. */
  async card(groupId: string): Promise<GroupCard | null> {
    const { gen, value } = await this.cache.read<GroupCard>(groupId, 'card');
    if (value) return value;
    // Read after `gen`: what it computes from is at least as new as `gen` says.
    const computed = await this.computed(groupId);
    if (computed) await this.cache.keep(groupId, 'card', gen, computed.card, computed.activeUntil);
    return computed?.card ?? null;
  }

  /**
   * The card computed now. `after`: the caller's command just appended it, so the group and its roster are read as of
   * it (from this process's memory of what its projections wrote, when it has it); such a card is not kept.
   */
  async computed(groupId: string, after?: StoredEvent): Promise<{ card: GroupCard; activeUntil: number | null } | null> {
    const [view, roster] = await Promise.all([
      after ? this.groups.findIncluding(groupId, after) : this.groups.find(groupId),
      after ? this.rosters.readIncluding(groupId, after) : this.rosters.read(groupId),
    ]);
    if (!view || view.memberCount === 0) return null;
    return this.fromInputs(view, roster);
  }

  /** The card of a group from its view and roster (read after the `gen` it is kept under, if it is kept). */
  async fromInputs(
    view: GroupView,
    roster: GroupRoster,
    activities?: Map<string, ActivityFigures>,
  ): Promise<{ card: GroupCard; activeUntil: number | null }> {
    const figures = await this.figures.card(rosterMembers(roster), activities);
    // The owner is read with the members (one read), or on their own when they are not one of them.
    const owners = figures.names.has(view.ownerId) ? figures.names : await this.memberships.names([view.ownerId]);
    return {
      card: {
        id: view._id,
        name: view.name,
        description: view.description,
        isPublic: view.isPublic,
        ownerId: view.ownerId,
        ownerName: owners.get(view.ownerId) ?? null,
        meeting: view.meeting ?? null,
        memberCount: view.memberCount,
        active: figures.active,
        weeklyProgress: figures.weeklyProgress,
        recentActivity: figures.recentActivity,
        churchId: view.churchId ?? null,
        createdAt: new Date(view.createdAt).toISOString(),
      },
      activeUntil: figures.activeUntil,
    };
  }
}
