import type { AnyEvent, EventTypesOf } from '@abide/contracts';

type ResourceEvent = AnyEvent<EventTypesOf<'library.resource.'>>;
import { ERASED } from '@abide/event-store';
import {
  applyToEntry,
  audienceOf,
  type CatalogueEntry,
  filterEntries,
  listedEntry,
  newestFirst,
  SEARCH_TEXT_CHARS,
  withListing,
} from './catalogue';

let version = 0;
const event = (type: string, data: Record<string, unknown>, at = '2026-01-01T00:00:00.000Z'): ResourceEvent =>
  ({ type, data: { resourceId: 'r1', ownerId: 'o1', ...data }, version: ++version, occurredAt: at }) as unknown as ResourceEvent;

const fields = (overrides: Record<string, unknown> = {}) => ({
  title: 'Fruit of the Spirit',
  description: 'A study',
  category: 'study',
  tags: ['discipleship'],
  targetAudience: 'all-levels',
  visibility: 'public',
  groupId: null,
  ...overrides,
});
const file = { fileName: 'f.txt', fileType: 'txt', fileSize: 10, storageKey: 'k', sha256: 'x' };

/** Folds events as the projection does (each one over the entry before it). */
const fold = (events: ResourceEvent[], text = '') =>
  events.reduce<CatalogueEntry | undefined>((entry, e) => applyToEntry(entry, e, text) ?? entry, undefined);

beforeEach(() => (version = 0));

describe('catalogue entries', () => {
  it('lists an approved public resource publicly, and a group one for its group only', () => {
    const submitted = event('library.resource.submitted', { fields: fields(), file });
    const pub = fold([
      submitted,
      event('library.resource.processed', { pages: 1, words: 3, excerpt: 'e', storageKey: 'k' }),
      event('library.resource.queued-for-review', { cause: 'submitted' }),
    ]);
    expect(pub).toMatchObject({ status: 'in-review', pages: 1 });
    expect(audienceOf(pub)).toBeNull();
    expect(audienceOf(applyToEntry(pub, event('library.resource.approved', {})))).toBe('public');

    version = 0;
    const group = fold([
      event('library.resource.submitted', { fields: fields({ visibility: 'group', groupId: 'g1' }), file }),
      event('library.resource.published', {}),
    ]);
    expect(audienceOf(group)).toBe('group:g1');
    version = 0;
    const mine = fold([
      event('library.resource.submitted', { fields: fields({ visibility: 'private' }), file }),
      event('library.resource.published', {}),
    ]);
    expect(mine?.status).toBe('approved');
    expect(audienceOf(mine)).toBeNull();
  });

  it('takes a rejected or deleted resource out of every audience, and a replayed older event does not bring it back', () => {
    const inReview = fold([
      event('library.resource.submitted', { fields: fields(), file }),
      event('library.resource.queued-for-review', { cause: 'submitted' }),
    ]);
    const rejected = applyToEntry(inReview, event('library.resource.rejected', { reason: 'Off topic' }));
    expect(rejected).toMatchObject({ status: 'rejected', statusReason: 'Off topic' });
    expect(audienceOf(rejected)).toBeNull();

    const approved = applyToEntry(inReview, event('library.resource.approved', {}));
    const deleted = applyToEntry(approved, event('library.resource.deleted', { deletedBy: 'o1' }));
    expect(deleted).toMatchObject({ deleted: true });
    expect(deleted?.title).toBeUndefined();
    expect(audienceOf(deleted)).toBeNull();
    const replayed = {
      type: 'library.resource.submitted',
      data: { resourceId: 'r1', ownerId: 'o1', fields: fields(), file },
      version: 1,
      occurredAt: '2026-01-01T00:00:00.000Z',
    };
    expect(applyToEntry(deleted, replayed as unknown as ResourceEvent)).toBeUndefined();
    expect(applyToEntry(deleted, event('library.resource.approved', {}))).toBeUndefined();
  });

  it('ignores an erased resource, events already applied, and counts downloads without touching updatedAt', () => {
    expect(applyToEntry(undefined, event('library.resource.submitted', { fields: fields({ title: ERASED }), file }))).toBeUndefined();
    version = 0;
    const entry = fold([event('library.resource.submitted', { fields: fields(), file })]);
    expect(applyToEntry(entry, { ...event('library.resource.published', {}), version: 1 } as ResourceEvent)).toBeUndefined();
    const downloaded = applyToEntry(entry, event('library.resource.downloaded', { userId: 'u' }, '2026-02-01T00:00:00.000Z'));
    expect(downloaded).toMatchObject({ downloads: 1, updatedAt: entry?.updatedAt });
  });

  it('keeps the start of a long text for search and marks it cut', () => {
    const long = 'a'.repeat(SEARCH_TEXT_CHARS) + ' needle';
    const entry = fold(
      [
        event('library.resource.submitted', { fields: fields(), file }),
        event('library.resource.processed', { pages: 1, words: 2, excerpt: 'e', storageKey: 'k' }),
      ],
      long,
    );
    expect(entry?.text.length).toBe(SEARCH_TEXT_CHARS);
    expect(entry?.textCut).toBe(true);
  });
});

