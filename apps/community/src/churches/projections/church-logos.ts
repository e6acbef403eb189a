import { Inject, Injectable } from '@nestjs/common';
import type { EventOf } from '@abide/contracts';
import { unchanged, VersionedDocuments } from '@abide/event-store';
import { MONGO_CONNECTION } from '@abide/platform';
import type { Connection } from 'mongoose';

/** A church's current logo as the library told, and the version of the library's logo stream that told it. */
export interface ChurchLogo {
  logoId: string | null;
  version: number;
}

/** Where the library serves a logo: a stable public URL per logo (a new logo gets a new URL, so it can be cached). */
export const logoUrlOf = (churchId: string, logoId: string | null | undefined): string | null =>
  logoId ? `/api/logos/${encodeURIComponent(churchId)}/${encodeURIComponent(logoId)}` : null;

/**
 * The logos of churches (`church_logos_v2`, `_id` = the church), learned from the library's `library.logo.*` events
 * through Kafka (the library keeps and checks the files; community only needs to know which one is current to show
 * it). Each write is a compare-and-set keeping the logo stream's version, so a late or repeated event never brings an
 * old logo back, and two replicas applying the stream's events at once cannot leave the older one.
 */
@Injectable()
export class ChurchLogos {
  private readonly logos: VersionedDocuments<ChurchLogo>;

  constructor(@Inject(MONGO_CONNECTION) connection: Connection) {
    this.logos = new VersionedDocuments<ChurchLogo>(connection, 'church_logos_v2');
  }

  /** Keeps the logo the logo stream's `version` names, unless a later version is already kept. */
  set(churchId: string, version: number, logoId: string | null): Promise<unknown> {
    return this.logos.update(churchId, (current) => (current && current.version >= version ? unchanged : { logoId, version }));
  }

  async replaced(event: EventOf<'library.logo.replaced'>): Promise<void> {
    await this.set(event.data.churchId, event.version, event.data.logoId);
  }

  async removed(event: EventOf<'library.logo.removed'>): Promise<void> {
    await this.set(event.data.churchId, event.version, null);
  }

  /** The logo's URL, or null: one read by key. */
  async urlOf(churchId: string): Promise<string | null> {
    return logoUrlOf(churchId, (await this.logos.get(churchId))?.logoId);
  }
}
