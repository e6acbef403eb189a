import { Inject, Injectable } from '@nestjs/common';
import type { EventTypesOf } from '@abide/contracts';
import { applyIfNewer, type Projection, type StoredEvent, withDocument } from '@abide/event-store';
import { MONGO_CONNECTION } from '@abide/platform';
import type { Connection, Model } from 'mongoose';
import { groupRosterEvents } from '../domain/group-roster';
import {
  type GroupView,
  groupViewSchema,
  type JoinRequestView,
  joinRequestViewSchema,
  type MembershipView,
  membershipViewSchema,
  type RatingView,
  ratingViewSchema,
} from './group.schema';

const escapeRegex = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** Groups, their members, join requests and meeting ratings, shaped for the API. */
@Injectable()
export class GroupProjection implements Projection<EventTypesOf<'community.group.'>> {
  readonly name = 'groups';
  readonly handles = [
    'community.group.created',
    'community.group.updated',
    ...groupRosterEvents,
    'community.group.attached-to-church',
    'community.group.detached-from-church',
  ] as const;
  readonly groups: Model<GroupView>;
  readonly members: Model<MembershipView>;
  readonly requests: Model<JoinRequestView>;
  readonly ratings: Model<RatingView>;

  constructor(@Inject(MONGO_CONNECTION) connection: Connection) {
    this.groups = connection.model<GroupView>('GroupView', groupViewSchema);
    this.members = connection.model<MembershipView>('MembershipView', membershipViewSchema);
    this.requests = connection.model<JoinRequestView>('JoinRequestView', joinRequestViewSchema);
    this.ratings = connection.model<RatingView>('RatingView', ratingViewSchema);
  }

  async apply(event: StoredEvent<EventTypesOf<'community.group.'>>): Promise<void> {
    const v = event.version;
    const { groupId } = event.data;
    switch (event.type) {
      case 'community.group.created': {
        const { groupId: _g, ...fields } = event.data;
        await applyIfNewer(this.groups, groupId, v, { $set: { ...fields, memberIds: '[]', createdAt: new Date(event.occurredAt) } });
        return;
      }
      case 'community.group.updated': {
        const { groupId: _g, updatedBy: _u, ...changes } = event.data;
        await applyIfNewer(this.groups, groupId, v, { $set: changes });
        return;
      }
      case 'community.group.member-joined': {
        const d = event.data;
        await applyIfNewer(this.members, `${groupId}:${d.userId}`, v, {
          $set: { groupId, userId: d.userId, role: d.role, joinedAt: new Date(d.joinedAt), current: true },
        });
        return this.recount(groupId, v, d.userId, true);
      }
      case 'community.group.member-left':
        await applyIfNewer(this.members, `${groupId}:${event.data.userId}`, v, { $set: { current: false } });
        return this.recount(groupId, v, event.data.userId, false);
      case 'community.group.member-removed': {
        const d = event.data;
        await applyIfNewer(this.members, `${groupId}:${d.userId}`, v, { $set: { current: false } });
        // A deleted account's ratings go with it.
        if (d.removedBy === 'system') await this.ratings.deleteMany({ groupId, userId: d.userId });
        return this.recount(groupId, v, d.userId, false);
      }
      case 'community.group.member-role-changed': {
        const d = event.data;
        await applyIfNewer(this.members, `${groupId}:${d.userId}`, v, { $set: { role: d.role } });
        if (d.role === 'owner') await applyIfNewer(this.groups, groupId, v, { $set: { ownerId: d.userId } });
        return;
      }
      case 'community.group.join-requested':
        await applyIfNewer(this.requests, event.data.requestId, v, {
          $set: { groupId, userId: event.data.userId, status: 'pending', requestedAt: new Date(event.occurredAt) },
        });
        return;
      case 'community.group.join-request-approved':
      case 'community.group.join-request-declined':
      case 'community.group.join-request-withdrawn': {
        const status = event.type.slice('community.group.join-request-'.length);
        await applyIfNewer(this.requests, event.data.requestId, v, { $set: { groupId, userId: event.data.userId, status } });
        return;
      }
      case 'community.group.attached-to-church':
        await applyIfNewer(this.groups, groupId, v, { $set: { churchId: event.data.churchId } });
        return;
      case 'community.group.detached-from-church':
        await applyIfNewer(this.groups, groupId, v, { $set: { churchId: null } });
        return;
      case 'community.group.meeting-rated': {
        const d = event.data;
        await applyIfNewer(this.ratings, `${groupId}:${d.userId}:${d.weekStart}`, v, {
          $set: { groupId, userId: d.userId, weekStart: d.weekStart, rating: d.rating },
        });
        return;
      }
    }
  }

