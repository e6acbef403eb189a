import { Inject, Injectable } from '@nestjs/common';
import { type EventTypesOf, libraryResourceEventTypes } from '@abide/contracts';
import {
  EventStore,
  type Followed,
  KeyedMutex,
  type Projection,
  type StoredEvent,
  StreamOrderedDocuments,
  unchanged,
  VersionedDocuments,
} from '@abide/event-store';
import { MONGO_CONNECTION } from '@abide/platform';
import type { Connection, Model } from 'mongoose';
import { applyToEntry, audienceOf, type Catalogue, type CatalogueEntry, listedEntry, withListing } from './catalogue';
import { type ResourceTextDoc, resourceTextSchema } from './resource.schema';

type ResourceEvent = StoredEvent<EventTypesOf<'library.resource.'>>;

/** An audience's catalogue: the entries it lists, and for each resource it was told of, the entry version told last. */
export interface Listing {
  entries: Catalogue;
  versions: Record<string, number>;
}
/** An audience's texts (read by a search only), and for each resource the text version told last. */
export interface ListingTexts {
  texts: Record<string, string>;
  versions: Record<string, number>;
}

/** Where the catalogues were kept before they were written by compare-and-set: dropped at the first filling. */
const RETIRED_COLLECTIONS = ['library_owner_uploads', 'library_catalogues', 'library_catalogue_texts'];

/**
 * The library's list, search and My uploads as keyed documents, each a JSON value written by compare-and-set
 * (FerretDB v1 decodes a large nested document slowly, and nothing queries inside it; every read and write is by
 * `_id`):
 * - `library_owner_uploads_v2` (`_id` = the owner): each member's resources in any state (and tombstones of deleted
 *   ones), fed by every resource stream of theirs, each stream's events applied in order (StreamOrderedDocuments);
 * - `library_catalogues_v2`: the approved resources each audience sees (`public`, `group:<id>`, `church:<id>`), and
 *   `library_catalogue_texts_v2` their texts. The owner's document decides where an entry is listed: after each event
 *   its entry as it now stands is told to every audience it was ever listed for, which takes it only when newer than
 *   what it was told of that resource. A told state is never older than one told before, so two replicas, a crash
 *   between the two writes (the heal applies the event again and tells again) or a replay leave each catalogue right.
 */
@Injectable()
export class CatalogueProjection implements Projection<EventTypesOf<'library.resource.'>> {
  /** Renamed when the catalogues moved to compare-and-set documents: filled from the log at the first start that has it. */
  readonly name = 'library-catalogues-v2';
  readonly handles = libraryResourceEventTypes;
  readonly backfill = true;
  readonly owners: StreamOrderedDocuments<Catalogue>;
  readonly listings: VersionedDocuments<Listing>;
  /** The kept texts of each audience's entries (`_id` = the audience), read only by a search. */
  readonly listingTexts: VersionedDocuments<ListingTexts>;
  private readonly texts: Model<ResourceTextDoc>;
  /**
   * This process's writers of one document take turns: the public catalogue is written for every download of a public
   * resource, and writers racing inside one process would only lose compare-and-sets to each other. Other replicas
   * are kept right by the compare-and-set alone.
   */
  private readonly turns = new KeyedMutex();

  constructor(
    @Inject(MONGO_CONNECTION) private readonly connection: Connection,
    log: EventStore,
  ) {
    this.owners = new StreamOrderedDocuments(new VersionedDocuments<Followed<Catalogue>>(connection, 'library_owner_uploads_v2'), log);
    this.listings = new VersionedDocuments<Listing>(connection, 'library_catalogues_v2');
    this.listingTexts = new VersionedDocuments<ListingTexts>(connection, 'library_catalogue_texts_v2');
    this.texts = connection.models.ResourceTextDoc ?? connection.model<ResourceTextDoc>('ResourceTextDoc', resourceTextSchema);
  }

  async apply(event: ResourceEvent): Promise<void> {
    const { resourceId, ownerId } = event.data;
    const owned = await this.turns.run(`owner/${ownerId}`, () =>
      this.owners.apply(
        ownerId,
        event as StoredEvent,
        (value, next) => this.changeOwned(value, next as ResourceEvent),
        (next) => (this.handles as readonly string[]).includes(next.type),
      ),
    );
    const entry = owned?.[resourceId];
    // Told even when the owner's document had the event already: the telling may be what a crash left undone.
    if (entry) await this.tell(entry, event.version);
  }

