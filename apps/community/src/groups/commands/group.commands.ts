import { Inject, Injectable } from '@nestjs/common';
import { groupMessages, type Meeting } from '@abide/contracts';
import { type AppendMeta as Meta, CommandHandler, CommandRunner, EventStore, type StoredEvent } from '@abide/event-store';
import { v7 as uuidv7 } from 'uuid';
import { ChurchAdmins } from '../church-admins.port';
import { CLOCK, type Clock } from '../../config/clock';
import { COMMUNITY_CONFIG, type CommunityConfig } from '../../config/env.schema';
import { denied } from '../domain/group-denied';
import { type GroupChanges, type GroupCommand, groupDecider, groupIdOf, type GroupState } from '../domain/group.decider';
import type { MembershipCommand } from '../../memberships/membership-model.port';
import { OwnershipClaims } from './ownership-claims';

export const groupStreamId = (groupId: string) => `group-${groupId}`;

/** The 409 of a race lost on every retry, in the group's words. */
const GROUP_CONFLICT = 'This group changed at the same moment elsewhere. Please try again.';

/**
 * Write side of groups: one stream per group, every command data decided by the group's decider on the stream (so
 * roles are checked on the server). What the decision cannot see, the service checks first: a church's admins (asked
 * of churches, from the church's stream) and the owners' plan limit (OwnershipClaims).
 */
@Injectable()
export class GroupCommands {
  private readonly groups: CommandHandler<GroupCommand, GroupState>;

  constructor(
    runner: CommandRunner,
    private readonly eventStore: EventStore,
    private readonly churchAdmins: ChurchAdmins,
    private readonly claims: OwnershipClaims,
    @Inject(COMMUNITY_CONFIG) private readonly config: CommunityConfig,
    @Inject(CLOCK) private readonly clock: Clock,
  ) {
    this.groups = new CommandHandler(runner, groupDecider, {
      streamOf: (command) => groupStreamId(groupIdOf(command)),
      conflictMessage: GROUP_CONFLICT,
    });
  }

  /** The group's state: its stream head's snapshot, one keyed read however long the group's history. */
  async load(groupId: string): Promise<GroupState> {
    return (await this.eventStore.aggregate(groupStreamId(groupId), groupDecider)).state;
  }

  async create(
    ownerId: string,
    input: { name: string; description: string; isPublic: boolean; meeting: Meeting | null; churchId?: string },
    meta: Meta,
  ): Promise<string> {
    // Only a church's admins start groups in it (the church's stream says who they are).
    if (input.churchId) await this.churchAdmins.assertAdmin(input.churchId, ownerId);
    const groupId = uuidv7();
    await this.claimOrRefuse(ownerId, groupId);
    try {
      await this.handle({ type: 'CreateGroup', groupId, ownerId, ...input, now: this.clock() }, meta);
    } catch (error) {
      await this.claims.release(ownerId, groupId);
      throw error;
    }
    return groupId;
  }

  /** The owner puts the group in a church they administer. */
  async attach(by: string, groupId: string, churchId: string, meta: Meta): Promise<void> {
    await this.churchAdmins.assertAdmin(churchId, by);
    await this.handle({ type: 'AttachGroupToChurch', groupId, by, churchId }, meta);
  }

  /** The owner, or an admin of the group's church, takes the group out of its church. */
  async detach(by: string, groupId: string, meta: Meta): Promise<void> {
    const churchId = (await this.load(groupId)).churchId;
    const churchAdmin = churchId ? await this.churchAdmins.isAdmin(churchId, by) : false;
    await this.handle({ type: 'DetachGroupFromChurch', groupId, by, adminOfChurch: churchAdmin ? churchId : null }, meta);
  }

  async update(by: string, groupId: string, changes: GroupChanges, meta: Meta): Promise<void> {
    await this.handle({ type: 'UpdateGroup', groupId, by, changes }, meta);
  }

  /**
   * Returns whether the caller joined at once or now waits for approval, and the last event appended (none when the
   * caller was already in or waiting): what the answer's summary reads its member's groups and roster up to.
   */
  async join(userId: string, groupId: string, meta: Meta): Promise<{ status: 'joined' | 'requested'; last?: StoredEvent }> {
    const appended = await this.handle({ type: 'JoinGroup', groupId, userId, requestId: uuidv7(), now: this.clock() }, meta);
    const status = appended.some((e) => e.type === 'community.group.member-joined') ? 'joined' : 'requested';
    return { status, last: appended.at(-1) };
  }

  /** The group an accepted church invitation named (identity's event): idempotent. */
  async joinByInvitation(userId: string, groupId: string, churchId: string, at: Date, meta: Meta): Promise<void> {
    await this.handle({ type: 'JoinGroupByInvitation', groupId, userId, churchId, requestId: uuidv7(), now: at }, meta);
  }

  async changeRole(by: string, groupId: string, target: string, role: 'co-leader' | 'member', meta: Meta): Promise<void> {
    await this.handle({ type: 'ChangeGroupRole', groupId, by, target, role }, meta);
  }

  /** The new owner takes one of their own ownership slots; the former owner's slot is freed. */
  async handOver(by: string, groupId: string, target: string, meta: Meta): Promise<void> {
    const command: GroupCommand = { type: 'HandOverGroup', groupId, by, target };
    // Refused early (roles, membership) before touching the target's slots; decided again in the stream's turn.
    groupDecider.decide(command, await this.load(groupId));
    if (!(await this.claims.claim(target, groupId, this.config.GROUP_OWNERSHIP_LIMIT))) {
      throw denied.conflict('This member already owns as many groups as their plan allows.');
    }
    try {
      await this.handle(command, meta);
    } catch (error) {
      await this.claims.release(target, groupId);
      throw error;
    }
    await this.claims.release(by, groupId);
  }

  async rate(userId: string, groupId: string, weekStart: string, rating: number, meta: Meta): Promise<void> {
    await this.handle({ type: 'RateMeeting', groupId, userId, weekStart, rating }, meta);
  }

  /**
   * A membership command (MembershipCommands) on the group's stream, then what it means for owners' plan limits: the
   * last member leaving was the owner, whose closed group no longer counts; an owner's group passed on at their account
   * deletion counts for its heir.
   */
  async membership(command: MembershipCommand, meta: Meta): Promise<StoredEvent[]> {
    const appended = await this.handle(command, meta);
    if (command.type === 'LeaveMembership') await this.claims.release(command.userId, command.id);
    if (command.type === 'Depart') {
      for (const event of appended) {
        if (event.type === 'community.group.member-role-changed' && event.data.role === 'owner') {
          // Best effort: an heir already at their limit still inherits rather than leaving the group leaderless.
          await this.claims.claim(event.data.userId, command.id, this.config.GROUP_OWNERSHIP_LIMIT);
        }
      }
    }
    return appended;
  }

  /** Account deletion: the member's ownership slots are freed (their groups passed on, or closed). */
  async releaseOwnerships(userId: string): Promise<void> {
    await this.claims.releaseAll(userId);
  }

  private async claimOrRefuse(ownerId: string, groupId: string): Promise<void> {
    const limit = this.config.GROUP_OWNERSHIP_LIMIT;
    if (!(await this.claims.claim(ownerId, groupId, limit))) {
      throw denied.forbidden(groupMessages.limitReached(limit));
    }
  }

  private async handle(command: GroupCommand, meta: Meta): Promise<StoredEvent[]> {
    return (await this.groups.handle(command, meta)).events;
  }
}
