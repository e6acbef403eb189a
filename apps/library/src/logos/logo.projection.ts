import { Inject, Injectable } from '@nestjs/common';
import type { EventTypesOf } from '@abide/contracts';
import { applyIfNewer, type Projection, type StoredEvent } from '@abide/event-store';
import { MONGO_CONNECTION } from '@abide/platform';
import { type Connection, type Model, Schema } from 'mongoose';

/** The current logo of each church (`library_logos`, `_id` = the church): what the public logo route reads by key. */
export interface LogoView {
  _id: string;
  logoId: string | null;
  contentType: string | null;
  version: number;
}

@Injectable()
export class LogoProjection implements Projection<EventTypesOf<'library.logo.'>> {
  readonly name = 'church-logos';
  readonly handles = ['library.logo.replaced', 'library.logo.removed'] as const;
  readonly model: Model<LogoView>;

  constructor(@Inject(MONGO_CONNECTION) connection: Connection) {
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
    const { churchId } = event.data;
    if (event.type === 'library.logo.replaced') {
      await applyIfNewer(this.model, churchId, event.version, { $set: { logoId: event.data.logoId, contentType: event.data.contentType } });
    } else {
      await applyIfNewer(this.model, churchId, event.version, { $set: { logoId: null, contentType: null } });
    }
  }

  find(churchId: string): Promise<LogoView | null> {
    return this.model.findById(churchId).lean<LogoView>();
  }

  async reset(): Promise<void> {
    await this.model.deleteMany({});
  }
}
