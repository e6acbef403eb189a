import type { AnyEvent, EventTypesOf } from '@abide/contracts';
import { ERASED } from '@abide/event-store';
import type { ResourceView } from './resource.schema';

/**
 * What the list, search and My uploads need of one resource, kept in keyed catalogue documents (see
 * CatalogueProjection). `text` is the start of the extracted text, for search; `textCut` says the rest lives only
 * in `library_resource_texts` (a catalogue holding whole texts would outgrow a document).
 */
export type CatalogueEntry = Pick<
  ResourceView,
  | 'ownerId'
  | 'title'
  | 'description'
  | 'tags'
  | 'category'
  | 'targetAudience'
  | 'visibility'
  | 'groupId'
  | 'churchId'
  | 'fileName'
  | 'fileType'
  | 'fileSize'
  | 'pages'
  | 'words'
  | 'excerpt'
  | 'text'
  | 'downloads'
  | 'status'
  | 'statusReason'
  | 'deleted'
  | 'version'
> & {
  id: string;
  /** The rest of the text lives only in `library_resource_texts`. */
  textCut: boolean;
  /** As ISO strings: the catalogue is stored as JSON. */
  createdAt: string;
  updatedAt: string;
  /**
   * Kept in the owner's document only: every audience the entry was ever listed for (a deleted one too), so each of
   * those catalogues can be told the entry's latest state again after a crash or by a late replica.
   */
  audiences?: string[];
  /** Kept in the owner's document only: the version of the last event that changed the entry's listed text. */
  textVersion?: number;
};

/** Entries by resource id. */
export type Catalogue = Record<string, CatalogueEntry>;

/** How much of the extracted text a catalogue keeps for search; longer texts are read by key when a search needs them. */
export const SEARCH_TEXT_CHARS = 8_000;

export const PUBLIC_AUDIENCE = 'public';
export const groupAudience = (groupId: string) => `group:${groupId}`;
export const churchAudience = (churchId: string) => `church:${churchId}`;

/** The catalogue an entry is listed in for members other than its owner: approved public, group or church resources only. */
export const audienceOf = (entry: CatalogueEntry | null | undefined): string | null => {
  if (!entry || entry.deleted || entry.status !== 'approved') return null;
  if (entry.visibility === 'public') return PUBLIC_AUDIENCE;
  if (entry.visibility === 'group' && entry.groupId) return groupAudience(entry.groupId);
  if (entry.visibility === 'church' && entry.churchId) return churchAudience(entry.churchId);
  return null;
};

export const searchText = (text: string) => ({ text: text.slice(0, SEARCH_TEXT_CHARS), textCut: text.length > SEARCH_TEXT_CHARS });

/**
 * The entry after one event, as ResourceProjection changes its view (same fields, same updatedAt rule).
 * Returns `undefined` when the event changes nothing (already applied, or about a resource this model never held).
 * `text` is the extracted text, needed for `processed` only.
 */
export const applyToEntry = (
  entry: CatalogueEntry | undefined,
  event: AnyEvent<EventTypesOf<'library.resource.'>>,
  text = '',
): CatalogueEntry | undefined => {
  if (entry && entry.version >= event.version) return undefined;
  const at = new Date(event.occurredAt).toISOString();
  const next = (fields: Partial<CatalogueEntry>): CatalogueEntry | undefined =>
    entry && !entry.deleted ? { ...entry, ...fields, updatedAt: at, version: event.version } : undefined;
  switch (event.type) {
    case 'library.resource.drafted':
    case 'library.resource.submitted': {
      const d = event.data;
      // An erased event belongs to a deleted account: its resource is a tombstone already.
      if (d.fields.title === ERASED || entry?.deleted) return undefined;
      const base: CatalogueEntry =
        entry ??
        ({
          id: d.resourceId,
          createdAt: at,
          downloads: 0,
          pages: null,
          words: null,
          excerpt: null,
          text: '',
          textCut: false,
          deleted: false,
        } as CatalogueEntry);
      return {
        ...base,
        ownerId: d.ownerId,
        title: d.fields.title,
        description: d.fields.description,
        tags: d.fields.tags,
        category: d.fields.category,
        targetAudience: d.fields.targetAudience,
        visibility: d.fields.visibility,
        groupId: d.fields.groupId ?? null,
        churchId: d.fields.churchId ?? null,
        fileName: d.file.fileName,
        fileType: d.file.fileType,
        fileSize: d.file.fileSize,
        status: event.type === 'library.resource.drafted' ? 'draft' : 'processing',
        statusReason: null,
        updatedAt: at,
        version: event.version,
      };
    }
    case 'library.resource.draft-updated': {
      const d = event.data;
      const file = d.file ? { fileName: d.file.fileName, fileType: d.file.fileType, fileSize: d.file.fileSize } : {};
      return next({ ...(d.fields as Partial<CatalogueEntry>), ...file });
    }
    case 'library.resource.processed': {
      const d = event.data;
      return next({ pages: d.pages, words: d.words, excerpt: d.excerpt, ...searchText(text) });
    }
    case 'library.resource.processing-failed':
      return next({ status: 'failed', statusReason: event.data.reason });
    case 'library.resource.queued-for-review':
      return next({ status: 'in-review', statusReason: null });
    case 'library.resource.published':
    case 'library.resource.approved':
      return next({ status: 'approved', statusReason: null });
    case 'library.resource.rejected':
      return next({ status: 'rejected', statusReason: event.data.reason });
    case 'library.resource.reported':
      return next({});
    case 'library.resource.downloaded':
      // updatedAt stays: a download is not a change of the resource.
      return entry && !entry.deleted ? { ...entry, downloads: entry.downloads + 1, version: event.version } : undefined;
    case 'library.resource.deleted': {
      const d = event.data;
      // Only the tombstone is kept: no content of a deleted resource stays.
      return { id: d.resourceId, ownerId: d.ownerId, deleted: true, version: event.version } as CatalogueEntry;
    }
    default:
      return undefined;
  }
};

