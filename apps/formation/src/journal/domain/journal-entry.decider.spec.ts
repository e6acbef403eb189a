import {
  decideCreateEntry,
  decideDeleteEntry,
  decideUpdateEntry,
  type EntryFields,
  foldJournalEntry,
  type OpenEntryState,
  publicFactOf,
} from './journal-entry.decider';
import { EMPTY_ENTRY_MESSAGE, parseEntryChanges, parseNewEntry, UNREADABLE_SCRIPTURE_MESSAGE } from './journal-request';

const fields: EntryFields = {
  content: 'Thank you for today.',
  scriptureReference: null,
  mood: 'grateful',
  gratitude: null,
  isPrivate: true,
  draft: false,
};
const history = (...data: Array<Partial<EntryFields> | 'removed'>) =>
  data.map((d, i) => {
    const occurredAt = `2025-03-1${i}T08:00:00Z`;
    return d === 'removed'
      ? { type: 'formation.journal.entry-removed' as const, data: { entryId: 'e1', userId: 'ruth' }, occurredAt }
      : {
          type: 'formation.journal.entry-saved' as const,
          data: { entryId: 'e1', userId: 'ruth', localDate: '2025-03-10', timeZone: 'UTC', ...fields, ...d },
          occurredAt,
        };
  });

describe(decideUpdateEntry.name, () => {
  const update = (state: OpenEntryState, changes: Partial<EntryFields>, userId = 'ruth') =>
    decideUpdateEntry(state, { userId, changes, today: '2025-03-12', timeZone: 'UTC' });

  it("returns not-found for another member's entry or a removed one", () => {
    expect(update(foldJournalEntry(history({})), { content: 'x' }, 'naomi')).toEqual({ ok: false, reason: 'not-found' });
    expect(update(foldJournalEntry(history({}, 'removed')), { content: 'x' })).toEqual({ ok: false, reason: 'not-found' });
  });

  it('returns the finishing day as the date of a finished draft, and keeps the written day of an entry', () => {
    const finished = update(foldJournalEntry(history({ draft: true, content: '' })), { draft: false, content: 'Done' });
    expect(finished.ok && finished.events[0].data).toMatchObject({ draft: false, localDate: '2025-03-12' });
    const edited = update(foldJournalEntry(history({})), { content: 'Edited' });
    expect(edited.ok && edited.events[0].data).toMatchObject({ localDate: '2025-03-10' });
  });

  it('refuses to finish an empty draft or to turn an entry back into a draft, and records nothing when nothing changes', () => {
    expect(update(foldJournalEntry(history({ draft: true, content: '' })), { draft: false })).toEqual({
      ok: false,
      reason: 'empty-content',
    });
    expect(update(foldJournalEntry(history({})), { draft: true })).toEqual({ ok: false, reason: 'back-to-draft' });
    expect(update(foldJournalEntry(history({})), { mood: 'grateful' })).toEqual({ ok: true, events: [] });
  });
});

describe(publicFactOf.name, () => {
  it('returns written for a finished entry only', () => {
    expect(publicFactOf(foldJournalEntry(history({})))).toEqual({ written: true, localDate: '2025-03-10' });
    expect(publicFactOf(foldJournalEntry(history({ draft: true })))).toEqual({ written: false });
    expect(publicFactOf(foldJournalEntry(history({}, 'removed')))).toEqual({ written: false });
  });
});

describe(decideCreateEntry.name, () => {
  it('returns nothing new for an id already used, and the empty-content refusal for a blank entry', () => {
    const input = { entryId: 'e1', userId: 'ruth', today: '2025-03-12', timeZone: 'UTC' };
    expect(decideCreateEntry(foldJournalEntry(history({})), { ...input, fields })).toEqual({ ok: true, events: [] });
    expect(decideCreateEntry(foldJournalEntry([]), { ...input, fields: { ...fields, content: '' } })).toEqual({
      ok: false,
      reason: 'empty-content',
    });
    expect(decideDeleteEntry(foldJournalEntry([]), { userId: 'ruth' })).toEqual({ ok: false, reason: 'not-found' });
  });
});

describe(parseNewEntry.name, () => {
  it("returns its message when the content is missing or blank", () => {
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
    expect(parseEntryChanges({ draft: false, gratitude: '' })).toEqual({ ok: true, value: { draft: false, gratitude: null } });
    expect(parseEntryChanges({ userId: 'naomi' })).toMatchObject({ ok: false });
  });
});
