import type { Connection } from 'mongoose';
import type { ChurchLogo, ChurchLogos } from './church-logos';

/** Its marker in `community_migrations` (community.migration.ts). */
export const CHURCH_LOGOS_MARKER = 'church-logos-documents';
/** Where logos were kept before compare-and-set: plain documents. */
const LEGACY_COLLECTION = 'church_logos';

/**
 * Fills `church_logos_v2` once from the plain documents that held each church's logo before. Their source is the
 * library's events, which community cannot replay, so the old documents are merged by the logo stream's version: an
 * event handled meanwhile wins, and a run cut short runs again at the next start.
 */
export async function fillChurchLogos(connection: Connection, logos: ChurchLogos): Promise<void> {
  const legacy = await connection.collection<{ _id: string } & ChurchLogo>(LEGACY_COLLECTION).find().toArray();
  for (const old of legacy) await logos.set(old._id, old.version, old.logoId ?? null);
}
