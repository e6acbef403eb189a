import type { EventData, JournalEntryText } from '@abide/contracts';
import type { Decider, NewEvent } from '@abide/event-store';
import type { LocalDate } from '@abide/calendar';

/** An `entry-saved` as stored: its words sealed (`sealedText`). */
export type SavedData = EventData<'formation.journal.entry-saved'>;
/** The same with its words open, as the commands decide on it and the journal list keeps it (sealed as a whole). */
export type OpenEntry = Omit<SavedData, 'sealedText'> & JournalEntryText;

/** What a journal entry is after its history: absent, live (draft or finished) or removed. */
export type EntryState<E> =
  { status: 'absent' } | { status: 'live'; entry: E; firstSavedAt: string; lastSavedAt: string } | { status: 'removed'; entry: E };

/** As the stream head keeps it (a snapshot): sealed words only. */
export type JournalEntryState = EntryState<SavedData>;
/** As the commands decide on it: the words opened with the member's key. */
export type OpenEntryState = EntryState<OpenEntry>;

export interface EntryFields extends JournalEntryText {
  mood: SavedData['mood'];
  isPrivate: boolean;
  draft: boolean;
}

type JournalEvent<E> =
  | { type: 'formation.journal.entry-saved'; data: E; occurredAt: string }
  | { type: 'formation.journal.entry-removed'; data: EventData<'formation.journal.entry-removed'>; occurredAt: string }
  | { type: Exclude<string, 'formation.journal.entry-saved' | 'formation.journal.entry-removed'>; occurredAt: string };

const absent = <E>(): EntryState<E> => ({ status: 'absent' });

const evolveJournalEntry = <E>(state: EntryState<E>, event: JournalEvent<E>): EntryState<E> => {
  if (event.type === 'formation.journal.entry-saved' && 'data' in event) {
    return {
      status: 'live',
      entry: event.data as E,
      firstSavedAt: state.status === 'live' ? state.firstSavedAt : event.occurredAt,
      lastSavedAt: event.occurredAt,
    };
  }
  if (event.type === 'formation.journal.entry-removed' && state.status === 'live') return { status: 'removed', entry: state.entry };
  return state;
};

/**
 * The entry aggregate for the command runner: its state is kept as a snapshot in the private store's stream head.
 * State version 2: the words are sealed (older snapshots held them in the clear and are ignored).
 */
export const journalEntryDecider: Decider<JournalEntryState> = {
  name: 'journal-entry',
  stateVersion: 2,
  initialState: absent,
  evolve: (state, event) => evolveJournalEntry(state, event as JournalEvent<SavedData>),
};

export const foldJournalEntry = <E>(history: readonly JournalEvent<E>[]): EntryState<E> =>
  history.reduce<EntryState<E>>(evolveJournalEntry, absent());

/** What a decision appends, its words still open: the commands seal them into `entry-saved`'s `sealedText`. */
export type JournalOutcome =
  { type: 'formation.journal.entry-saved'; data: OpenEntry; subjectId: string } | NewEvent<'formation.journal.entry-removed'>;

export type JournalDecision =
  { ok: true; events: JournalOutcome[] } | { ok: false; reason: 'not-found' | 'empty-content' | 'back-to-draft' };

const saved = (data: OpenEntry): JournalOutcome => ({ type: 'formation.journal.entry-saved', data, subjectId: data.userId });

/** A finished entry needs words (content is not empty once trimmed); a draft may be empty. */
const emptyFinished = (fields: Pick<EntryFields, 'draft' | 'content'>) => !fields.draft && fields.content.trim().length === 0;

export const decideCreateEntry = (
  state: EntryState<unknown>,
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
  state: OpenEntryState,
  input: { userId: string; changes: Partial<EntryFields>; today: LocalDate; timeZone: string },
): JournalDecision => {
  if (state.status !== 'live' || state.entry.userId !== input.userId) return { ok: false, reason: 'not-found' };
  const current = state.entry;
  if (!current.draft && input.changes.draft === true) return { ok: false, reason: 'back-to-draft' };
  const next: OpenEntry = { ...current, ...input.changes };
  if (emptyFinished(next)) return { ok: false, reason: 'empty-content' };
  if (current.draft) Object.assign(next, { localDate: input.today, timeZone: input.timeZone });
  const unchanged = (Object.keys(next) as (keyof OpenEntry)[]).every((k) => next[k] === current[k]);
  return { ok: true, events: unchanged ? [] : [saved(next)] };
};

export const decideDeleteEntry = (state: EntryState<{ entryId: string; userId: string }>, input: { userId: string }): JournalDecision => {
  if (state.status !== 'live' || state.entry.userId !== input.userId) return { ok: false, reason: 'not-found' };
  return {
    ok: true,
    events: [
      { type: 'formation.journal.entry-removed', data: { entryId: state.entry.entryId, userId: input.userId }, subjectId: input.userId },
    ],
  };
};

/** The published fact an entry's state calls for: written on its day, or nothing (a draft, removed or absent). */
export const publicFactOf = (
  state: EntryState<{ draft: boolean; localDate: LocalDate }>,
): { written: true; localDate: LocalDate } | { written: false } =>
  state.status === 'live' && !state.entry.draft ? { written: true, localDate: state.entry.localDate } : { written: false };
