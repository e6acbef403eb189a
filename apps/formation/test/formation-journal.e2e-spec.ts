import type { JournalEntry, ProblemDetails } from '@abide/contracts';
import { call, UserSession, withServiceDb } from '@abide/testing';

interface Page {
  items: JournalEntry[];
  total: number;
  page: number;
  pageSize: number;
}

const entry = {
  content: 'This morning I read Psalm 23 and felt calmer about the week ahead.',
  scriptureReference: 'ps 23:1-3',
  mood: 'peaceful',
  gratitude: 'A quiet walk with my sister',
};

describe('journal entries', () => {
  let ruth: UserSession;
  let naomi: UserSession;

  beforeAll(async () => {
    [ruth, naomi] = await Promise.all([UserSession.signUp({ name: 'Ruth' }), UserSession.signUp({ name: 'Naomi' })]);
  });

  it('saves an entry private by default, with the scripture in canonical form, word count and preview', async () => {
    const res = await ruth.post<JournalEntry>('/api/journal/entries', entry);

    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({
      content: entry.content,
      scriptureReference: 'Psalm 23:1-3',
      mood: 'peaceful',
      gratitude: 'A quiet walk with my sister',
      isPrivate: true,
      draft: false,
      wordCount: 13,
      preview: entry.content,
    });
    expect((await ruth.get<JournalEntry>(`/api/journal/entries/${res.body.id}`)).body.id).toBe(res.body.id);
  });

  it("refuses empty content after trimming with its message", async () => {
    const res = await ruth.post<ProblemDetails>('/api/journal/entries', { content: '   \n ', mood: 'joyful' });

    expect(res.status).toBe(400);
    expect(res.body.errors).toEqual([{ field: 'content', message: 'Your journal entry cannot be empty.' }]);
  });

  it('refuses a scripture reference it cannot read, and a mood outside the list', async () => {
    const scripture = await ruth.post<ProblemDetails>('/api/journal/entries', { content: 'Hello', scriptureReference: 'Hezekiah 4:2' });
    const mood = await ruth.post<ProblemDetails>('/api/journal/entries', { content: 'Hello', mood: 'furious' });

    expect(scripture.status).toBe(400);
    expect(scripture.body.errors?.[0]).toMatchObject({ field: 'scriptureReference' });
    expect(scripture.body.errors?.[0].message).toMatch(/couldn't read that scripture reference/);
    expect(mood.status).toBe(400);
    expect(mood.body.errors?.[0].field).toBe('mood');
  });

  it('keeps a draft apart (even empty) until it is finished, then lists it with the entries', async () => {
    const draft = await ruth.post<JournalEntry>('/api/journal/entries', { content: '', draft: true });
    expect(draft.status).toBe(201);
    expect(draft.body.draft).toBe(true);

    const drafts = await ruth.get<Page>('/api/journal/entries?drafts=1');
    expect(drafts.body.items.map((e) => e.id)).toContain(draft.body.id);
    expect((await ruth.get<Page>('/api/journal/entries')).body.items.map((e) => e.id)).not.toContain(draft.body.id);

    const empty = await ruth.patch<ProblemDetails>(`/api/journal/entries/${draft.body.id}`, { draft: false });
    expect(empty.status).toBe(400);
    expect(empty.body.errors).toEqual([{ field: 'content', message: 'Your journal entry cannot be empty.' }]);

    const finished = await ruth.patch<JournalEntry>(`/api/journal/entries/${draft.body.id}`, { draft: false, content: 'Finished at last.' });
    expect(finished.status).toBe(200);
    expect(finished.body).toMatchObject({ draft: false, content: 'Finished at last.', wordCount: 3 });
    expect((await ruth.get<Page>('/api/journal/entries')).body.items.map((e) => e.id)).toContain(draft.body.id);
  });

  it('lists latest first with pagination, and searches content, scripture and gratitude literally', async () => {
    const member = await UserSession.signUp();
    for (const content of ['first (of three)', 'second entry', 'third entry']) {
      expect((await member.post('/api/journal/entries', { content, gratitude: content === 'second entry' ? 'mercy.*' : '' })).status).toBe(201);
    }
    await member.post('/api/journal/entries', { content: 'about the shepherd', scriptureReference: 'John 10:11' });

    const page1 = await member.get<Page>('/api/journal/entries?page=1&pageSize=2');
    expect(page1.body).toMatchObject({ total: 4, page: 1, pageSize: 2 });
    expect(page1.body.items.map((e) => e.content)).toEqual(['about the shepherd', 'third entry']);
    const page2 = await member.get<Page>('/api/journal/entries?page=2&pageSize=2');
    expect(page2.body.items.map((e) => e.content)).toEqual(['second entry', 'first (of three)']);

    expect((await member.get<Page>('/api/journal/entries?q=JOHN%2010')).body.items.map((e) => e.content)).toEqual(['about the shepherd']);
    expect((await member.get<Page>(`/api/journal/entries?q=${encodeURIComponent('mercy.*')}`)).body.total).toBe(1);
    expect((await member.get<Page>(`/api/journal/entries?q=${encodeURIComponent('(of')}`)).body.total).toBe(1);
    expect((await member.get<Page>('/api/journal/entries?q=.*')).body.items.map((e) => e.content)).toEqual(['second entry']);
    expect((await member.get<ProblemDetails>('/api/journal/entries?pageSize=500')).status).toBe(400);
  });

  it('edits and deletes an entry', async () => {
    const created = await ruth.post<JournalEntry>('/api/journal/entries', { content: 'To be changed' });

    const edited = await ruth.patch<JournalEntry>(`/api/journal/entries/${created.body.id}`, { content: 'Changed', isPrivate: false, mood: 'hopeful' });
    expect(edited.body).toMatchObject({ content: 'Changed', isPrivate: false, mood: 'hopeful' });

    expect((await ruth.delete(`/api/journal/entries/${created.body.id}`)).status).toBe(204);
    expect((await ruth.get(`/api/journal/entries/${created.body.id}`)).status).toBe(404);
    expect((await ruth.delete(`/api/journal/entries/${created.body.id}`)).status).toBe(404);
  });

  it("never shows, lists, changes or deletes another member's entry or draft: 404", async () => {
    const mine = await ruth.post<JournalEntry>('/api/journal/entries', { content: 'Only for me and God.' });
    const draft = await ruth.post<JournalEntry>('/api/journal/entries', { content: 'half a thought', draft: true });

    for (const id of [mine.body.id, draft.body.id]) {
      expect((await naomi.get(`/api/journal/entries/${id}`)).status).toBe(404);
      expect((await naomi.patch(`/api/journal/entries/${id}`, { content: 'mine now' })).status).toBe(404);
      expect((await naomi.post(`/api/journal/entries/${id}/insight`)).status).toBe(404);
      expect((await naomi.delete(`/api/journal/entries/${id}`)).status).toBe(404);
    }
    expect((await naomi.get<Page>('/api/journal/entries?q=Only%20for%20me')).body.total).toBe(0);
    expect((await naomi.get<Page>('/api/journal/entries?drafts=1')).body.total).toBe(0);
    expect((await ruth.get<JournalEntry>(`/api/journal/entries/${mine.body.id}`)).body.content).toBe('Only for me and God.');
    expect((await call('GET', '/api/journal/entries')).status).toBe(401);
  });

  it('publishes only ids and dates: the text stays in the journal database', async () => {
    const created = await ruth.post<JournalEntry>('/api/journal/entries', { content: 'A secret sorrow I tell no one.' });

    const published = await withServiceDb('formation', (db) => db.collection('events').find({ streamId: `journal-${created.body.id}` }).toArray());
    expect(published.map((e) => e.type)).toEqual(['formation.journal.entry-written']);
    expect(Object.keys(published[0].data).sort()).toEqual(['entryId', 'localDate', 'userId']);
    expect(JSON.stringify(published)).not.toContain('secret sorrow');
  });
});

describe('journal prompt, insight and stats', () => {
  it("returns today's prompt with a scripture, stable for the day, and new prompts that skip the last ten", async () => {
    const member = await UserSession.signUp();

    const today = await member.get<{ prompt: string; scripture: { reference: string; why: string } }>('/api/journal/prompt');
    expect(today.status).toBe(200);
    expect(today.body.prompt.length).toBeGreaterThan(10);
    expect(today.body.scripture.reference).toMatch(/\d/);
    expect((await member.get<{ prompt: string }>('/api/journal/prompt')).body.prompt).toBe(today.body.prompt);

    const seen = [today.body.prompt];
    for (let i = 0; i < 12; i++) {
      const next = await member.get<{ prompt: string }>('/api/journal/prompt?new=1');
      expect(seen.slice(-10)).not.toContain(next.body.prompt);
      seen.push(next.body.prompt);
    }
  });

  it('returns a built-in insight with a related scripture for an entry', async () => {
    const member = await UserSession.signUp();
    const created = await member.post<JournalEntry>('/api/journal/entries', {
      content: 'I have been so anxious about the new job and I keep worrying at night.',
      mood: 'reflective',
    });

    const res = await member.post<{ insight: string; scripture: { reference: string; why: string }; source: string }>(
      `/api/journal/entries/${created.body.id}/insight`,
    );

    expect(res.status).toBe(200);
    expect(res.body.scripture.reference).toBe('Philippians 4:6-7');
    expect(res.body.insight).toContain('worry and pressure');
    // The passage's reason is said once, beside it, not again inside the insight.
    expect(res.body.insight).not.toContain(res.body.scripture.why.replace(/^It /, ''));
    expect(res.body.source).toBe('built-in');
  });

  it('returns total entries, the writing streak and the words written this week, drafts excluded', async () => {
    const member = await UserSession.signUp();
    expect((await member.get('/api/journal/stats')).body).toEqual({ totalEntries: 0, writingStreak: 0, wordsThisWeek: 0 });

    await member.post('/api/journal/entries', { content: 'one two three' });
    await member.post('/api/journal/entries', { content: 'four five' });
    await member.post('/api/journal/entries', { content: 'not counted yet', draft: true });

    expect((await member.get('/api/journal/stats')).body).toEqual({ totalEntries: 2, writingStreak: 1, wordsThisWeek: 5 });
  });
});
