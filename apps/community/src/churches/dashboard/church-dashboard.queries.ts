import { Inject, Injectable } from '@nestjs/common';
import { localDateOf, weekStartOf } from '@abide/calendar';
import type { ChurchDashboard } from '@abide/contracts';
import { CLOCK, type Clock } from '../../config/clock';
import { GroupCards, GroupRosters, GroupsInChurches } from '../../groups/groups.port';
import { MembershipRosters } from '../../memberships/memberships.port';
import { rosterMembers } from '../../memberships/membership-model.port';
import { ChurchCommands } from '../commands/church.commands';
import { assertAdmin } from '../domain/church.decider';
import { ChurchFiguresStore } from './church-figures.store';
import { assembleDashboard, breakdownMembers, type GroupInput } from './domain/church-dashboard';
import { dashboardWeeks } from './domain/church-figures';

/**
 * The pastor's dashboard for a church's admins: the role is checked on the church's stream, then everything is read
 * by key (the kept figures, the church's groups with their rosters and cards, the names of members shown one by one).
 */
@Injectable()
export class ChurchDashboardQueries {
  constructor(
    private readonly commands: ChurchCommands,
    private readonly groups: GroupsInChurches,
    private readonly figures: ChurchFiguresStore,
    private readonly rosters: GroupRosters,
    private readonly cards: GroupCards,
    private readonly memberships: MembershipRosters,
    @Inject(CLOCK) private readonly clock: Clock,
  ) {}

  async dashboard(callerId: string, churchId: string): Promise<ChurchDashboard> {
    const state = await this.commands.load(churchId);
    assertAdmin(state, callerId);
    const weekStart = weekStartOf(localDateOf(this.clock(), state.timeZone));
    const [{ sharing, weeks }, groups] = await Promise.all([
      this.figures.read(churchId, dashboardWeeks(weekStart)),
      this.groupsOf(churchId),
    ]);
    const memberIds = new Set(state.members.keys());
    const shownOneByOne = groups.flatMap((group) => breakdownMembers({ memberIds, sharing }, group) ?? []);
    return assembleDashboard({
      church: { id: churchId, name: state.name, slug: state.slug, timeZone: state.timeZone },
      weekStart,
      memberIds,
      sharing,
      weeks,
      groups,
      names: await this.memberships.names(shownOneByOne),
    });
  }

  /** Each group of the church with its members, its card's weekly progress (the group's own figure) and its ratings. */
  private async groupsOf(churchId: string): Promise<GroupInput[]> {
    const views = await this.groups.of([churchId]);
    return Promise.all(
      views.map(async (view) => {
        const [roster, card] = await Promise.all([this.rosters.read(view._id), this.cards.card(view._id)]);
        const memberIds = rosterMembers(roster).map((m) => m.userId);
        // A group left with no member has no card: nothing of it is in progress.
        const weeklyProgress = card?.weeklyProgress ?? { completed: 0, expected: 0 };
        return { id: view._id, name: view.name, memberIds, weeklyProgress, ratings: roster.ratings };
      }),
    );
  }
}