describe('filtering and order', () => {
  const entry = (id: string, o: Partial<CatalogueEntry> = {}): CatalogueEntry =>
    ({
      id,
      title: 'T',
      description: '',
      tags: [],
      category: 'study',
      text: '',
      textCut: false,
      createdAt: '2026-01-01T00:00:00.000Z',
      ...o,
    }) as CatalogueEntry;

  it('searches title, description, tags and text case-insensitively, literally, and hands back cut texts to check', () => {
    const entries = [
      entry('1', { title: 'Grace (abundant)' }),
      entry('2', { description: 'about GRACE' }),
      entry('3', { tags: ['grace-notes'] }),
      entry('4', { text: 'full of grace' }),
      entry('5', { text: 'nothing', textCut: true }),
      entry('6', { text: 'nothing' }),
    ];
    const { matched, unsure } = filterEntries(entries, { q: ' grace ' });
    expect(matched.map((e) => e.id)).toEqual(['1', '2', '3', '4']);
    expect(unsure.map((e) => e.id)).toEqual(['5']);
    expect(filterEntries(entries, { q: '(abundant)' }).matched.map((e) => e.id)).toEqual(['1']);
    expect(filterEntries(entries, { q: '.*' }).matched).toEqual([]);
  });

  it("filters by category and topic ('all' means none)", () => {
    const entries = [
      entry('1', { category: 'study', tags: ['prayer'] }),
      entry('2', { category: 'devotional', tags: ['Prayer-life'] }),
      entry('3', { category: 'study' }),
    ];
    expect(filterEntries(entries, { category: 'study' }).matched.map((e) => e.id)).toEqual(['1', '3']);
    expect(filterEntries(entries, { category: 'All' }).matched).toHaveLength(3);
    expect(filterEntries(entries, { topic: 'PRAYER' }).matched.map((e) => e.id)).toEqual(['1', '2']);
  });

  it('orders newest first, then by id descending', () => {
    const entries = [
      entry('a', { createdAt: '2026-01-01T00:00:00.000Z' }),
      entry('c', { createdAt: '2026-01-02T00:00:00.000Z' }),
      entry('b', { createdAt: '2026-01-01T00:00:00.000Z' }),
    ];
    expect(entries.sort(newestFirst).map((e) => e.id)).toEqual(['c', 'b', 'a']);
  });
});

describe('an entry as its owner keeps it', () => {
  /** Folds events as the catalogue projection does: each entry with where it was listed and its text's version. */
  const history = (events: ResourceEvent[], text = 'Love is patient') =>
    events.reduce<CatalogueEntry[]>((entries, e) => {
      const before = entries.at(-1);
      const after = applyToEntry(before, e, text);
      return after ? [...entries, withListing(before, after, e.version)] : entries;
    }, []);

  it('remembers every audience it was listed for, a deleted one too, so each can be told it is gone', () => {
    const entries = history([
      event('library.resource.submitted', { fields: fields(), file }),
      event('library.resource.processed', { pages: 1, words: 3, excerpt: 'e', storageKey: 'k' }),
      event('library.resource.queued-for-review', { cause: 'submitted' }),
      event('library.resource.approved', {}),
      event('library.resource.downloaded', { userId: 'u' }),
      event('library.resource.deleted', { deletedBy: 'o1' }),
    ]);
    expect(entries.map((e) => e.audiences)).toEqual([[], [], [], ['public'], ['public'], ['public']]);
    expect(audienceOf(entries.at(-1))).toBeNull();
  });

  it('moves its text version for a change of text or listing only, not for a download', () => {
    const entries = history([
      event('library.resource.submitted', { fields: fields(), file }),
      event('library.resource.processed', { pages: 1, words: 3, excerpt: 'e', storageKey: 'k' }),
      event('library.resource.queued-for-review', { cause: 'submitted' }),
      event('library.resource.approved', {}),
      event('library.resource.downloaded', { userId: 'u' }),
    ]);
    expect(entries.map((e) => e.textVersion)).toEqual([1, 2, 2, 4, 4]);
  });

  it('is listed without its text or the owner’s bookkeeping', () => {
    const [entry] = history([event('library.resource.submitted', { fields: fields(), file })]);
    expect(listedEntry({ ...entry, text: 'words' })).toEqual({ ...entry, text: '', audiences: undefined, textVersion: undefined });
    expect(Object.keys(listedEntry(entry))).not.toContain('audiences');
  });
});
