import { Injectable } from '@nestjs/common';
import type { AppendMeta, StoredEvent } from '@abide/event-store';
import type { MembershipAggregate } from '../memberships/memberships.port';
import { type MembershipCommand, rosterRequests } from '../memberships/membership-model.port';
import { GroupCommands } from './commands/group.commands';
import { assertLeader, assertMember } from './domain/group.decider';
import { GroupProjection } from './projections/group.projection';
import { GroupRosterProjection } from './projections/group-roster.projection';

/**
 * A group as membership sees it (MEMBERSHIP_AGGREGATES): its members list comes from the group's stream (any member
 * may read it), its requests from its roster (its owner and co-leaders decide them).
 */
@Injectable()
export class GroupMembership implements MembershipAggregate<'group'> {
  readonly kind = 'group' as const;

  constructor(
    private readonly commands: GroupCommands,
    private readonly groups: GroupProjection,
    private readonly rosters: GroupRosterProjection,
  ) {}

  handle(command: MembershipCommand, meta: AppendMeta): Promise<StoredEvent[]> {
    return this.commands.membership(command, meta);
  }

  async members(callerId: string, groupId: string) {
    const state = await this.commands.load(groupId);
    assertMember(state, callerId);
    return [...state.members.entries()]
      .sort(([, a], [, b]) => a.joinedAt.localeCompare(b.joinedAt))
      .map(([userId, m]) => ({ userId, role: m.role, joinedAt: m.joinedAt }));
  }

  async requests(callerId: string, groupId: string) {
    assertLeader(await this.commands.load(groupId), callerId);
    return rosterRequests(await this.rosters.read(groupId));
  }

  async nameOf(groupId: string): Promise<string | undefined> {
    return (await this.groups.find(groupId))?.name;
  }
}
