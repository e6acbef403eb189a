import { Inject, Injectable } from '@nestjs/common';
import { MONGO_CONNECTION } from '@abide/platform';
import type { Connection } from 'mongoose';
import type { MySharing } from '@abide/contracts';
import type { AppendMeta as Meta } from '@abide/event-store';
import { churchesOf, groupsOf } from './domain/member-memberships';
import { MEMBERSHIP_AGGREGATES, type MembershipAggregates } from './membership-aggregates';
import { MembershipCommands } from './membership.commands';
import { MemberChurchesProjection, MemberGroupsProjection } from './projections/member-memberships.projection';

/**
 * A member's sharing choices, one per membership (#26; docs/churches.md "Sharing progress"). The choice lives on the
 * membership's own stream (the group's, the church's), so whoever reads a group's or a church's members reads it in
 * the same order as who belongs; this service only lists a member's memberships and decides a change on each stream.
 */
@Injectable()
export class MemberSharing {
  constructor(
    private readonly memberGroups: MemberGroupsProjection,
    private readonly memberChurches: MemberChurchesProjection,
    @Inject(MEMBERSHIP_AGGREGATES) private readonly aggregates: MembershipAggregates,
    private readonly commands: MembershipCommands,
    @Inject(MONGO_CONNECTION) private readonly connection: Connection,
  ) {}

  /** Members whose one old choice was moved onto their memberships, or who chose for all of them since (sharing-move). */
  private get moved() {
    return this.connection.collection<{ _id: string; at: Date }>('sharing_moved');
  }

  async wasMoved(userId: string): Promise<boolean> {
    return (await this.moved.findOne({ _id: userId })) !== null;
  }

  /** The caller's groups (newest first) and churches (oldest first), each with its own choice. */
  async mine(userId: string): Promise<MySharing> {
    const [groupDoc, churchDoc] = await Promise.all([this.memberGroups.read(userId), this.memberChurches.read(userId)]);
    const [groups, churches] = await Promise.all([
      Promise.all(groupsOf(groupDoc).map(async (g) => ({ id: g.groupId, name: await this.aggregates.group.nameOf(g.groupId), shares: g.shares }))),
      Promise.all(churchesOf(churchDoc).map(async (c) => ({ id: c.churchId, name: await this.aggregates.church.nameOf(c.churchId), shares: c.shares }))),
    ]);
    // A membership whose group or church is not in its read model yet is left out rather than shown without a name.
    const named = <T extends { name: string | undefined }>(list: T[]) => list.filter((m): m is T & { name: string } => !!m.name);
    return { groups: named(groups), churches: named(churches) };
  }

  setGroup(userId: string, groupId: string, shares: boolean, meta: Meta): Promise<number> {
    return this.commands.share('group', userId, groupId, shares, meta);
  }

  setChurch(userId: string, churchId: string, shares: boolean, meta: Meta): Promise<number> {
    return this.commands.share('church', userId, churchId, shares, meta);
  }

  /**
   * The member's choice for every group and church they belong to now ("share with all", and the old single setting's
   * meaning): how many choices it changed. It supersedes the old single choice, so that is recorded first.
   */
  async setAll(userId: string, shares: boolean, meta: Meta): Promise<number> {
    await this.markMoved(userId);
    return this.applyToAll(userId, shares, meta);
  }

  async markMoved(userId: string): Promise<void> {
    await this.moved.updateOne({ _id: userId }, { $set: { at: new Date() } }, { upsert: true });
  }

  /** The same choice on each current membership, decided on its own stream (so a repeat changes nothing). */
  async applyToAll(userId: string, shares: boolean, meta: Meta): Promise<number> {
    const [groupDoc, churchDoc] = await Promise.all([this.memberGroups.read(userId), this.memberChurches.read(userId)]);
    let changed = 0;
    for (const g of groupsOf(groupDoc)) changed += await this.setGroup(userId, g.groupId, shares, meta);
    for (const c of churchesOf(churchDoc)) changed += await this.setChurch(userId, c.churchId, shares, meta);
    return changed;
  }
}
