import { Inject, Injectable } from '@nestjs/common';
import { EventStore, type StoredEvent } from '@abide/event-store';
import { MONGO_CONNECTION } from '@abide/platform';
import type { Connection } from 'mongoose';
import { OrderedJsonProjection } from '../../read-models/ordered-json-projection';
import { applyToMemberChurches, emptyMemberChurches, type MemberChurches, memberChurchesEvents } from '../domain/member-churches';

type Handled = (typeof memberChurchesEvents)[number];

/** Each member's churches and pending requests as one keyed document (`member_churches_v2`, `_id` = the member). */
@Injectable()
export class MemberChurchesProjection extends OrderedJsonProjection<MemberChurches, Handled> {
  /** Renamed when its documents began to keep each stream's position: filled again from the log at the first start. */
  readonly name = 'member-churches-v2';
  readonly backfill = true;
  readonly handles = memberChurchesEvents;

  constructor(@Inject(MONGO_CONNECTION) connection: Connection, log: EventStore) {
    super(connection, 'member_churches_v2', log, emptyMemberChurches, ['member_churches']);
  }

  protected keyOf(event: StoredEvent<Handled>): string {
    return event.data.userId;
  }

  protected change(doc: MemberChurches, event: StoredEvent<Handled>): boolean {
    return applyToMemberChurches(doc, event);
  }

  async purgeSubject(subjectId: string): Promise<void> {
    await this.documents.delete(subjectId);
  }
}
