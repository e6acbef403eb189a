import { Inject, Injectable } from '@nestjs/common';
import { type EventTypesOf, libraryResourceEventTypes } from '@abide/contracts';
import { type Projection, type StoredEvent, withDocument } from '@abide/event-store';
import { MONGO_CONNECTION } from '@abide/platform';
import { type Connection, type Model, Schema } from 'mongoose';
import { applyToEntry, audienceOf, type Catalogue, type CatalogueEntry } from '../catalogue/catalogue';
import { type ResourceTextDoc, resourceTextSchema } from './resource.schema';

/**
 * A catalogue is stored as one JSON string: FerretDB v1 decodes a large nested document slowly, and nothing queries
 * inside it. Every read and write is by `_id` (any other filter scans the whole collection on FerretDB v1).
 */
interface CatalogueDocument {
  _id: string;
  entries: string;
}
const catalogueSchema = (collection: string) =>
  new Schema<CatalogueDocument>(
    { _id: { type: String, required: true }, entries: { type: String, required: true } },
    { collection, versionKey: false },
  );

const isDuplicateKey = (error: unknown) => (error as { code?: number }).code === 11000;

/**
 * The library's list, search and My uploads as keyed documents: `library_owner_uploads` (`_id` = the owner) holds
 * each member's resources in any state (and tombstones of deleted ones); `library_catalogues` holds the approved
 * resources each audience sees (`public`, and `group:<groupId>` per group), their texts in `library_catalogue_texts`.
 * The owner's document decides where an
 * entry is listed, so events need nothing but their own stream.
 */
@Injectable()
export class CatalogueProjection implements Projection<EventTypesOf<'library.resource.'>> {
  readonly name = 'library-catalogues';
  readonly handles = libraryResourceEventTypes;
  /** Added after resources existed: filled from the log once, at the first start that has it. */
  readonly backfill = true;
  readonly owners: Model<CatalogueDocument>;
  readonly audiences: Model<CatalogueDocument>;
  /** The kept texts of each audience's entries (`_id` = the audience), read only by a search. */
  readonly audienceTexts: Model<CatalogueDocument>;
  private readonly texts: Model<ResourceTextDoc>;

  constructor(@Inject(MONGO_CONNECTION) connection: Connection) {
    this.owners =
      connection.models.OwnerUploads ?? connection.model<CatalogueDocument>('OwnerUploads', catalogueSchema('library_owner_uploads'));
    this.audiences =
      connection.models.LibraryCatalogue ?? connection.model<CatalogueDocument>('LibraryCatalogue', catalogueSchema('library_catalogues'));
    this.audienceTexts =
      connection.models.LibraryCatalogueTexts ??
      connection.model<CatalogueDocument>('LibraryCatalogueTexts', catalogueSchema('library_catalogue_texts'));
    this.texts = connection.models.ResourceTextDoc ?? connection.model<ResourceTextDoc>('ResourceTextDoc', resourceTextSchema);
  }

  async apply(event: StoredEvent<EventTypesOf<'library.resource.'>>): Promise<void> {
    const { resourceId, ownerId } = event.data;
    // The owner's document first, then the audience's: always that order, so two updates never wait on each other.
    await withDocument(this.owners as unknown as Model<unknown>, ownerId, async () => {
      const entries = await this.read(this.owners, ownerId);
      const before = entries[resourceId];
      if (before && before.version >= event.version) return;
      const text =
        event.type === 'library.resource.processed' ? ((await this.texts.findById(resourceId).lean<ResourceTextDoc>())?.text ?? '') : '';
      const after = applyToEntry(before, event, text);
      if (!after) return;
      entries[resourceId] = after;
      await this.write(this.owners, ownerId, JSON.stringify(entries));
      const from = audienceOf(before);
      const to = audienceOf(after);
      if (from && from !== to) await this.updateAudience(from, resourceId, null, !!before?.text);
      // A download changes the count only: the audience's texts stay as they are (a big document to rewrite).
      if (to) await this.updateAudience(to, resourceId, after, from !== to || before?.text !== after.text);
    });
  }

  /** One member's resources (not deleted), any state: one read by key. */
  async ownedBy(ownerId: string): Promise<CatalogueEntry[]> {
    return Object.values(await this.read(this.owners, ownerId)).filter((e) => !e.deleted);
  }

  /**
   * What an audience sees (`public`, `group:<id>`): one read by key, and a second for the texts when a search needs
   * them (kept apart: they are most of the bytes, and FerretDB v1 reads a big string at ~15 MB/s).
   */
  async listedFor(audience: string, withText = false): Promise<CatalogueEntry[]> {
    const [catalogue, texts] = await Promise.all([
      this.read(this.audiences, audience),
      withText ? this.readTexts(audience) : ({} as Record<string, string>),
    ]);
    const entries = Object.values(catalogue);
    if (withText) for (const entry of entries) entry.text = texts[entry.id] ?? '';
    return entries;
  }

  /** Account deletion: the member's document goes, and their entries leave every catalogue. */
  async purgeSubject(subjectId: string): Promise<void> {
    await withDocument(this.owners as unknown as Model<unknown>, subjectId, async () => {
      for (const entry of Object.values(await this.read(this.owners, subjectId))) {
        const audience = audienceOf(entry);
        if (audience) await this.updateAudience(audience, entry.id, null, !!entry.text);
      }
      await this.owners.deleteOne({ _id: subjectId });
    });
  }

  async reset(): Promise<void> {
    await this.owners.deleteMany({});
    await this.audiences.deleteMany({});
    await this.audienceTexts.deleteMany({});
  }

  /** Lists `entry` for an audience (or takes it out, with `null`); its text goes to the audience's texts document. */
  private updateAudience(audience: string, resourceId: string, entry: CatalogueEntry | null, textChanged: boolean): Promise<void> {
    return withDocument(this.audiences as unknown as Model<unknown>, audience, async () => {
      const catalogue = await this.read(this.audiences, audience);
      if (entry) catalogue[resourceId] = { ...entry, text: '' };
      else delete catalogue[resourceId];
      await this.write(this.audiences, audience, JSON.stringify(catalogue));
      if (!textChanged) return;
      const texts = await this.readTexts(audience);
      if (entry?.text) texts[resourceId] = entry.text;
      else delete texts[resourceId];
      await this.write(this.audienceTexts, audience, JSON.stringify(texts));
    });
  }

  private async readTexts(audience: string): Promise<Record<string, string>> {
    const doc = await this.audienceTexts.findById(audience).lean<CatalogueDocument>();
    return doc ? (JSON.parse(doc.entries) as Record<string, string>) : {};
  }

  private async read(model: Model<CatalogueDocument>, id: string): Promise<Catalogue> {
    const doc = await model.findById(id).lean<CatalogueDocument>();
    return doc ? (JSON.parse(doc.entries) as Catalogue) : {};
  }

  private async write(model: Model<CatalogueDocument>, id: string, entries: string): Promise<void> {
    const write = () => model.updateOne({ _id: id }, { $set: { entries } }, { upsert: true });
    try {
      await write();
    } catch (error) {
      // Upserts are not atomic on FerretDB v1: another process created the document meanwhile, so update it.
      if (!isDuplicateKey(error)) throw error;
      await write();
    }
  }
}
