import type { EventData, EventPayload } from '@abide/contracts';
import type { Decider, NewEvent } from '@abide/event-store';
import type { LocalDate } from '@abide/calendar';

export type SavedData = EventData<'formation.journal.entry-saved'>;

/** What a journal entry is after its history: absent, live (draft or finished) or removed. */
export type JournalEntryState =
  | { status: 'absent' }
  | { status: 'live'; entry: SavedData; firstSavedAt: string; lastSavedAt: string }
  | { status: 'removed'; entry: SavedData };

export interface EntryFields {
  content: string;
  scriptureReference: string | null;
  mood: SavedData['mood'];
  gratitude: string | null;
  isPrivate: boolean;
  draft: boolean;
}

type JournalEvent = EventPayload & { occurredAt: string };

const absent = (): JournalEntryState => ({ status: 'absent' });

const evolveJournalEntry = (state: JournalEntryState, event: JournalEvent): JournalEntryState => {
  if (event.type === 'formation.journal.entry-saved') {
    const entry = event.data;
    return {
      status: 'live',
      entry,
      firstSavedAt: state.status === 'live' ? state.firstSavedAt : event.occurredAt,
      lastSavedAt: event.occurredAt,
    };
  }
  if (event.type === 'formation.journal.entry-removed' && state.status === 'live') return { status: 'removed', entry: state.entry };
  return state;
};

/** The entry aggregate for the command runner: its state is kept as a snapshot in the private store's stream head. */
export const journalEntryDecider: Decider<JournalEntryState> = { name: 'journal-entry', initialState: absent, evolve: evolveJournalEntry };

export const foldJournalEntry = (history: readonly JournalEvent[]): JournalEntryState => history.reduce(evolveJournalEntry, absent());

export type JournalDecision = { ok: true; events: NewEvent[] } | { ok: false; reason: 'not-found' | 'empty-content' | 'back-to-draft' };

const saved = (data: SavedData): NewEvent => ({ type: 'formation.journal.entry-saved', data, subjectId: data.userId });

/** A finished entry needs words (content is not empty once trimmed); a draft may be empty. */
const emptyFinished = (fields: EntryFields) => !fields.draft && fields.content.trim().length === 0;

export const decideCreateEntry = (
  state: JournalEntryState,
  input: { entryId: string; userId: string; fields: EntryFields; today: LocalDate; timeZone: string },
): JournalDecision => {
  if (state.status !== 'absent') return { ok: true, events: [] };
  if (emptyFinished(input.fields)) return { ok: false, reason: 'empty-content' };
  return {
    ok: true,
    events: [saved({ entryId: input.entryId, userId: input.userId, ...input.fields, localDate: input.today, timeZone: input.timeZone })],
  };
};

/**
 * Edits an entry of `userId` (anyone else's is 'not-found', so its existence is never revealed). A draft takes
 * the day it is finished as its date; a finished entry keeps the day it was written and cannot become a draft again.
 */
export const decideUpdateEntry = (
  state: JournalEntryState,
  input: { userId: string; changes: Partial<EntryFields>; today: LocalDate; timeZone: string },
): JournalDecision => {
  if (state.status !== 'live' || state.entry.userId !== input.userId) return { ok: false, reason: 'not-found' };
  const current = state.entry;
  if (!current.draft && input.changes.draft === true) return { ok: false, reason: 'back-to-draft' };
  const next: SavedData = { ...current, ...input.changes };
  if (emptyFinished(next)) return { ok: false, reason: 'empty-content' };
  if (current.draft) Object.assign(next, { localDate: input.today, timeZone: input.timeZone });
  const unchanged = (Object.keys(next) as (keyof SavedData)[]).every((k) => next[k] === current[k]);
  return { ok: true, events: unchanged ? [] : [saved(next)] };
};

export const decideDeleteEntry = (state: JournalEntryState, input: { userId: string }): JournalDecision => {
  if (state.status !== 'live' || state.entry.userId !== input.userId) return { ok: false, reason: 'not-found' };
  return {
    ok: true,
    events: [
      { type: 'formation.journal.entry-removed', data: { entryId: state.entry.entryId, userId: input.userId }, subjectId: input.userId },
    ],
  };
};

/** The published fact an entry's state calls for: written on its day, or nothing (a draft, removed or absent). */
export const publicFactOf = (state: JournalEntryState): { written: true; localDate: LocalDate } | { written: false } =>
  state.status === 'live' && !state.entry.draft ? { written: true, localDate: state.entry.localDate } : { written: false };
