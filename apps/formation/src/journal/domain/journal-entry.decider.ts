import { errorCodes, type EventData, type JournalEntryText, Refusal } from '@abide/contracts';
import type { NewEvent, SealedDecider } from '@abide/event-store';
import type { LocalDate } from '@abide/calendar';

/** What an entry without words is told (the request's check and the decider's say the same). */
export const EMPTY_ENTRY_MESSAGE = 'Your journal entry cannot be empty.';

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

/** What a decision appends, its words still open: the commands seal them into `entry-saved`'s `sealedText`. */
export type JournalOutcome =
  { type: 'formation.journal.entry-saved'; data: OpenEntry; subjectId: string } | NewEvent<'formation.journal.entry-removed'>;

export const journalMessages = {
  notFound: 'The journal entry was not found.',
  backToDraft: 'A saved entry cannot become a draft again.',
  changedElsewhere: 'This entry was changed on another device after you started editing it, so your edit was not saved over it.',
} as const;
/** Another member's entry, or a removed one, is answered as missing: its existence is never revealed. */
const notFound = () => new Refusal(errorCodes.notFound, journalMessages.notFound);
const emptyContent = () => new Refusal(errorCodes.validationFailed, EMPTY_ENTRY_MESSAGE, 'content');

/** What a member can do with a journal entry; `today` and `timeZone` are the member's now. */
export type JournalCommand =
  | { type: 'CreateEntry'; entryId: string; userId: string; fields: EntryFields; today: LocalDate; timeZone: string }
  | {
      type: 'UpdateEntry';
      entryId: string;
      userId: string;
      changes: Partial<EntryFields>;
      /** The `updatedAt` (last save) the edit was made from, or null to edit whatever is there. */
      basedOn?: string | null;
      today: LocalDate;
      timeZone: string;
    }
  | { type: 'DeleteEntry'; entryId: string; userId: string };
type Of<T extends JournalCommand['type']> = Extract<JournalCommand, { type: T }>;

const saved = (data: OpenEntry): JournalOutcome => ({ type: 'formation.journal.entry-saved', data, subjectId: data.userId });

/** A finished entry needs words (content is not empty once trimmed); a draft may be empty. */
const emptyFinished = (fields: Pick<EntryFields, 'draft' | 'content'>) => !fields.draft && fields.content.trim().length === 0;

/** An id already used (a retried request) decides nothing. */
const decideCreateEntry = (state: EntryState<unknown>, input: Of<'CreateEntry'>): JournalOutcome[] => {
  if (state.status !== 'absent') return [];
  if (emptyFinished(input.fields)) throw emptyContent();
  return [saved({ entryId: input.entryId, userId: input.userId, ...input.fields, localDate: input.today, timeZone: input.timeZone })];
};

/** An edit made from a save other than the entry's last one (compared as instants: the formats may differ). */
const madeFromOlderSave = (state: Extract<OpenEntryState, { status: 'live' }>, basedOn: string | null | undefined) =>
  !!basedOn && Date.parse(basedOn) !== Date.parse(state.lastSavedAt);

/**
 * Edits an entry of `userId` (anyone else's is 'not-found', so its existence is never revealed). A draft takes
 * the day it is finished as its date; a finished entry keeps the day it was written and cannot become a draft again.
 * An edit made from an older save is refused, unless it changes nothing (a repeat of an edit that was applied).
 */
const decideUpdateEntry = (state: OpenEntryState, input: Of<'UpdateEntry'>): JournalOutcome[] => {
  if (state.status !== 'live' || state.entry.userId !== input.userId) throw notFound();
  const current = state.entry;
  if (!current.draft && input.changes.draft === true) throw Refusal.fields([{ field: 'draft', message: journalMessages.backToDraft }]);
  const next: OpenEntry = { ...current, ...input.changes };
  if (emptyFinished(next)) throw emptyContent();
  if (current.draft) Object.assign(next, { localDate: input.today, timeZone: input.timeZone });
  const unchanged = (Object.keys(next) as (keyof OpenEntry)[]).every((k) => next[k] === current[k]);
  if (unchanged) return [];
  if (madeFromOlderSave(state, input.basedOn)) throw new Refusal(errorCodes.entryChanged, journalMessages.changedElsewhere);
  return [saved(next)];
};

const decideDeleteEntry = (state: OpenEntryState, input: Of<'DeleteEntry'>): JournalOutcome[] => {
  if (state.status !== 'live' || state.entry.userId !== input.userId) throw notFound();
  return [
    { type: 'formation.journal.entry-removed', data: { entryId: state.entry.entryId, userId: input.userId }, subjectId: input.userId },
  ];
};

const decideJournalEntry = (command: JournalCommand, state: OpenEntryState): JournalOutcome[] => {
  switch (command.type) {
    case 'CreateEntry':
      return decideCreateEntry(state, command);
    case 'UpdateEntry':
      return decideUpdateEntry(state, command);
    case 'DeleteEntry':
      return decideDeleteEntry(state, command);
  }
};

/**
 * The entry aggregate, one stream per entry in the private journal store: its state is kept as a snapshot in that
 * store's stream head with the words sealed (state version 2; older snapshots held them in the clear and are
 * ignored). It decides on the words opened with the member's key, and what it decides is sealed before it is
 * appended (the journal's command handler does both, see Sealing).
 */
export const journalEntryDecider: SealedDecider<JournalCommand, JournalEntryState, OpenEntryState, JournalOutcome> = {
  name: 'journal-entry',
  stateVersion: 2,
  initialState: absent,
  evolve: (state, event) => evolveJournalEntry(state, event as JournalEvent<SavedData>),
  decide: decideJournalEntry,
};

/** The same decisions over open words, as the specs give them (the fold is the same whatever the entry holds). */
export const openJournalEntryDecider = {
  initialState: absent<OpenEntry>,
  evolve: (state: OpenEntryState, event: unknown) => evolveJournalEntry(state, event as JournalEvent<OpenEntry>),
  decide: decideJournalEntry,
};

/** The published fact an entry's state calls for: written on its day, or nothing (a draft, removed or absent). */
export const publicFactOf = (
  state: EntryState<{ draft: boolean; localDate: LocalDate }>,
): { written: true; localDate: LocalDate } | { written: false } =>
  state.status === 'live' && !state.entry.draft ? { written: true, localDate: state.entry.localDate } : { written: false };
