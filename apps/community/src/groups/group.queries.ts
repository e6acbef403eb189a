import { Injectable } from '@nestjs/common';
import type { StoredEvent } from '@abide/event-store';
import type { Dashboard, GroupPage, GroupSummary } from '@abide/contracts';
import { addDays } from '@abide/calendar';
import { emptyActivity, isActive, MemberActivityQueries, weekCounts, weekStreak } from '../activity/activity.port';
import { ChurchesOfMember, GroupsOfMember, MembershipRosters } from '../memberships/memberships.port';
import {
  churchesOf,
  groupsOf,
  type MemberGroups,
  pendingGroupIds,
  rosterMembers,
  rosterRequests,
} from '../memberships/membership-model.port';
import { GroupCommands } from './commands/group.commands';
import { assertLeader, assertMember } from './domain/group.decider';
import { denied } from './domain/group-denied';
import { type GroupCard, groupStateOf, KeptGroupCards, summaryFor } from './group-cards';
import { GroupFigures } from './group-figures.service';
import { GroupsOfChurches } from './groups-of-churches.queries';
import { GroupCardCache } from './projections/group-card-cache';
import { GroupProjection } from './projections/group.projection';
import { GroupRosterProjection } from './projections/group-roster.projection';

/** Weeks the dashboard's chart shows, and how far back a streak is looked for. */
const CHART_WEEKS = 8;
const STREAK_WEEKS = 52;

/** A leaders' dashboard as kept (GroupCardCache): the same for every leader but their status, and each member's week. */
interface KeptDashboard {
  dashboard: Dashboard;
  /** Each member's current week (their zone's): a leader in another week than `dashboard.weekStart` has it computed. */
  weekStarts: Record<string, string>;
}

/** Read side of groups: cards, discover, the dashboard and ratings (members and requests: MembershipRosters). */
@Injectable()
export class GroupQueries {
  constructor(
    private readonly groups: GroupProjection,
    private readonly memberGroups: GroupsOfMember,
    private readonly rosters: GroupRosterProjection,
    private readonly commands: GroupCommands,
    private readonly figures: GroupFigures,
    private readonly activity: MemberActivityQueries,
    private readonly memberChurches: ChurchesOfMember,
    private readonly ofChurches: GroupsOfChurches,
    private readonly memberships: MembershipRosters,
    private readonly cards: KeptGroupCards,
    private readonly cache: GroupCardCache,
  ) {}

  /** My Groups: every group the caller belongs to, newest membership first: the caller's groups, then each card by key. */
  async mine(callerId: string): Promise<GroupSummary[]> {
    const mine = await this.memberGroups.read(callerId);
    const cards = await Promise.all(groupsOf(mine).map((m) => this.cards.card(m.groupId)));
    return this.summaries(
      cards.filter((c): c is GroupCard => c !== null),
      mine,
    );
  }

  async discover(callerId: string, q: string | undefined, page: number, pageSize: number, church?: 'mine'): Promise<GroupPage> {
    const { items, total } = church
      ? await this.ofMyChurches(callerId, q, page, pageSize)
      : await this.groups.search(q || undefined, page, pageSize);
    const cards = await Promise.all(items.map((view) => this.cards.card(view._id)));
    const caller = await this.memberGroups.read(callerId);
    return {
      items: this.summaries(
        cards.filter((c): c is GroupCard => c !== null),
        caller,
      ),
      total,
      page,
      pageSize,
      hasMore: page * pageSize < total,
    };
  }

  /** "My church": the groups of the caller's churches, by key (the member's churches, each church's groups). */
  private async ofMyChurches(callerId: string, q: string | undefined, page: number, pageSize: number) {
    const churchIds = churchesOf(await this.memberChurches.read(callerId)).map((c) => c.churchId);
    const groups = await this.ofChurches.of(churchIds);
    const words = q?.trim().toLowerCase();
    const matched = words ? groups.filter((g) => `${g.name}\n${g.description}`.toLowerCase().includes(words)) : groups;
    return { items: matched.slice((page - 1) * pageSize, page * pageSize), total: matched.length };
  }

  /**
   * Anyone may see a group's summary (a private group's shows no member's name or activity). `after`: the caller's
   * command just appended it, so the caller's groups and the roster are read as of it (from this process's memory of
   * what its projections wrote, when it has them), and the card is computed now.
   */
  async summary(callerId: string, groupId: string, after?: StoredEvent): Promise<GroupSummary> {
    const [card, mine] = await Promise.all([
      after ? this.cards.computed(groupId, after).then((c) => c?.card ?? null) : this.cards.card(groupId),
      after ? this.memberGroups.readIncluding(callerId, after) : this.memberGroups.read(callerId),
    ]);
    if (!card) throw denied.notFound('This group');
    return this.summaries([card], mine)[0];
  }

  async myRating(callerId: string, groupId: string, weekStart?: string): Promise<{ weekStart: string; rating: number | null }> {
    const state = await this.commands.load(groupId);
    assertMember(state, callerId);
    const week = weekStart ?? (await this.callerWeek(callerId));
    return { weekStart: week, rating: (await this.rosters.read(groupId)).ratings[`${callerId}:${week}`] ?? null };
  }

  async callerWeek(callerId: string): Promise<string> {
    return this.figures.weekStartFor((await this.activity.peopleByIds([callerId]))[0]);
  }

