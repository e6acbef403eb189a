import { Inject, Injectable } from '@nestjs/common';
import type { EventTypesOf } from '@abide/contracts';
import { EventStore, OrderedJsonProjection, type StoredEvent } from '@abide/event-store';
import { MONGO_CONNECTION } from '@abide/platform';
import type { Connection } from 'mongoose';
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

/** Each church's page, settings, members and requests as one keyed document (`church_pages_v2`, `_id` = the church). */
@Injectable()
export class ChurchPageProjection extends OrderedJsonProjection<ChurchPage, ChurchEventType> {
  /** Renamed when its documents began to keep their stream's position: filled again from the log at the first start. */
  readonly name = 'church-pages-v2';
  readonly backfill = true;
  readonly handles = churchEventTypes;

  constructor(@Inject(MONGO_CONNECTION) connection: Connection, log: EventStore) {
    super(connection, 'church_pages_v2', log, emptyChurchPage, ['church_pages']);
  }

  protected keyOf(event: StoredEvent<ChurchEventType>): string {
    return event.data.churchId;
  }

  protected change(page: ChurchPage, event: StoredEvent<ChurchEventType>): boolean {
    return applyToChurchPage(page, event);
  }
}
