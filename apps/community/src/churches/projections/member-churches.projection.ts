import { Inject, Injectable } from '@nestjs/common';
import type { StoredEvent } from '@abide/event-store';
import { MONGO_CONNECTION } from '@abide/platform';
import type { Connection } from 'mongoose';
import { JsonProjection } from '../../read-models/json-projection';
import { applyToMemberChurches, emptyMemberChurches, type MemberChurches, memberChurchesEvents } from '../domain/member-churches';

type Handled = (typeof memberChurchesEvents)[number];

/** Each member's churches and pending requests as one keyed document (`member_churches`, `_id` = the member). */
@Injectable()
export class MemberChurchesProjection extends JsonProjection<MemberChurches, Handled> {
  readonly name = 'member-churches';
  readonly handles = memberChurchesEvents;

  constructor(@Inject(MONGO_CONNECTION) connection: Connection) {
    super(connection, 'MemberChurches', 'member_churches', emptyMemberChurches);
  }

  protected keyOf(event: StoredEvent<Handled>): string {
    return event.data.userId;
  }

  protected change(doc: MemberChurches, event: StoredEvent<Handled>): boolean {
    return applyToMemberChurches(doc, event);
  }

  async purgeSubject(subjectId: string): Promise<void> {
    await this.model.deleteOne({ _id: subjectId });
  }
}
