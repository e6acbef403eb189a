import { Inject, Injectable } from '@nestjs/common';
import { EventStore, OrderedJsonProjection, type StoredEvent } from '@abide/event-store';
import { MONGO_CONNECTION } from '@abide/platform';
import type { Connection } from 'mongoose';
import { type MembershipMarksWriter, membershipMarksWriter } from '../../activity/activity.port';
import { groupInputsChanged } from '../../read-models/group-generations';
import { type MembershipEventType, membershipEventTypes, membershipFactOf, type MembershipKind } from '../domain/membership';
import { applyToMemberMemberships, emptyMemberMemberships, type MemberMemberships, membershipMarks } from '../domain/member-memberships';

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
  /** The member's groups or churches as kept in their activity document (membershipMarksWriter). */
  private readonly activityMarks: MembershipMarksWriter;

  protected constructor(
    private readonly kind: K,
    connection: Connection,
    log: EventStore,
  ) {
    super(connection, `${collectionOf[kind]}_v2`, log, () => emptyMemberMemberships(kind), [collectionOf[kind]]);
    this.activityMarks = membershipMarksWriter(connection);
    this.handles = membershipEventTypes(kind);
  }

  protected keyOf(event: StoredEvent<MembershipEventType<K>>): string {
    return (event.data as { userId: string }).userId;
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
    super('group', connection, log);
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
