import { Inject, Injectable } from '@nestjs/common';
import { EventStore, type StoredEvent } from '@abide/event-store';
import { MONGO_CONNECTION } from '@abide/platform';
import type { Connection } from 'mongoose';
import { groupInputsChanged } from '../../read-models/group-generations';
import { OrderedJsonProjection } from '../../read-models/ordered-json-projection';
import { type MembershipEventType, membershipEventTypes, membershipFactOf, type MembershipKind } from '../domain/membership';
import { applyToMemberMemberships, emptyMemberMemberships, type MemberMemberships } from '../domain/member-memberships';

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

  protected constructor(
    private readonly kind: K,
    connection: Connection,
    log: EventStore,
  ) {
    super(connection, `${collectionOf[kind]}_v2`, log, () => emptyMemberMemberships(kind), [collectionOf[kind]]);
    this.handles = membershipEventTypes(kind);
  }

  protected keyOf(event: StoredEvent<MembershipEventType<K>>): string {
    return (event.data as { userId: string }).userId;
  }

  protected change(doc: MemberMemberships<K>, event: StoredEvent<MembershipEventType<K>>): boolean {
    return applyToMemberMemberships(this.kind, doc, membershipFactOf(this.kind, event), event);
  }

  /**
   * A group's kept card and dashboard hold its members' activity, and a member's activity tells the groups this
   * document lists (ActivityEvents): once a join is here, the group is told, so a change of the member's activity
   * stored while their groups did not list it yet is not kept out of the group's answers.
   */
  protected override afterApply(event: StoredEvent<MembershipEventType<K>>): Promise<void> {
    if (this.kind !== 'group') return Promise.resolve();
    return groupInputsChanged(this.connection, [(event.data as { groupId: string }).groupId]);
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
