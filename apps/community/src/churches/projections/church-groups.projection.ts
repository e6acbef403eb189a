import { Inject, Injectable } from '@nestjs/common';
import type { StoredEvent } from '@abide/event-store';
import { MONGO_CONNECTION } from '@abide/platform';
import type { Connection } from 'mongoose';
import { JsonProjection } from '../../read-models/json-projection';
import { applyToChurchGroups, type ChurchGroups, churchGroupsEvents, emptyChurchGroups } from '../domain/church-groups';

type Handled = (typeof churchGroupsEvents)[number];

/** The groups of each church as one keyed document (`church_groups`, `_id` = the church). */
@Injectable()
export class ChurchGroupsProjection extends JsonProjection<ChurchGroups, Handled> {
  readonly name = 'church-groups';
  readonly handles = churchGroupsEvents;

  constructor(@Inject(MONGO_CONNECTION) connection: Connection) {
    super(connection, 'ChurchGroups', 'church_groups', emptyChurchGroups);
  }

  protected keyOf(event: StoredEvent<Handled>): string {
    return event.data.churchId;
  }

  protected change(doc: ChurchGroups, event: StoredEvent<Handled>): boolean {
    return applyToChurchGroups(doc, event);
  }
}