/**
 * The entry after `event` as the owner's document keeps it: the audiences it was ever listed for, and the version of
 * the last event that changed its listed text (its audience or its text), so a download does not rewrite the texts.
 */
export const withListing = (before: CatalogueEntry | undefined, after: CatalogueEntry, version: number): CatalogueEntry => {
  const to = audienceOf(after);
  const audiences = [...new Set([...(before?.audiences ?? []), ...(to ? [to] : [])])];
  const textChanged = !before || audienceOf(before) !== to || (before.text ?? '') !== (after.text ?? '');
  return { ...after, audiences, textVersion: textChanged ? version : (before.textVersion ?? version) };
};

/** The entry as an audience's catalogue lists it: no text (kept apart) and none of the owner's bookkeeping. */
export const listedEntry = ({ audiences: _a, textVersion: _t, ...entry }: CatalogueEntry): CatalogueEntry => ({ ...entry, text: '' });

export interface CatalogueFilter {
  q?: string;
  category?: string;
  topic?: string;
}

const escapeRegex = (value: string) => value.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
/** 'all' or empty means no filter. */
export const filterValue = (value: string | undefined) => {
  const v = value?.trim();
  return v && v.toLowerCase() !== 'all' ? v : undefined;
};

/** A case-insensitive substring test, as the former `$regex` with `$options: 'i'`. */
export const containsMatcher = (needle: string) => {
  const pattern = new RegExp(escapeRegex(needle), 'i');
  return (value: string | null | undefined) => !!value && pattern.test(value);
};

/**
 * Filters by category and topic, then by the search words in title, description, tags and the kept text. Entries
 * that only a text longer than the kept part could match are returned apart (`unsure`), for the caller to check.
 */
export const filterEntries = (
  entries: readonly CatalogueEntry[],
  filter: CatalogueFilter,
): { matched: CatalogueEntry[]; unsure: CatalogueEntry[] } => {
  const category = filterValue(filter.category);
  const topic = filterValue(filter.topic);
  const topicMatch = topic ? containsMatcher(topic.toLowerCase()) : null;
  const q = filter.q?.trim();
  const qMatch = q ? containsMatcher(q) : null;
  const matched: CatalogueEntry[] = [];
  const unsure: CatalogueEntry[] = [];
  for (const e of entries) {
    if (category && e.category !== category) continue;
    if (topicMatch && !(e.tags ?? []).some(topicMatch)) continue;
    if (qMatch && !(qMatch(e.title) || qMatch(e.description) || (e.tags ?? []).some(qMatch) || qMatch(e.text))) {
      if (e.textCut) unsure.push(e);
      continue;
    }
    matched.push(e);
  }
  return { matched, unsure };
};

/** Newest first, then by id (descending), as the former `sort({ createdAt: -1, _id: -1 })`. */
export const newestFirst = (a: CatalogueEntry, b: CatalogueEntry) =>
  a.createdAt === b.createdAt ? (a.id < b.id ? 1 : a.id > b.id ? -1 : 0) : a.createdAt < b.createdAt ? 1 : -1;

/** The shape the response mapping reads (a view without what the list never shows). */
export const entryToView = (e: CatalogueEntry): ResourceView =>
  ({
    _id: e.id,
    ownerId: e.ownerId,
    title: e.title,
    description: e.description,
    tags: e.tags,
    category: e.category,
    targetAudience: e.targetAudience,
    visibility: e.visibility,
    groupId: e.groupId,
    churchId: e.churchId ?? null,
    fileName: e.fileName,
    fileType: e.fileType,
    fileSize: e.fileSize,
    pages: e.pages,
    words: e.words,
    excerpt: e.excerpt,
    downloads: e.downloads,
    status: e.status,
    statusReason: e.statusReason,
    createdAt: new Date(e.createdAt),
    updatedAt: new Date(e.updatedAt),
  }) as ResourceView;
