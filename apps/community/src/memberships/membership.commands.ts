import { Inject, Injectable } from '@nestjs/common';
import type { AppendMeta } from '@abide/event-store';
import { CLOCK, type Clock } from '../config/clock';
import type { MembershipKind } from './domain/membership';
import type { MembershipCommand } from './domain/membership.decider';
import { MEMBERSHIP_AGGREGATES, type MembershipAggregates } from './membership-aggregates';

/**
 * Write side of membership for groups and churches alike: each command is decided on the group's or the church's
 * stream by its decider (roles checked there, on the server), then that kind's own consequences follow.
 */
@Injectable()
export class MembershipCommands {
  constructor(
    @Inject(MEMBERSHIP_AGGREGATES) private readonly aggregates: MembershipAggregates,
    @Inject(CLOCK) private readonly clock: Clock,
  ) {}

  /** The caller withdraws their own request to join. */
  async withdraw(kind: MembershipKind, userId: string, id: string, meta: AppendMeta): Promise<void> {
    await this.handle(kind, { type: 'WithdrawRequest', id, userId }, meta);
  }

  /** A leader (group) or an admin (church) approves or declines a request. */
  async decide(kind: MembershipKind, by: string, id: string, requestId: string, approve: boolean, meta: AppendMeta): Promise<void> {
    await this.handle(kind, { type: 'DecideRequest', id, by, requestId, approve, now: this.clock() }, meta);
  }

  async leave(kind: MembershipKind, userId: string, id: string, meta: AppendMeta): Promise<void> {
    await this.handle(kind, { type: 'LeaveMembership', id, userId }, meta);
  }

  async remove(kind: MembershipKind, by: string, id: string, target: string, meta: AppendMeta): Promise<void> {
    await this.handle(kind, { type: 'RemoveMember', id, by, target }, meta);
  }

  /** The member's own choice to share their progress with this group's leaders or church's admins (#26): the events it appended. */
  async share(kind: MembershipKind, userId: string, id: string, shares: boolean, meta: AppendMeta): Promise<number> {
    return (await this.handle(kind, { type: 'SetSharing', id, userId, shares }, meta)).length;
  }

  /** Account deletion: out of the group or church and its requests; a keeper's role passes on first. */
  async depart(kind: MembershipKind, userId: string, id: string, meta: AppendMeta): Promise<void> {
    await this.handle(kind, { type: 'Depart', id, userId }, meta);
  }

  private handle(kind: MembershipKind, command: MembershipCommand, meta: AppendMeta) {
    return this.aggregates[kind].handle(command, meta);
  }
}
