import type { GroupSummary, JournalEntry, PrayerRequest } from '@abide/contracts';
import { databaseFiles, eventually, filesHolding, topicFiles, UserSession, withServiceDb } from '@abide/testing';
import { randomBytes } from 'node:crypto';
import { readdirSync } from 'node:fs';
import path from 'node:path';

/** A phrase no one else writes, so finding it anywhere means it came from this test. */
const markerPhrase = () => `quiet grief ${randomBytes(6).toString('hex')}`;
const namespace = () => process.env.E2E_NAMESPACE ?? 'abide_test';

/** The services' logs of this test stack. */
const logFiles = () => {
  const dir = process.env.E2E_LOG_DIR ?? '';
  return readdirSync(dir).map((name) => path.join(dir, name));
};

type Export = { formation: { journalEntries: JournalEntry[] }; community: { prayerRequests: Array<{ text: string }> } };

const dataKeyOf = (service: 'formation' | 'community', userId: string) =>
  withServiceDb(`${service}_keys`, (db) => db.collection('member_keys').findOne({ _id: userId as never }));

describe('private text at rest, through the API', () => {
  it('a member’s journal entry and prayer request work as before for them and their group, and reach no database file, Kafka segment or log in the clear', async () => {
    const [ruth, naomi] = await Promise.all([UserSession.signUp({ name: 'Ruth' }), UserSession.signUp({ name: 'Naomi' })]);
    const [journalWords, prayerWords] = [markerPhrase(), markerPhrase()];
    const group = (await naomi.post<GroupSummary>('/api/groups', { name: 'Bethlehem circle' })).body;
    expect((await ruth.post(`/api/groups/${group.id}/join`)).status).toBeLessThan(300);

    const entry = await ruth.post<JournalEntry>('/api/journal/entries', { content: `Tonight, ${journalWords}.`, gratitude: 'Naomi' });
    const prayer = await ruth.post<PrayerRequest>(`/api/groups/${group.id}/prayers`, { text: `Please pray: ${prayerWords}` });

    expect(entry.status).toBe(201);
    expect(prayer.status).toBe(201);
    expect((await ruth.get<{ items: JournalEntry[] }>(`/api/journal/entries?q=${encodeURIComponent(journalWords)}`)).body.items).toEqual([
      expect.objectContaining({ id: entry.body.id, content: `Tonight, ${journalWords}.`, gratitude: 'Naomi' }),
    ]);
    expect((await naomi.get<PrayerRequest[]>(`/api/groups/${group.id}/prayers`)).body).toEqual([
      expect.objectContaining({ id: prayer.body.id, text: `Please pray: ${prayerWords}`, authorName: 'Ruth' }),
    ]);
    const exported = (await ruth.get<Export>('/api/account/export')).body;
    expect(exported.formation.journalEntries.map((e) => e.content)).toEqual([`Tonight, ${journalWords}.`]);
    expect(exported.community.prayerRequests.map((p) => p.text)).toEqual([`Please pray: ${prayerWords}`]);

    const prayerTopic = `${namespace()}.community.prayer.v1`;
    // On the topic once the outbox relay has published it (its id travels in the clear).
    await eventually(async () => (filesHolding(topicFiles(prayerTopic), prayer.body.id).length > 0 ? true : undefined));
    const files = [...databaseFiles(`${namespace()}_`), ...topicFiles(prayerTopic)];
    expect(filesHolding(files, entry.body.id).length).toBeGreaterThan(0);
    for (const words of [journalWords, prayerWords]) expect(filesHolding(files, words)).toEqual([]);
    // The logs have this member's requests (the entry's id is in a URL) and none of the words, searched for or written.
    expect((await ruth.get(`/api/journal/entries/${entry.body.id}`)).status).toBe(200);
    await eventually(async () => (filesHolding(logFiles(), entry.body.id).length > 0 ? true : undefined));
    for (const words of [journalWords, prayerWords, encodeURIComponent(journalWords)]) expect(filesHolding(logFiles(), words)).toEqual([]);
  });

  it('deleting the account destroys the member’s data keys in formation and community; the group keeps its other prayers', async () => {
    const [leaving, staying] = await Promise.all([UserSession.signUp({ name: 'Orpah' }), UserSession.signUp({ name: 'Boaz' })]);
    const group = (await staying.post<GroupSummary>('/api/groups', { name: 'Gleaners' })).body;
    expect((await leaving.post(`/api/groups/${group.id}/join`)).status).toBeLessThan(300);
    await leaving.post('/api/journal/entries', { content: 'Going home to Moab.' });
    await leaving.post(`/api/groups/${group.id}/prayers`, { text: 'For the road back' });
    const kept = await staying.post<PrayerRequest>(`/api/groups/${group.id}/prayers`, { text: 'For the harvest' });
    expect(await dataKeyOf('formation', leaving.user.id)).toHaveProperty('wrapped');
    expect(await dataKeyOf('community', leaving.user.id)).toHaveProperty('wrapped');

    expect((await leaving.post('/api/account/delete', { password: leaving.password })).status).toBe(204);

    for (const service of ['formation', 'community'] as const) {
      await eventually(async () => ((await dataKeyOf(service, leaving.user.id))?.destroyedAt ? true : undefined));
      expect(await dataKeyOf(service, leaving.user.id)).not.toHaveProperty('wrapped');
    }
    expect((await staying.get<PrayerRequest[]>(`/api/groups/${group.id}/prayers`)).body.map((p) => [p.id, p.text])).toEqual([
      [kept.body.id, 'For the harvest'],
    ]);
    expect(await dataKeyOf('community', staying.user.id)).toHaveProperty('wrapped');
    // The keys live in each service's key store, a database apart from the data its backups hold.
    for (const service of ['formation', 'community'] as const) {
      expect(await withServiceDb(service, (db) => db.collection('member_keys').countDocuments({}))).toBe(0);
    }

    // A write with the access token issued before (still valid for minutes), seen 2 s after the deletion: refused,
    // and no new key is made for the erased member.
    await new Promise((resolve) => setTimeout(resolve, 2000));
    const entry = await leaving.post('/api/journal/entries', { content: 'One more thing.' });
    expect(entry.status).toBe(401);
    expect(entry.headers.get('content-type')).toContain('application/problem+json');
    expect(entry.body).toMatchObject({ detail: 'This account has been deleted.' });
    // They left the group with their account: refused before anything is sealed.
    const prayer = await leaving.post(`/api/groups/${group.id}/prayers`, { text: 'One more prayer' });
    expect(prayer.status).toBeGreaterThanOrEqual(400);
    expect(prayer.status).toBeLessThan(500);
    for (const service of ['formation', 'community'] as const) {
      expect(await dataKeyOf(service, leaving.user.id)).toEqual({ _id: leaving.user.id, destroyedAt: expect.any(Date) });
    }
  });
});
