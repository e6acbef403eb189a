import { errorCodes } from '@abide/contracts';
import { deciderSpec } from '@abide/event-store/src/testing/decider-specification';
import {
  type EntryFields,
  type EntryState,
  type JournalCommand,
  journalMessages,
  type JournalOutcome,
  openJournalEntryDecider,
  publicFactOf,
} from './journal-entry.decider';
import { EMPTY_ENTRY_MESSAGE, parseEntryChanges, parseNewEntry, UNREADABLE_SCRIPTURE_MESSAGE } from './journal-request';

const { given } = deciderSpec(openJournalEntryDecider);
const fields: EntryFields = {
  content: 'Thank you for today.',
  scriptureReference: null,
  mood: 'grateful',
  gratitude: null,
  isPrivate: true,
  draft: false,
};
const entry = (over: Partial<EntryFields> = {}) => ({
  entryId: 'e1',
  userId: 'ruth',
  localDate: '2025-03-10',
  timeZone: 'UTC',
  ...fields,
  ...over,
});
const saved = (over: Partial<EntryFields> & { localDate?: string } = {}): JournalOutcome => ({
  type: 'formation.journal.entry-saved',
  subjectId: 'ruth',
  data: entry(over),
});
const removed: JournalOutcome = { type: 'formation.journal.entry-removed', subjectId: 'ruth', data: { entryId: 'e1', userId: 'ruth' } };
const update = (changes: Partial<EntryFields>, userId = 'ruth', basedOn: string | null = null): JournalCommand => ({
  type: 'UpdateEntry',
  entryId: 'e1',
  userId,
  changes,
  basedOn,
  today: '2025-03-12',
  timeZone: 'UTC',
});
const create = (over: Partial<EntryFields> = {}): JournalCommand => ({
  type: 'CreateEntry',
  entryId: 'e1',
  userId: 'ruth',
  fields: { ...fields, ...over },
  today: '2025-03-10',
  timeZone: 'UTC',
});

describe('journal entry decider', () => {
  it('writes a new entry on the member’s day, and nothing new for an id already used', () => {
    given([]).when(create()).then([saved()]);
    given([saved()]).when(create()).thenNothing();
  });

  it('refuses a blank finished entry on its content field, and keeps an empty draft', () => {
    given([])
      .when(create({ content: '  ' }))
      .thenThrows(errorCodes.validationFailed, EMPTY_ENTRY_MESSAGE, 'content');
    given([])
      .when(create({ content: '', draft: true }))
      .then([saved({ content: '', draft: true })]);
  });

  it("answers another member's entry, a removed one or a missing one as not found", () => {
    given([saved()])
      .when(update({ content: 'x' }, 'naomi'))
      .thenThrows(errorCodes.notFound, journalMessages.notFound);
    given([saved(), removed])
      .when(update({ content: 'x' }))
      .thenThrows(errorCodes.notFound, journalMessages.notFound);
    given([]).when({ type: 'DeleteEntry', entryId: 'e1', userId: 'ruth' }).thenThrows(errorCodes.notFound, journalMessages.notFound);
  });

  it('dates a finished draft on the day it is finished, and keeps the written day of an entry', () => {
    given([saved({ draft: true, content: '' })])
      .when(update({ draft: false, content: 'Done' }))
      .then([saved({ draft: false, content: 'Done', localDate: '2025-03-12' })]);
    given([saved()])
      .when(update({ content: 'Edited' }))
      .then([saved({ content: 'Edited' })]);
  });

  it('refuses to finish an empty draft or to turn an entry back into a draft, and records nothing when nothing changes', () => {
    given([saved({ draft: true, content: '' })])
      .when(update({ draft: false }))
      .thenThrows(errorCodes.validationFailed, EMPTY_ENTRY_MESSAGE, 'content');
    given([saved()])
      .when(update({ draft: true }))
      .thenThrows(errorCodes.validationFailed, 'Some fields need your attention.');
    given([saved()])
      .when(update({ mood: 'grateful' }))
      .thenNothing();
  });

  it('refuses an edit made from an older save (another device saved since), unless it changes nothing', () => {
    // The spec's events all occurred at 2026-01-01T00:00:00.000Z: that is the entry's last save.
    given([saved()])
      .when(update({ content: 'Written offline' }, 'ruth', '2025-12-31T23:59:59.000Z'))
      .thenThrows(errorCodes.entryChanged, journalMessages.changedElsewhere);
    given([saved()])
      .when(update({ content: 'Written offline' }, 'ruth', '2026-01-01T00:00:00Z'))
      .then([saved({ content: 'Written offline' })]);
    given([saved({ content: 'Written offline' })])
      .when(update({ content: 'Written offline' }, 'ruth', '2025-12-31T23:59:59.000Z'))
      .thenNothing();
  });

  it('removes the member’s own entry', () => {
    given([saved()]).when({ type: 'DeleteEntry', entryId: 'e1', userId: 'ruth' }).then([removed]);
  });
});

describe(publicFactOf.name, () => {
  const stateOf = (...history: JournalOutcome[]): EntryState<ReturnType<typeof entry>> =>
    history.reduce(openJournalEntryDecider.evolve, openJournalEntryDecider.initialState());

  it('returns written for a finished entry only', () => {
    expect(publicFactOf(stateOf(saved()))).toEqual({ written: true, localDate: '2025-03-10' });
    expect(publicFactOf(stateOf(saved({ draft: true })))).toEqual({ written: false });
    expect(publicFactOf(stateOf(saved(), removed))).toEqual({ written: false });
  });
});

describe(parseNewEntry.name, () => {
  it('returns its message when the content is missing or blank', () => {
    for (const body of [{}, { content: '  \n' }, null]) {
      expect(parseNewEntry(body)).toEqual({ ok: false, errors: [{ field: 'content', message: EMPTY_ENTRY_MESSAGE }] });
    }
  });

  it('returns the scripture in canonical form, private by default, and empty optional texts as null', () => {
    expect(parseNewEntry({ content: ' Hi ', scriptureReference: '1cor 13.4–7', gratitude: '' })).toEqual({
      ok: true,
      value: { content: 'Hi', scriptureReference: '1 Corinthians 13:4-7', mood: null, gratitude: null, isPrivate: true, draft: false },
    });
  });

  it('returns a clear error for a reference that cannot be read, and accepts an empty draft', () => {
    expect(parseNewEntry({ content: 'Hi', scriptureReference: 'Hezekiah 3:1' })).toEqual({
      ok: false,
      errors: [{ field: 'scriptureReference', message: UNREADABLE_SCRIPTURE_MESSAGE }],
    });
    expect(parseNewEntry({ draft: true })).toMatchObject({ ok: true, value: { content: '', draft: true } });
  });
});

describe(parseEntryChanges.name, () => {
  it('returns only the given fields and refuses unknown ones', () => {
    expect(parseEntryChanges({ draft: false, gratitude: '' })).toEqual({
      ok: true,
      value: { changes: { draft: false, gratitude: null }, basedOn: null },
    });
    expect(parseEntryChanges({ content: 'x', basedOn: '2026-01-01T00:00:00.000Z' })).toMatchObject({
      ok: true,
      value: { basedOn: '2026-01-01T00:00:00.000Z' },
    });
    expect(parseEntryChanges({ userId: 'naomi' })).toMatchObject({ ok: false });
  });
});
