import { Inject, Injectable } from '@nestjs/common';
import { EventStore, type Followed, OrderedJsonProjection, type StoredEvent, unchanged, VersionedDocuments } from '@abide/event-store';
import { MONGO_CONNECTION } from '@abide/platform';
import type { Connection } from 'mongoose';
import { type MembershipMarksWriter, membershipMarksWriter } from '../../activity/activity.port';
import { groupInputsChanged } from '../../read-models/group-generations';
import { idFieldOf, type MembershipEventType, membershipEventTypes, membershipFactOf, type MembershipKind } from '../domain/membership';
import {
  applyToMemberMemberships,
  emptyMemberMemberships,
  followRoster,
  type MemberMemberships,
  membershipMarks,
} from '../domain/member-memberships';
import type { MembershipRoster } from '../domain/membership-roster';

/**
 * Where a kind's rosters are kept, when they hold every membership fact of their stream (a church's page leaves out
 * sharing choices): that collection and the projection that writes it.
 */
export const GROUP_ROSTERS = { collection: 'group_rosters_v2', projection: 'group-roster-v2' } as const;

/** The collection of each kind's first shape; the current one adds `_v2`. */
const collectionOf = { group: 'member_groups', church: 'member_churches' } as const satisfies Record<MembershipKind, string>;

/**
 * Each member's groups, or churches, with their pending requests, as one keyed document (`_id` = the member): one
 * read model, kept once per kind. Its documents keep each stream's position (the `_v2` collections): renamed from the
 * first shape, they were filled again from the log at the first start.
 */
abstract class MemberMembershipsProjection<K extends MembershipKind> extends OrderedJsonProjection<
  MemberMemberships<K>,
  MembershipEventType<K>
> {
  readonly backfill = true;
  readonly handles: readonly MembershipEventType<K>[];
  readonly after?: readonly string[];
  /** The member's groups or churches as kept in their activity document (membershipMarksWriter). */
  private readonly activityMarks: MembershipMarksWriter;
  /** The kind's rosters (GROUP_ROSTERS), when it keeps them whole: what a member's document copies from. */
  private readonly rosters?: VersionedDocuments<Followed<MembershipRoster>>;

  protected constructor(
    private readonly kind: K,
    connection: Connection,
    log: EventStore,
    rosters?: typeof GROUP_ROSTERS,
  ) {
    super(connection, `${collectionOf[kind]}_v2`, log, () => emptyMemberMemberships(kind), [collectionOf[kind]]);
    this.activityMarks = membershipMarksWriter(connection);
    this.handles = membershipEventTypes(kind);
    if (rosters) {
      this.rosters = new VersionedDocuments(connection, rosters.collection);
      this.after = [rosters.projection];
    }
  }

  protected keyOf(event: StoredEvent<MembershipEventType<K>>): string {
    return (event.data as { userId: string }).userId;
  }

  /**
   * A member's document follows many streams, and each holds every other member's events too: applying this member's
   * next event in order would first read all of those written since their last one. Right after the roster applied
   * the event (it is applied first: `after`), this process remembers the roster at that version or later, and the
   * member's membership is copied from it instead (followRoster), one write. Otherwise the events are applied in order.
   */
  override async apply(event: StoredEvent<MembershipEventType<K>>): Promise<void> {
    if (!(await this.copyFromRoster(event))) return super.apply(event);
    await this.afterApply(event);
  }

  /** False when this process remembers no roster that has the event (another replica applied it, a rebuild). */
  private async copyFromRoster(event: StoredEvent<MembershipEventType<K>>): Promise<boolean> {
    const id = String((event.data as Record<string, unknown>)[idFieldOf[this.kind]]);
    const roster = this.rosters?.remembered(id);
    const version = roster?.positions[event.streamId] ?? 0;
    if (!roster?.value || version < event.version) return false;
    const userId = this.keyOf(event);
    await this.rows.update(userId, (current) => {
      // Never back: the document may have applied later events than the roster remembered here.
      if ((current?.positions[event.streamId] ?? 0) >= version) return unchanged;
      const value = current?.value ?? emptyMemberMemberships(this.kind);
      followRoster(this.kind, value, { id, streamId: event.streamId, version }, userId, roster.value!);
      return { positions: { ...current?.positions, [event.streamId]: version }, value };
    });
    return true;
  }

  protected change(doc: MemberMemberships<K>, event: StoredEvent<MembershipEventType<K>>): boolean {
    return applyToMemberMemberships(this.kind, doc, membershipFactOf(this.kind, event), event);
  }

  /**
   * The member's activity document keeps their groups and churches (MemberActivity), so that a fact of theirs tells
   * the groups and churches it changes from the document it wrote: this document's marks are merged into it after each
   * write here, before anything that must see them. Then a group's kept card and dashboard, which hold its members'
   * activity, are told of a join: a change of the member's activity stored while their document did not list the group
   * yet is not kept out of the group's answers. (The church figures apply this read model themselves before they read
   * the member's activity: ChurchFiguresProjection.)
   */
  protected override async afterApply(event: StoredEvent<MembershipEventType<K>>): Promise<void> {
    const userId = this.keyOf(event);
    const doc = await this.readIncluding(userId, event);
    await this.activityMarks(userId, this.kind === 'group' ? 'groups' : 'churches', membershipMarks(this.kind, doc));
    if (this.kind === 'group') await groupInputsChanged(this.connection, [(event.data as { groupId: string }).groupId]);
  }

  async purgeSubject(subjectId: string): Promise<void> {
    await this.documents.delete(subjectId);
  }
}

/** My Groups: each member's groups and requests (`member_groups_v2`). */
@Injectable()
export class MemberGroupsProjection extends MemberMembershipsProjection<'group'> {
  readonly name = 'member-groups-v2';

  constructor(@Inject(MONGO_CONNECTION) connection: Connection, log: EventStore) {
    super('group', connection, log, GROUP_ROSTERS);
  }
}

/** My Churches: each member's churches and requests (`member_churches_v2`). */
@Injectable()
export class MemberChurchesProjection extends MemberMembershipsProjection<'church'> {
  readonly name = 'member-churches-v2';

  constructor(@Inject(MONGO_CONNECTION) connection: Connection, log: EventStore) {
    super('church', connection, log);
  }
}
