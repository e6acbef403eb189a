import { Inject, Injectable } from '@nestjs/common';
import type { EventTypesOf } from '@abide/contracts';
import type { StoredEvent } from '@abide/event-store';
import { MONGO_CONNECTION } from '@abide/platform';
import type { Connection } from 'mongoose';
import { JsonProjection } from '../../read-models/json-projection';
import { applyToChurchPage, type ChurchPage, emptyChurchPage } from '../domain/church-page';

type ChurchEventType = EventTypesOf<'community.church.'>;
const churchEventTypes: readonly ChurchEventType[] = [
  'community.church.created',
  'community.church.profile-updated',
  'community.church.slug-changed',
  'community.church.join-code-changed',
  'community.church.member-joined',
  'community.church.member-left',
  'community.church.member-removed',
  'community.church.member-role-changed',
  'community.church.join-requested',
  'community.church.join-request-approved',
  'community.church.join-request-declined',
  'community.church.join-request-withdrawn',
];

/** Each church's page, settings, members and requests as one keyed document (`church_pages`, `_id` = the church). */
@Injectable()
export class ChurchPageProjection extends JsonProjection<ChurchPage, ChurchEventType> {
  readonly name = 'church-pages';
  readonly handles = churchEventTypes;

  constructor(@Inject(MONGO_CONNECTION) connection: Connection) {
    super(connection, 'ChurchPage', 'church_pages', emptyChurchPage);
  }

  protected keyOf(event: StoredEvent<ChurchEventType>): string {
    return event.data.churchId;
  }

  protected change(page: ChurchPage, event: StoredEvent<ChurchEventType>): boolean {
    return applyToChurchPage(page, event);
  }
}
