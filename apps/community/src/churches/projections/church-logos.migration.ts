import { Injectable } from '@nestjs/common';
import { OneTimeMigration } from '@abide/platform';
import { type ChurchLogo, ChurchLogos } from './church-logos';

/** Where logos were kept before compare-and-set: plain documents. */
const LEGACY_COLLECTION = 'church_logos';
const MARKER = 'church-logos-documents';

/**
 * Fills `church_logos_v2` once from the plain documents that held each church's logo before. Their source is the
 * library's events, which community cannot replay, so the old documents are merged by the logo stream's version: an
 * event handled meanwhile wins, and a run cut short runs again at the next start.
 */
@Injectable()
export class ChurchLogosMigration extends OneTimeMigration {
  constructor(private readonly logos: ChurchLogos) {
    super('community_migrations');
  }

  protected steps() {
    return { [MARKER]: () => this.fill() };
  }

  private async fill(): Promise<void> {
    const legacy = await this.connection.collection<{ _id: string } & ChurchLogo>(LEGACY_COLLECTION).find().toArray();
    for (const old of legacy) await this.logos.set(old._id, old.version, old.logoId ?? null);
  }
}
