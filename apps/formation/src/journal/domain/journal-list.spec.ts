import { applyToJournalList, emptyJournalList, journalFigures, journalPage, type JournalList, type JournalListEvent } from './journal-list';

const saved = (
  entryId: string,
  version: number,
  occurredAt: string,
  fields: Partial<{ content: string; draft: boolean; localDate: string; gratitude: string | null; scriptureReference: string | null }> = {},
): JournalListEvent => ({
  type: 'formation.journal.entry-saved',
  version,
  occurredAt,
  data: {
    entryId,
    userId: 'u1',
    draft: false,
    content: `Entry ${entryId}`,
    scriptureReference: null,
    mood: null,
    gratitude: null,
    isPrivate: true,
    localDate: occurredAt.slice(0, 10),
    timeZone: 'UTC',
    ...fields,
  },
});
const removed = (entryId: string, version: number, occurredAt: string): JournalListEvent => ({
  type: 'formation.journal.entry-removed',
  version,
  occurredAt,
  data: { entryId, userId: 'u1' },
});

const listOf = (...events: JournalListEvent[]): JournalList => {
  const list = emptyJournalList();
  for (const event of events) applyToJournalList(list, event);
  return list;
};

describe(applyToJournalList.name, () => {
  it('keeps entries newest first, an edit in place with its first createdAt and a new updatedAt', () => {
    const list = listOf(
      saved('a', 1, '2026-03-01T08:00:00Z'),
      saved('b', 1, '2026-03-02T08:00:00Z'),
      saved('a', 2, '2026-03-03T08:00:00.5Z', { content: 'Edited words here' }),
    );

    expect(list.entries.map((e) => e.id)).toEqual(['b', 'a']);
    expect(list.entries[1]).toMatchObject({
      content: 'Edited words here',
      wordCount: 3,
      preview: 'Edited words here',
      createdAt: '2026-03-01T08:00:00.000Z',
      updatedAt: '2026-03-03T08:00:00.500Z',
    });
  });

  it('orders entries created at the same instant by id, descending', () => {
    expect(
      listOf(
        saved('a', 1, '2026-03-01T08:00:00Z'),
        saved('c', 1, '2026-03-01T08:00:00Z'),
        saved('b', 1, '2026-03-01T08:00:00Z'),
      ).entries.map((e) => e.id),
    ).toEqual(['c', 'b', 'a']);
  });

  it('drops a removed entry and ignores an older event replayed after the removal', () => {
    const list = listOf(saved('a', 1, '2026-03-01T08:00:00Z'), removed('a', 2, '2026-03-02T08:00:00Z'));

    expect(applyToJournalList(list, saved('a', 1, '2026-03-01T08:00:00Z'))).toBe(false);
    expect(list.entries).toEqual([]);
    expect(list.versions).toEqual({ a: 2 });
  });
});

describe(journalPage.name, () => {
  const list = listOf(
    saved('a', 1, '2026-03-01T08:00:00Z', { content: 'Grace upon grace', scriptureReference: 'John 1:16' }),
    saved('b', 1, '2026-03-02T08:00:00Z', { content: 'A long day', gratitude: 'My GRACE-filled sister' }),
    saved('c', 1, '2026-03-03T08:00:00Z', { content: 'Plain words (a.b)' }),
    saved('d', 1, '2026-03-04T08:00:00Z', { content: 'A draft about grace', draft: true }),
  );

  it('returns one page of finished entries, newest first, with the total', () => {
    expect(journalPage(list, { page: 1, pageSize: 2, drafts: false })).toMatchObject({
      items: [{ id: 'c' }, { id: 'b' }],
      total: 3,
      page: 1,
      pageSize: 2,
    });
    expect(journalPage(list, { page: 2, pageSize: 2, drafts: false }).items.map((e) => e.id)).toEqual(['a']);
    expect(journalPage(list, { page: 3, pageSize: 2, drafts: false })).toMatchObject({ items: [], total: 3 });
  });

  it('returns drafts apart', () => {
    expect(journalPage(list, { page: 1, pageSize: 10, drafts: true }).items.map((e) => e.id)).toEqual(['d']);
  });

  it('searches the text, the reference and the gratitude in any case, the query taken literally', () => {
    expect(journalPage(list, { page: 1, pageSize: 10, q: '  grace ', drafts: false }).items.map((e) => e.id)).toEqual(['b', 'a']);
    expect(journalPage(list, { page: 1, pageSize: 10, q: 'john 1', drafts: false }).items.map((e) => e.id)).toEqual(['a']);
    expect(journalPage(list, { page: 1, pageSize: 10, q: '(a.b)', drafts: false }).items.map((e) => e.id)).toEqual(['c']);
    expect(journalPage(list, { page: 1, pageSize: 10, q: 'a.c', drafts: false }).total).toBe(0);
  });

  it('answers entries with the contract fields in the contract order, without the local date', () => {
    expect(Object.keys(journalPage(list, { page: 1, pageSize: 1, drafts: false }).items[0])).toEqual([
      'id',
      'content',
      'scriptureReference',
      'mood',
      'gratitude',
      'isPrivate',
      'draft',
      'wordCount',
      'preview',
      'createdAt',
      'updatedAt',
    ]);
  });
});

describe(journalFigures.name, () => {
  it('counts finished entries, the writing streak and the words written this week', () => {
    const list = listOf(
      saved('z', 1, '2026-02-28T08:00:00Z', { content: 'before the week' }),
      saved('a', 1, '2026-03-01T08:00:00Z', { content: 'one two' }),
      saved('b', 1, '2026-03-03T08:00:00Z', { content: 'three four five' }),
      saved('c', 1, '2026-03-04T08:00:00Z', { content: 'six' }),
      saved('d', 1, '2026-03-04T09:00:00Z', { content: 'a draft is not counted', draft: true }),
    );

    // 2026-03-04 is a Wednesday: the week began on Sunday the 1st.
    expect(journalFigures(list, '2026-03-04')).toEqual({ totalEntries: 4, writingStreak: 2, wordsThisWeek: 6 });
  });
});
