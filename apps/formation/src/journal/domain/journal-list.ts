import type { EventData, JournalEntry } from '@abide/contracts';
import { weekStartOf, type LocalDate } from '@abide/calendar';
import { entryPreview } from './entry-preview';
import type { OpenEntry } from './journal-entry.decider';
import { countWords } from './word-count';
import { writingStreak } from './writing-streak';

/**
 * One member's journal as the Journal page lists it, kept as one document keyed by the member: every entry that is
 * not removed (its whole text, since the list answers it and searches in it), newest first. The list, its search and
 * pages, and the figures then cost one keyed read (and one decryption: the document is sealed whole with the member's
 * key) however many members write. Each entry is its own stream, so the list remembers the last version applied per
 * entry (removed ones included) to stay idempotent.
 */
export interface ListedEntry extends JournalEntry {
  /** The member's local date of writing (the streak and the week's words). */
  localDate: LocalDate;
}

export interface JournalList {
  /** Newest first: createdAt, then id, both descending (the order the list always had). */
  entries: ListedEntry[];
  /** Entry id → the version of its stream last applied here. */
  versions: Record<string, number>;
}

export const emptyJournalList = (): JournalList => ({ entries: [], versions: {} });

/** The fields of a private journal event this list reads, its words opened. */
export type JournalListEvent =
  | { type: 'formation.journal.entry-saved'; version: number; occurredAt: string; data: OpenEntry }
  | { type: 'formation.journal.entry-removed'; version: number; occurredAt: string; data: EventData<'formation.journal.entry-removed'> };

const newestFirst = (a: ListedEntry, b: ListedEntry): number =>
  a.createdAt !== b.createdAt ? (a.createdAt < b.createdAt ? 1 : -1) : a.id === b.id ? 0 : a.id < b.id ? 1 : -1;

/**
 * Applies one event to the list in place. Returns false when it was applied before (its version is not newer than
 * the last one of its entry).
 */
export const applyToJournalList = (list: JournalList, event: JournalListEvent): boolean => {
  const id = event.data.entryId;
  if ((list.versions[id] ?? 0) >= event.version) return false;
  list.versions[id] = event.version;
  const at = new Date(event.occurredAt).toISOString();
  const index = list.entries.findIndex((e) => e.id === id);
  if (event.type === 'formation.journal.entry-removed') {
    if (index >= 0) list.entries.splice(index, 1);
    return true;
  }
  const d = event.data;
  const entry: ListedEntry = {
    id,
    content: d.content,
    scriptureReference: d.scriptureReference,
    mood: d.mood,
    gratitude: d.gratitude,
    isPrivate: d.isPrivate,
    draft: d.draft,
    wordCount: countWords(d.content),
    preview: entryPreview(d.content),
    createdAt: index >= 0 ? list.entries[index].createdAt : at,
    updatedAt: at,
    localDate: d.localDate,
  };
  if (index >= 0) list.entries[index] = entry;
  else list.entries = [...list.entries, entry].sort(newestFirst);
  return true;
};

/** Regex special characters are matched literally: a search is text, never a pattern. */
export const escapeRegex = (text: string): string => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

export interface ListQuery {
  page: number;
  pageSize: number;
  q?: string;
  drafts: boolean;
}

/** The API's entry: the list's fields without the local date, in the contract's order. */
export const toJournalEntry = (e: ListedEntry): JournalEntry => ({
  id: e.id,
  content: e.content,
  scriptureReference: e.scriptureReference,
  mood: e.mood,
  gratitude: e.gratitude,
  isPrivate: e.isPrivate,
  draft: e.draft,
  wordCount: e.wordCount,
  preview: e.preview,
  createdAt: e.createdAt,
  updatedAt: e.updatedAt,
});

/** One page of entries or of drafts, newest first, optionally those whose text, reference or gratitude has `q` (any case). */
export const journalPage = (list: JournalList, query: ListQuery) => {
  const q = query.q?.trim();
  const pattern = q ? new RegExp(escapeRegex(q), 'i') : null;
  const matches = list.entries.filter(
    (e) =>
      e.draft === query.drafts &&
      (!pattern || [e.content, e.scriptureReference, e.gratitude].some((text) => text !== null && pattern.test(text))),
  );
  const start = (query.page - 1) * query.pageSize;
  return {
    items: matches.slice(start, start + query.pageSize).map(toJournalEntry),
    total: matches.length,
    page: query.page,
    pageSize: query.pageSize,
  };
};

/** The Journal page's figures: finished entries, the writing streak and this week's words (its first day to today). */
export const journalFigures = (list: JournalList, today: LocalDate) => {
  const written = list.entries.filter((e) => !e.draft);
  const weekStart = weekStartOf(today);
  return {
    totalEntries: written.length,
    writingStreak: writingStreak(
      written.map((e) => e.localDate),
      today,
    ).current,
    wordsThisWeek: written.filter((e) => e.localDate >= weekStart && e.localDate <= today).reduce((sum, e) => sum + e.wordCount, 0),
  };
};
