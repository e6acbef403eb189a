import { Injectable } from '@nestjs/common';
import type { StoredEvent } from '@abide/event-store';
import type { Dashboard, GroupPage, GroupSummary } from '@abide/contracts';
import { addDays, daysBetween, weekStartOf } from '@abide/calendar';
import { countFacts, type DoneFact, isActive, MemberActivityQueries, weekStreak } from '../activity/activity.port';
import { ChurchesOfMember, GroupsOfMember, MembershipRosters } from '../memberships/memberships.port';
import { churchesOf, groupsOf, type MemberGroups, pendingGroupIds, rosterMembers } from '../memberships/membership-model.port';
import { GroupCommands } from './commands/group.commands';
import { assertLeader, assertMember } from './domain/group.decider';
import { denied } from './domain/group-denied';
import { GroupFigures } from './group-figures.service';
import { GroupsOfChurches } from './groups-of-churches.queries';
import type { GroupView } from './projections/group.schema';
import { GroupProjection } from './projections/group.projection';
import { GroupRosterProjection } from './projections/group-roster.projection';

/** Weeks the dashboard's chart shows, and how far back a streak is looked for. */
const CHART_WEEKS = 8;
const STREAK_WEEKS = 52;

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
  ) {}

  /** My Groups: every group the caller belongs to, newest membership first. */
  async mine(callerId: string): Promise<GroupSummary[]> {
    const mine = await this.memberGroups.read(callerId);
    const views = await Promise.all(groupsOf(mine).map((m) => this.groups.find(m.groupId)));
    return this.summaries(
      callerId,
      views.filter((v): v is GroupView => v !== null),
      mine,
    );
  }

  async discover(callerId: string, q: string | undefined, page: number, pageSize: number, church?: 'mine'): Promise<GroupPage> {
    const { items, total } = church
      ? await this.ofMyChurches(callerId, q, page, pageSize)
      : await this.groups.search(q || undefined, page, pageSize);
    return { items: await this.summaries(callerId, items), total, page, pageSize, hasMore: page * pageSize < total };
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
   * what its projections wrote, when it has them).
   */
  async summary(callerId: string, groupId: string, after?: StoredEvent): Promise<GroupSummary> {
    const [view, mine] = await Promise.all([
      this.groups.find(groupId),
      after ? this.memberGroups.readIncluding(callerId, after) : undefined,
    ]);
    if (!view || view.memberCount === 0) throw denied.notFound('This group');
    return (await this.summaries(callerId, [view], mine, after))[0];
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

  async dashboard(callerId: string, groupId: string): Promise<Dashboard> {
    const state = await this.commands.load(groupId);
    assertLeader(state, callerId);
    const roster = await this.rosters.read(groupId);
    const ratings = Object.values(roster.ratings);
    const [group, members, pendingRequests] = await Promise.all([
      this.summary(callerId, groupId),
      this.memberships.members('group', callerId, groupId),
      this.memberships.requests('group', callerId, groupId),
    ]);
    const contexts = await this.figures.contexts(members.map((m) => ({ userId: m.userId, shares: state.members.get(m.userId)?.shares === true })));
    const facts = await this.figures.factsOver(contexts, STREAK_WEEKS);
    const weekStart = await this.callerWeek(callerId);

    // weeks[u][i]: member u's done facts in their week i (0 = this week, 1 = last week…), in their own zone.
    const weeks = new Map(contexts.map((c) => [c.userId, Array.from({ length: STREAK_WEEKS + 1 }, () => [] as DoneFact[])]));
    const contextOf = new Map(contexts.map((c) => [c.userId, c]));
    for (const fact of facts) {
      const context = contextOf.get(fact.userId);
      if (!context) continue;
      weeks.get(fact.userId)?.[daysBetween(weekStartOf(fact.date), context.weekStart) / 7]?.push(fact);
    }
    const counts = new Map([...weeks].map(([userId, list]) => [userId, list.map(countFacts)]));
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
    return {
      // The member list comes from the group's stream; the count follows it even while the read model catches up.
      group: { ...group, memberCount: members.length },
      weekStart,
      members: members.map((member) => {
        const context = contextOf.get(member.userId)!;
        return {
          ...member,
          sharesProgress: context.sharesProgress,
          week: context.sharesProgress ? counts.get(member.userId)![0] : null,
        };
      }),
      weeklyActivity,
      weekStreak: weekStreak(activePerWeek, sharingContexts.length),
      averageRating: { average: ratings.length ? Math.round((sum / ratings.length) * 100) / 100 : null, count: ratings.length },
      pendingRequests,
    };
  }

  /** `mine` is the caller's groups when the caller already read them; `after`, an event of the only group's stream. */
  private async summaries(
    callerId: string,
    views: readonly GroupView[],
    mine?: MemberGroups,
    after?: StoredEvent,
  ): Promise<GroupSummary[]> {
    if (!views.length) return [];
    const [caller, owners] = await Promise.all([mine ?? this.memberGroups.read(callerId), this.memberships.names(views.map((v) => v.ownerId))]);
    const roleIn = new Map(groupsOf(caller).map((m) => [m.groupId, m.role]));
    const pendingIn = pendingGroupIds(caller);
    return Promise.all(
      views.map(async (view) => {
        const roster = after ? await this.rosters.readIncluding(view._id, after) : await this.rosters.read(view._id);
        const card = await this.figures.keptCard(view._id, rosterMembers(roster));
        const myStatus = roleIn.get(view._id) ?? (pendingIn.has(view._id) ? 'pending' : 'none');
        const insider = myStatus !== 'none' && myStatus !== 'pending';
        return {
          id: view._id,
          name: view.name,
          description: view.description,
          isPublic: view.isPublic,
          ownerId: view.ownerId,
          ownerName: owners.get(view.ownerId) ?? null,
          meeting: view.meeting ?? null,
          memberCount: view.memberCount,
          myStatus,
          active: card.active,
          weeklyProgress: card.weeklyProgress,
          // A member's name and doings are for the group: outsiders of a private group see neither.
          recentActivity: view.isPublic || insider ? card.recentActivity : null,
          churchId: view.churchId ?? null,
          createdAt: new Date(view.createdAt).toISOString(),
        };
      }),
    );
  }
}
