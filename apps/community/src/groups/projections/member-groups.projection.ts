import { Inject, Injectable } from '@nestjs/common';
import { EventStore, type StoredEvent } from '@abide/event-store';
import { MONGO_CONNECTION } from '@abide/platform';
import type { Connection } from 'mongoose';
import { applyToMemberGroups, emptyMemberGroups, type MemberGroups, memberGroupsEvents } from '../domain/member-groups';
import { OrderedJsonProjection } from '../../read-models/ordered-json-projection';

type Handled = (typeof memberGroupsEvents)[number];

/** Each member's groups and pending requests as one keyed document (`member_groups_v2`, `_id` = the member): My Groups. */
@Injectable()
export class MemberGroupsProjection extends OrderedJsonProjection<MemberGroups, Handled> {
  /** Renamed when its documents began to keep each stream's position: filled again from the log at the first start. */
  readonly name = 'member-groups-v2';
  readonly backfill = true;
  readonly handles = memberGroupsEvents;

  constructor(@Inject(MONGO_CONNECTION) connection: Connection, log: EventStore) {
    super(connection, 'member_groups_v2', log, emptyMemberGroups, ['member_groups']);
  }

  protected keyOf(event: StoredEvent<Handled>): string {
    return event.data.userId;
  }

  protected change(doc: MemberGroups, event: StoredEvent<Handled>): boolean {
    return applyToMemberGroups(doc, event);
  }

  async purgeSubject(subjectId: string): Promise<void> {
    await this.documents.delete(subjectId);
  }
}