  /**
   * Keeps the group's member ids (and their count) in the group's document, by key: a set, so replaying an event never
   * counts a member twice, and versioned, so an old join replayed after a leave does not bring the member back.
   */
  private async recount(groupId: string, version: number, userId: string, present: boolean): Promise<void> {
    await withDocument(this.groups as unknown as Model<unknown>, groupId, async () => {
      const group = await this.groups
        .findById(groupId, { memberIds: 1, membersVersion: 1 })
        .lean<Pick<GroupView, 'memberIds' | 'membersVersion'>>();
      if (!group || (group.membersVersion ?? 0) >= version) return;
      const ids = new Set<string>(group.memberIds ? (JSON.parse(group.memberIds) as string[]) : await this.currentMemberIds(groupId));
      if (present) ids.add(userId);
      else ids.delete(userId);
      await this.groups.updateOne(
        { _id: groupId },
        { $set: { memberIds: JSON.stringify([...ids].sort()), memberCount: ids.size, membersVersion: version } },
      );
    });
  }

  /** A group from before `memberIds`: its members counted once from the memberships (a scan, once per such group). */
  private async currentMemberIds(groupId: string): Promise<string[]> {
    return (await this.members.find({ groupId, current: true }, { userId: 1 }).lean<MembershipView[]>()).map((m) => m.userId);
  }

  find(groupId: string): Promise<GroupView | null> {
    return this.groups.findById(groupId).lean<GroupView>();
  }

  /** The caller's current memberships, by group id. */
  async membershipsOf(userId: string): Promise<MembershipView[]> {
    return this.members.find({ userId, current: true }).lean<MembershipView[]>();
  }

  membersOf(groupId: string): Promise<MembershipView[]> {
    return this.members.find({ groupId, current: true }).sort({ joinedAt: 1 }).lean<MembershipView[]>();
  }

  pendingOf(groupId: string): Promise<JoinRequestView[]> {
    return this.requests.find({ groupId, status: 'pending' }).sort({ requestedAt: 1 }).lean<JoinRequestView[]>();
  }

  pendingRequestsBy(userId: string): Promise<JoinRequestView[]> {
    return this.requests.find({ userId, status: 'pending' }).lean<JoinRequestView[]>();
  }

  countOwnedBy(userId: string): Promise<number> {
    return this.groups.countDocuments({ ownerId: userId, memberCount: { $gt: 0 } });
  }

  /** Discover: public and private groups that still have members, by name or description, newest first. */
  async search(q: string | undefined, page: number, pageSize: number): Promise<{ items: GroupView[]; total: number }> {
    const filter: Record<string, unknown> = { memberCount: { $gt: 0 } };
    if (q) {
      const pattern = { $regex: escapeRegex(q), $options: 'i' };
      filter.$or = [{ name: pattern }, { description: pattern }];
    }
    const [items, total] = await Promise.all([
      this.groups
        .find(filter)
        .sort({ createdAt: -1, _id: 1 })
        .skip((page - 1) * pageSize)
        .limit(pageSize)
        .lean<GroupView[]>(),
      this.groups.countDocuments(filter),
    ]);
    return { items, total };
  }

  ratingsOf(groupId: string): Promise<RatingView[]> {
    return this.ratings.find({ groupId }).lean<RatingView[]>();
  }

  async ratingOf(groupId: string, userId: string, weekStart: string): Promise<number | null> {
    return (await this.ratings.findById(`${groupId}:${userId}:${weekStart}`).lean<RatingView>())?.rating ?? null;
  }

  ratingsBy(userId: string): Promise<RatingView[]> {
    return this.ratings.find({ userId }).lean<RatingView[]>();
  }

  async purgeSubject(subjectId: string): Promise<void> {
    await Promise.all([this.requests.deleteMany({ userId: subjectId }), this.ratings.deleteMany({ userId: subjectId })]);
  }

  async reset(): Promise<void> {
    await Promise.all([this.groups.deleteMany({}), this.members.deleteMany({}), this.requests.deleteMany({}), this.ratings.deleteMany({})]);
  }
}