  /** The owner's resources after one event of a resource's stream (a new value: the one given is never changed). */
  private async changeOwned(value: Catalogue | null, event: ResourceEvent): Promise<Catalogue | typeof unchanged> {
    const id = event.data.resourceId;
    const before = value?.[id];
    const text = event.type === 'library.resource.processed' ? ((await this.texts.findById(id).lean<ResourceTextDoc>())?.text ?? '') : '';
    const after = applyToEntry(before, event, text);
    return after ? { ...value, [id]: withListing(before, after, event.version) } : unchanged;
  }

  /**
   * Tells each audience the entry was ever listed for its state as of `entry.version`: listed there, or not (any
   * more). The texts document is written only when the text changed at this event or later (not for a download).
   */
  private async tell(entry: CatalogueEntry, eventVersion: number): Promise<void> {
    const textVersion = entry.textVersion ?? entry.version;
    for (const audience of entry.audiences ?? []) {
      const listed = audienceOf(entry) === audience;
      await this.turns.run(`listing/${audience}`, async () => {
        await this.listings.update(audience, (current) => {
          const listing = current ?? { entries: {}, versions: {} };
          if ((listing.versions[entry.id] ?? 0) >= entry.version) return unchanged;
          const entries = { ...listing.entries };
          if (listed) entries[entry.id] = listedEntry(entry);
          else delete entries[entry.id];
          return { entries, versions: { ...listing.versions, [entry.id]: entry.version } };
        });
        if (textVersion < eventVersion) return;
        await this.listingTexts.update(audience, (current) => {
          const kept = current ?? { texts: {}, versions: {} };
          if ((kept.versions[entry.id] ?? 0) >= textVersion) return unchanged;
          const texts = { ...kept.texts };
          if (listed && entry.text) texts[entry.id] = entry.text;
          else delete texts[entry.id];
          return { texts, versions: { ...kept.versions, [entry.id]: textVersion } };
        });
      });
    }
  }

  /** One member's resources (not deleted), any state: one read by key. */
  async ownedBy(ownerId: string): Promise<CatalogueEntry[]> {
    return Object.values((await this.owners.value(ownerId)) ?? {}).filter((e) => !e.deleted);
  }

  /**
   * What an audience sees (`public`, `group:<id>`): one read by key, and a second for the texts when a search needs
   * them (kept apart: they are most of the bytes, and FerretDB v1 reads a big string at ~15 MB/s).
   */
  async listedFor(audience: string, withText = false): Promise<CatalogueEntry[]> {
    const [listing, kept] = await Promise.all([this.listings.get(audience), withText ? this.listingTexts.get(audience) : null]);
    const entries = Object.values(listing?.entries ?? {});
    if (withText) for (const entry of entries) entry.text = kept?.texts[entry.id] ?? '';
    return entries;
  }

  /**
   * Account deletion: their entries leave every catalogue (each was deleted by its own event first; this is for what
   * a failure left), and the member's document goes.
   */
  async purgeSubject(subjectId: string): Promise<void> {
    for (const entry of Object.values((await this.owners.value(subjectId)) ?? {})) {
      for (const audience of entry.audiences ?? []) {
        await this.turns.run(`listing/${audience}`, async () => {
          await this.listings.update(audience, (current) =>
            current?.entries[entry.id] ? { ...current, entries: without(current.entries, entry.id) } : unchanged,
          );
          await this.listingTexts.update(audience, (current) =>
            current && entry.id in current.texts ? { ...current, texts: without(current.texts, entry.id) } : unchanged,
          );
        });
      }
    }
    await this.owners.delete(subjectId);
  }

  async reset(): Promise<void> {
    await Promise.all([this.owners.clear(), this.listings.clear(), this.listingTexts.clear()]);
    await Promise.all(RETIRED_COLLECTIONS.map((name) => this.connection.dropCollection(name).catch(() => undefined)));
  }
}

const without = <V>(record: Record<string, V>, key: string): Record<string, V> => {
  const { [key]: _gone, ...rest } = record;
  return rest;
};
