import { Inject, Injectable } from '@nestjs/common';
import type { EventTypesOf } from '@abide/contracts';
import { applyInOrder, EventStore, type Projection, recentDocuments, type StoredEvent } from '@abide/event-store';
import { MONGO_CONNECTION } from '@abide/platform';
import type { Connection, Model, UpdateQuery } from 'mongoose';
import { groupInputsChanged } from '../../read-models/group-generations';
import { groupRosterEvents } from '../domain/group-roster';
import { type GroupView, groupViewSchema } from './group.schema';

const escapeRegex = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** Where groups, memberships, join requests and ratings were kept before (see `reset`). */
const LEGACY_COLLECTIONS = ['groups', 'group_members', 'group_join_requests', 'group_ratings'];

type GroupEvent = StoredEvent<EventTypesOf<'community.group.'>>;

/** What one event of a group's stream changes in its document; null when nothing (only the version moves on). */
const changeOf = (event: GroupEvent): UpdateQuery<GroupView> | null => {
  switch (event.type) {
    case 'community.group.created': {
      const { groupId: _g, ...fields } = event.data;
      return { $set: { ...fields, memberCount: 0, createdAt: new Date(event.occurredAt) } };
    }
    case 'community.group.updated': {
      const { groupId: _g, updatedBy: _u, ...changes } = event.data;
      return { $set: changes };
    }
    // Applied once each and in order (applyInOrder), so counting by one is exact.
    case 'community.group.member-joined':
      return { $inc: { memberCount: 1 } };
    case 'community.group.member-left':
    case 'community.group.member-removed':
      return { $inc: { memberCount: -1 } };
    case 'community.group.member-role-changed':
      return event.data.role === 'owner' ? { $set: { ownerId: event.data.userId } } : null;
    case 'community.group.attached-to-church':
      return { $set: { churchId: event.data.churchId } };
    case 'community.group.detached-from-church':
      return { $set: { churchId: null } };
    default:
      return null;
  }
};

/**
 * Groups as Discover, cards and the owner's claims read them (`groups_v2`, `_id` = the group): every event of the
 * group's stream applied once and in order by a conditional write (applyInOrder), so replicas applying one group's
 * events at the same moment never lose or repeat one. Who belongs, who asks and who rated is kept by key in the
 * group's roster and the member's groups (group-roster, member-groups).
 */
@Injectable()
export class GroupProjection implements Projection<EventTypesOf<'community.group.'>> {
  /** Renamed when its documents began to follow every event of their stream: filled again from the log at the first start. */
  readonly name = 'groups-v2';
  readonly backfill = true;
  readonly handles = [
    'community.group.created',
    'community.group.updated',
    ...groupRosterEvents,
    'community.group.attached-to-church',
    'community.group.detached-from-church',
  ] as const;
  readonly groups: Model<GroupView>;
  /** The views this process last wrote: what the answer to the command that appended an event reads (findIncluding). */
  private readonly written = recentDocuments<GroupView>((view) => (view.name?.length ?? 0) + (view.description?.length ?? 0));

  constructor(
    @Inject(MONGO_CONNECTION) private readonly connection: Connection,
    private readonly log: EventStore,
  ) {
    this.groups = connection.model<GroupView>('GroupView', groupViewSchema);
  }

  async apply(event: GroupEvent): Promise<void> {
    await applyInOrder(this.groups, event.data.groupId, event, this.log, (next) => changeOf(next as GroupEvent), {
      written: (view) => this.written.set(view._id, view),
    });
    // The group's kept card and dashboard show these fields: told after the write (also when it was there already).
    await groupInputsChanged(this.connection, [event.data.groupId]);
  }

  find(groupId: string): Promise<GroupView | null> {
    return this.groups.findById(groupId).lean<GroupView>();
  }

  /**
   * The view once it has applied `event` (read-your-writes right after a command): the one this process wrote when it
   * is at or past the event, else one read by key. A later change by another writer may be missing from it, never the
   * event or anything before it in the group's stream.
   */
  async findIncluding(groupId: string, event: Pick<StoredEvent, 'version'>): Promise<GroupView | null> {
    const kept = this.written.get(groupId);
    return kept && kept.version >= event.version ? kept : this.find(groupId);
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

  /**
   * Before a rebuild. The collections of before `groups_v2` go too: their memberships, requests and ratings held
   * members' ids that account deletion no longer reaches there.
   */
  async reset(): Promise<void> {
    await this.groups.deleteMany({});
    const existing = new Set((await this.connection.db!.listCollections({}, { nameOnly: true }).toArray()).map((c) => c.name));
    for (const name of LEGACY_COLLECTIONS) if (existing.has(name)) await this.connection.db!.dropCollection(name);
  }
}