  /**
   * The leaders' dashboard: kept between reads like the cards (GroupCardCache), one read by key while nothing it came
   * from changed; who may see it is checked on every read, on the members it was computed for.
   */
  async dashboard(callerId: string, groupId: string): Promise<Dashboard> {
    const { gen, value } = await this.cache.read<KeptDashboard>(groupId, 'dashboard');
    if (value) {
      assertLeader(groupStateOf(value.dashboard.group.isPublic, value.dashboard.members), callerId);
      if (value.weekStarts[callerId] === value.dashboard.weekStart) return this.asSeenBy(value.dashboard, callerId);
    }
    // Read after `gen`: what it computes from is at least as new as `gen` says.
    const computed = await this.computeDashboard(callerId, groupId);
    await this.cache.keep(groupId, 'dashboard', gen, computed.kept, computed.activeUntil);
    return this.asSeenBy(computed.kept.dashboard, callerId);
  }

  /** The dashboard as the leader `callerId` sees it: with their status in the group's summary. */
  private asSeenBy(dashboard: Dashboard, callerId: string): Dashboard {
    const role = dashboard.members.find((m) => m.userId === callerId)?.role ?? 'none';
    return { ...dashboard, group: summaryFor(dashboard.group, role) };
  }

  private async computeDashboard(callerId: string, groupId: string): Promise<{ kept: KeptDashboard; activeUntil: number | null }> {
    const [view, roster] = await Promise.all([this.groups.find(groupId), this.rosters.read(groupId)]);
    if (!view) throw denied.notFound('This group');
    const roll = rosterMembers(roster);
    assertLeader(groupStateOf(view.isPublic, roll), callerId);
    const ratings = Object.values(roster.ratings);
    const requests = rosterRequests(roster);
    // One read of the members' activity for the whole answer: the group's figures and the members' weeks tell of the
    // same moment (two reads could fall either side of a check-in being recorded).
    const activities = await this.figures.activitiesOf(roll.map((m) => m.userId));
    const [{ card, activeUntil }, requesterNames, contexts] = await Promise.all([
      this.cards.fromInputs(view, roster, activities),
      this.memberships.names(requests.map((r) => r.userId)),
      this.figures.contexts(roll.map((m) => ({ userId: m.userId, shares: m.shares }))),
    ]);
    const contextOf = new Map(contexts.map((c) => [c.userId, c]));
    const weekStart = contextOf.get(callerId)?.weekStart ?? this.figures.weekStartFor(null);

    // counts[u][i]: member u's counts in their week i (0 = this week, 1 = last week…), in their own zone.
    const counts = new Map(
      contexts.map((c) => {
        const activity = activities.get(c.userId) ?? emptyActivity();
        return [c.userId, Array.from({ length: STREAK_WEEKS + 1 }, (_, i) => weekCounts(activity, addDays(c.weekStart, -7 * i)))];
      }),
    );
    const wasActive = (userId: string, i: number) => {
      const w = counts.get(userId)?.[i];
      return Boolean(w && isActive(w));
    };
    // Only members who share count as active (#26): the streak and the chart never tell of a private member's weeks.
    const sharingContexts = contexts.filter((c) => c.sharesProgress);
    const activePerWeek = Array.from(
      { length: STREAK_WEEKS + 1 },
      (_, i) => sharingContexts.filter((c) => wasActive(c.userId, i)).length,
    ).reverse();

    const weeklyActivity = Array.from({ length: CHART_WEEKS }, (_, k) => {
      const i = CHART_WEEKS - 1 - k;
      const sharing = sharingContexts.map((c) => counts.get(c.userId)![i]);
      return {
        weekStart: addDays(weekStart, -7 * i),
        activeMembers: sharingContexts.filter((c) => wasActive(c.userId, i)).length,
        checkIns: sharing.reduce((n, w) => n + w.checkIns, 0),
        planActivities: sharing.reduce((n, w) => n + w.planActivities, 0),
        journalDays: sharing.reduce((n, w) => n + w.journalDays, 0),
      };
    });
    const sum = ratings.reduce((n, rating) => n + rating, 0);
    const dashboard: Dashboard = {
      // The count follows the roster the members are listed from, even while the group's own read model catches up.
      group: { ...card, myStatus: 'none', memberCount: roll.length },
      weekStart,
      members: roll.map((member) => {
        const context = contextOf.get(member.userId)!;
        return {
          userId: member.userId,
          name: context.person?.name ?? null,
          role: member.role,
          joinedAt: member.joinedAt,
          sharesProgress: context.sharesProgress,
          week: context.sharesProgress ? counts.get(member.userId)![0] : null,
        };
      }),
      weeklyActivity,
      weekStreak: weekStreak(activePerWeek, sharingContexts.length),
      averageRating: { average: ratings.length ? Math.round((sum / ratings.length) * 100) / 100 : null, count: ratings.length },
      pendingRequests: requests.map((r) => ({
        id: r.id,
        userId: r.userId,
        name: requesterNames.get(r.userId) ?? null,
        requestedAt: r.requestedAt,
      })),
    };
    return { kept: { dashboard, weekStarts: Object.fromEntries(contexts.map((c) => [c.userId, c.weekStart])) }, activeUntil };
  }

  /** The caller's summaries of these cards, by their status in each group (their groups, as read). */
  private summaries(cards: readonly GroupCard[], caller: MemberGroups): GroupSummary[] {
    const roleIn = new Map(groupsOf(caller).map((m) => [m.groupId, m.role]));
    const pendingIn = pendingGroupIds(caller);
    return cards.map((card) => summaryFor(card, roleIn.get(card.id) ?? (pendingIn.has(card.id) ? 'pending' : 'none')));
  }
}
