import { Inject, Injectable } from '@nestjs/common';
import type { EventOf } from '@abide/contracts';
import { applyIfNewer } from '@abide/event-store';
import { MONGO_CONNECTION } from '@abide/platform';
import { type Connection, type Model, Schema } from 'mongoose';

/** A church's current logo as the library told (`church_logos`, `_id` = the church); `logoId` null once removed. */
interface ChurchLogo {
  _id: string;
  logoId: string | null;
  version: number;
}

/** Where the library serves a logo: a stable public URL per logo (a new logo gets a new URL, so it can be cached). */
export const logoUrlOf = (churchId: string, logoId: string | null | undefined): string | null =>
  logoId ? `/api/logos/${encodeURIComponent(churchId)}/${encodeURIComponent(logoId)}` : null;

/**
 * The logos of churches, learned from the library's `library.logo.*` events (the library keeps and checks the files;
 * community only needs to know which one is current to show it). Versioned by the logo stream, so a late or repeated
 * event never brings an old logo back.
 */
@Injectable()
export class ChurchLogos {
  private readonly model: Model<ChurchLogo>;

  constructor(@Inject(MONGO_CONNECTION) connection: Connection) {
    this.model = connection.model<ChurchLogo>(
      'ChurchLogo',
      new Schema<ChurchLogo>(
        { _id: { type: String, required: true }, logoId: { type: String, default: null }, version: { type: Number, required: true } },
        { collection: 'church_logos', versionKey: false },
      ),
    );
  }

  async replaced(event: EventOf<'library.logo.replaced'>): Promise<void> {
    await applyIfNewer(this.model, event.data.churchId, event.version, { $set: { logoId: event.data.logoId } });
  }

  async removed(event: EventOf<'library.logo.removed'>): Promise<void> {
    await applyIfNewer(this.model, event.data.churchId, event.version, { $set: { logoId: null } });
  }

  /** The logo's URL, or null: one read by key. */
  async urlOf(churchId: string): Promise<string | null> {
    return logoUrlOf(churchId, (await this.model.findById(churchId).lean<ChurchLogo>())?.logoId);
  }
}
