import { Inject, Injectable } from '@nestjs/common';
import { EventStore, OrderedJsonProjection, type StoredEvent } from '@abide/event-store';
import { MONGO_CONNECTION } from '@abide/platform';
import type { Connection } from 'mongoose';
import { applyToChurchGroups, type ChurchGroups, churchGroupsEvents, emptyChurchGroups } from '../domain/church-groups';

type Handled = (typeof churchGroupsEvents)[number];

/** The groups of each church as one keyed document (`church_groups_v2`, `_id` = the church). */
@Injectable()
export class ChurchGroupsProjection extends OrderedJsonProjection<ChurchGroups, Handled> {
  /** Renamed when its documents began to keep each stream's position: filled again from the log at the first start. */
  readonly name = 'church-groups-v2';
  readonly backfill = true;
  readonly handles = churchGroupsEvents;

  constructor(@Inject(MONGO_CONNECTION) connection: Connection, log: EventStore) {
    super(connection, 'church_groups_v2', log, emptyChurchGroups, ['church_groups']);
  }

  protected keyOf(event: StoredEvent<Handled>): string {
    return event.data.churchId;
  }

  protected change(doc: ChurchGroups, event: StoredEvent<Handled>): boolean {
    return applyToChurchGroups(doc, event);
  }
}
