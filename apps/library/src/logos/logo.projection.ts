import { Inject, Injectable } from '@nestjs/common';
import type { EventTypesOf } from '@abide/contracts';
import { applyInOrder, EventStore, type Projection, type StoredEvent } from '@abide/event-store';
import { MONGO_CONNECTION } from '@abide/platform';
import { type Connection, type Model, Schema } from 'mongoose';

/** The current logo of each church (`library_logos`, `_id` = the church): what the public logo route reads by key. */
export interface LogoView {
  _id: string;
  logoId: string | null;
  contentType: string | null;
  version: number;
}

/**
 * Every event of a church's logo stream applied once and in order by a conditional write on the document's version
 * (applyInOrder): two replicas applying a replacement and a removal at once cannot leave the older one.
 */
@Injectable()
export class LogoProjection implements Projection<EventTypesOf<'library.logo.'>> {
  /** Renamed when its events began to be applied in stream order: `library_logos` is filled again from the log once. */
  readonly name = 'church-logos-2';
  readonly backfill = true;
  readonly handles = ['library.logo.replaced', 'library.logo.removed'] as const;
  readonly model: Model<LogoView>;

  constructor(
    @Inject(MONGO_CONNECTION) connection: Connection,
    private readonly log: EventStore,
  ) {
    this.model =
      connection.models.LogoView ??
      connection.model<LogoView>(
        'LogoView',
        new Schema<LogoView>(
          {
            _id: { type: String, required: true },
            logoId: { type: String, default: null },
            contentType: { type: String, default: null },
            version: { type: Number, required: true },
          },
          { collection: 'library_logos', versionKey: false },
        ),
      );
  }

  async apply(event: StoredEvent<EventTypesOf<'library.logo.'>>): Promise<void> {
    await applyInOrder(this.model, event.data.churchId, event, this.log, (next) => {
      const logo = next as StoredEvent<EventTypesOf<'library.logo.'>>;
      return logo.type === 'library.logo.replaced'
        ? { $set: { logoId: logo.data.logoId, contentType: logo.data.contentType } }
        : { $set: { logoId: null, contentType: null } };
    });
  }

  find(churchId: string): Promise<LogoView | null> {
    return this.model.findById(churchId).lean<LogoView>();
  }

  async reset(): Promise<void> {
    await this.model.deleteMany({});
  }
}
