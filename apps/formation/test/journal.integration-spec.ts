import { errorCodes } from '@abide/contracts';
import type { NestFastifyApplication } from '@nestjs/platform-fastify';
import { EventStore, ProjectionRunner } from '@abide/event-store';
import { MONGO_CONNECTION } from '@abide/platform';
import type { Connection } from 'mongoose';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { v7 as uuidv7 } from 'uuid';
import { JournalCommands } from '../src/journal/commands/journal.commands';
import { JournalInsightService } from '../src/journal/insight/journal-insight.service';
import { JOURNAL_STORE, journalFactStreamId, journalStreamId } from '../src/journal/journal-store';
import { JournalQueries } from '../src/journal/journal.queries';
import { JournalTexts } from '../src/journal/journal-texts';
import { JournalListProjection } from '../src/journal/projections/journal-list.projection';
import { ActivityCalendarProjection } from '../src/stats/projections/activity-calendar.projection';
import { startFormation } from './formation-app.stub';

const clock = { now: new Date('2026-03-04T15:00:00Z') };
let app: NestFastifyApplication;
let db: Connection;

beforeAll(async () => {
  app = await startFormation(clock);
  db = app.get<Connection>(MONGO_CONNECTION);
});
afterAll(async () => {
  await db.dropDatabase();
  await db.useDb(`${db.name}_journal`).dropDatabase();
  await db.useDb(`${db.name}_keys`).dropDatabase();
  await app.close();
});

/** The member's journal days as the nudges and My Plan's streak see them (each entry once, with its day). */
const journalDays = async (userId: string) =>
  (await app.get(ActivityCalendarProjection).between([userId], '2026-01-01', '2026-12-31')).filter((a) => a.source === 'journal');

const fields = {
  content: 'A quiet sorrow I tell no one.',
  scriptureReference: 'Psalm 34:18',
  mood: 'reflective' as const,
  gratitude: 'My sister',
  isPrivate: true,
  draft: false,
};

describe('journal events', () => {
  it('keeps the text in the private journal store, publishes only ids and the date, and records the activity day', async () => {
    const userId = uuidv7();
    const id = await app.get(JournalCommands).create(userId, fields, { correlationId: 'it' });

    const facts = await app.get(EventStore).load(journalFactStreamId(id));
    expect(facts.map((e) => [e.type, e.data])).toEqual([
      ['formation.journal.entry-written', { entryId: id, userId, localDate: '2026-03-04' }],
    ]);
    expect(await db.collection('events').countDocuments({ 'data.content': { $exists: true } })).toBe(0);
    expect(await journalDays(userId)).toEqual([{ userId, date: '2026-03-04', source: 'journal', ref: id }]);

    await app.get(JournalCommands).remove(userId, id, { correlationId: 'it' });
    expect((await app.get(EventStore).load(journalFactStreamId(id))).map((e) => e.type)).toEqual([
      'formation.journal.entry-written',
      'formation.journal.entry-deleted',
    ]);
    expect(await journalDays(userId)).toEqual([]);
  });

  it('answers a new entry from its event exactly as a read of it shows it, drafts too', async () => {
    const userId = uuidv7();
    const commands = app.get(JournalCommands);
    const queries = app.get(JournalQueries);

    for (const draft of [false, true]) {
      const { entryId, saved } = await commands.createEntry(userId, { ...fields, draft }, { correlationId: 'it' });
      expect(saved?.version).toBe(1);
      expect(await queries.created(userId, entryId, saved)).toEqual(await queries.get(userId, entryId));
    }
    // A draft publishes no fact (decided on the fact stream as read, never on one assumed empty).
    expect((await journalDays(userId)).length).toBe(1);
  });

  it('publishes the facts of the state the entry ends in when its edits and its removal race', async () => {
    const userId = uuidv7();
    const commands = app.get(JournalCommands);
    const id = await commands.create(userId, fields, { correlationId: 'it' });

    const results = await Promise.allSettled([
      commands.update(userId, id, { content: 'Edited in one tab' }, { correlationId: 'it' }),
      commands.remove(userId, id, { correlationId: 'it' }),
      commands.update(userId, id, { content: 'Edited in another' }, { correlationId: 'it' }),
    ]);

    // An edit that came after the removal finds no entry (404); nothing else fails.
    for (const result of results) if (result.status === 'rejected') expect(result.reason).toMatchObject({ code: errorCodes.notFound });
    const facts = await app.get(EventStore).load(journalFactStreamId(id));
    expect(facts.map((e) => e.type)).toEqual(['formation.journal.entry-written', 'formation.journal.entry-deleted']);
    expect(await journalDays(userId)).toEqual([]);
  });

  it('forgets the words on account deletion: read models purged, the sealed events unreadable', async () => {
    const userId = uuidv7();
    const id = await app.get(JournalCommands).create(userId, fields, { correlationId: 'it' });

    await app.get(JournalCommands).purge(userId);

    await expect(app.get(JournalQueries).get(userId, id)).rejects.toMatchObject({ status: 404 });
    expect(
      await db
        .useDb(`${db.name}_journal`)
        .collection('journal_lists_ordered')
        .findOne({ _id: userId as never }),
    ).toBeNull();
    const [saved] = await app.get<EventStore>(JOURNAL_STORE).load(journalStreamId(id));
    expect(
      saved.type === 'formation.journal.entry-saved' && (await app.get(JournalTexts).openEntry(userId, id, saved.data.sealedText)),
    ).toBeNull();
  });
});

describe('the journal list (one document per member)', () => {
  const meta = { correlationId: 'it' };
  const page = { page: 1, pageSize: 10, drafts: false };

  it("lists, searches and counts right after each create, edit and delete, only the member's own entries", async () => {
    const [userId, other] = [uuidv7(), uuidv7()];
    const commands = app.get(JournalCommands);
    const queries = app.get(JournalQueries);
    const first = await commands.create(userId, { ...fields, content: 'Morning light over the hills' }, meta);
    const second = await commands.create(userId, { ...fields, content: 'Evening rest', gratitude: 'Quiet hills' }, meta);
    const draft = await commands.create(userId, { ...fields, content: 'Half a thought', draft: true }, meta);
    await commands.create(other, { ...fields, content: 'Not yours: hills' }, meta);

    expect((await queries.list(userId, page)).items.map((e) => e.id)).toEqual([second, first]);
    expect((await queries.list(userId, { ...page, drafts: true })).items.map((e) => e.id)).toEqual([draft]);
    expect((await queries.list(userId, { ...page, q: 'HILLS' })).total).toBe(2);
    expect(await queries.stats(userId)).toEqual({ totalEntries: 2, writingStreak: 1, wordsThisWeek: 7 });

    await commands.update(userId, first, { content: 'Morning light' }, meta);
    const edited = await queries.list(userId, { ...page, q: 'hills' });
    expect(edited.items.map((e) => e.id)).toEqual([second]);
    expect((await queries.list(userId, page)).items[1]).toEqual(await queries.get(userId, first));
    expect((await queries.list(userId, page)).items[1]).toMatchObject({ content: 'Morning light', wordCount: 2 });

    await commands.update(userId, draft, { draft: false }, meta);
    await commands.remove(userId, second, meta);
    expect((await queries.list(userId, page)).items.map((e) => e.id)).toEqual([draft, first]);
    expect((await queries.list(userId, { ...page, drafts: true })).total).toBe(0);
    expect(await queries.stats(userId)).toEqual({ totalEntries: 2, writingStreak: 1, wordsThisWeek: 5 });
    expect((await queries.exportFor(userId)).map((e) => e.id)).toEqual([first, draft]);
  });

  it('is filled from the entries already in the private log at the first start that has it', async () => {
    const userId = uuidv7();
    const commands = app.get(JournalCommands);
    const kept = await commands.create(userId, { ...fields, content: 'Written before the list existed' }, meta);
    const gone = await commands.create(userId, { ...fields, content: 'Deleted before the list existed' }, meta);
    await commands.remove(userId, gone, meta);
    const before = await app.get(JournalQueries).list(userId, page);
    // As before the list was added: no documents, and no record that it was ever filled.
    const lists = app.get(JournalListProjection);
    await lists.reset();
    await db
      .useDb(`${db.name}_journal`)
      .collection('projection_builds')
      .deleteOne({ _id: lists.name as never });
    expect((await app.get(JournalQueries).list(userId, page)).total).toBe(0);

    const runner = new ProjectionRunner(app.get<EventStore>(JOURNAL_STORE), [lists]);
    await runner.onApplicationBootstrap();
    runner.onApplicationShutdown();

    const after = await app.get(JournalQueries).list(userId, page);
    expect(after.items.map((e) => e.id)).toEqual([kept]);
    expect(after).toEqual(before);
    expect(await app.get<EventStore>(JOURNAL_STORE).projectionBuilt(lists.name)).toBe(true);
  });
});

describe(JournalInsightService.name, () => {
  let server: Server;
  let url: string;
  let answer: (res: import('node:http').ServerResponse) => void;
  const requests: unknown[] = [];
  const entry = { content: 'I have been so anxious about the new job.', mood: 'reflective', gratitude: null, scriptureReference: null };
  const sut = () => new JournalInsightService({ url, key: 'test-key', model: 'fake', timeoutMs: 500 });
  const chat = (content: string) => (res: import('node:http').ServerResponse) =>
    res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify({ choices: [{ message: { content } }] }));

  beforeAll(async () => {
    server = createServer((req, res) => {
      let body = '';
      req.on('data', (c) => (body += c));
      req.on('end', () => {
        requests.push({ path: req.url, auth: req.headers.authorization, body: JSON.parse(body) });
        answer(res);
      });
    });
    await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
    url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/v1`;
  });
  afterAll(() => new Promise<void>((r) => server.close(() => r())));

  it('returns the assistant insight when it answers valid JSON, with the reference normalised', async () => {
    answer = chat(
      JSON.stringify({
        insight: 'Your words carry worry; God invites you to cast it on him tonight. What will you hand over?',
        scripture: { reference: '1 pet 5:7', why: 'It invites us to cast every care on God.' },
      }),
    );

    const res = await sut().insightFor(entry);

    expect(res).toEqual({
      source: 'assistant',
      insight: 'Your words carry worry; God invites you to cast it on him tonight. What will you hand over?',
      scripture: { reference: '1 Peter 5:7', why: 'It invites us to cast every care on God.' },
    });
    expect(requests.at(-1)).toMatchObject({ path: '/v1/chat/completions', auth: 'Bearer test-key', body: { model: 'fake' } });
  });

  it("sends the entry's own text and what was read in it (people, subjects, scripture), so the answer can be grounded", async () => {
    answer = chat(
      JSON.stringify({
        insight: 'Peter was called at his nets, and you at your desk. What might that call sound like tomorrow?',
        scripture: { reference: 'Luke 5:10-11', why: 'It tells how Jesus called fishermen from their work.' },
      }),
    );

    await sut().insightFor({
      content: "Read about <b>Peter's call</b> in Luke 5:1-11. I wonder what that call means at my work.",
      mood: null,
      gratitude: null,
      scriptureReference: null,
    });

    const sent = JSON.parse((requests.at(-1) as { body: { messages: Array<{ content: string }> } }).body.messages[1].content);
    expect(sent.entry).toBe("Read about Peter's call in Luke 5:1-11. I wonder what that call means at my work.");
    expect(sent.reading).toMatchObject({ people: ['Peter'], scriptureInEntry: ['Luke 5:1-11'] });
    expect(sent.reading.subjects).toEqual(expect.arrayContaining(["Peter's call", 'your work']));
  });

  it.each([
    [
      'a sentence said twice',
      chat(
        JSON.stringify({
          insight: 'Your plans matter to God. Your plans matter to God. What will you trust him with?',
          scripture: { reference: 'Proverbs 3:5-6', why: 'It invites trust.' },
        }),
      ),
    ],
    [
      'the insight said again as the reason',
      chat(
        JSON.stringify({
          insight: 'Bring every worry to God tonight. What will you hand over?',
          scripture: { reference: '1 Peter 5:7', why: 'Bring every worry to God tonight.' },
        }),
      ),
    ],
    ['an error status', (res: import('node:http').ServerResponse) => res.writeHead(500).end('boom')],
    ['text that is not JSON', chat('Sure! Here is an insight for you.')],
    ['JSON of the wrong shape', chat(JSON.stringify({ insight: 'short' }))],
    [
      'a scripture that does not exist',
      chat(
        JSON.stringify({
          insight: 'A long enough reflection for the member to read.',
          scripture: { reference: 'Hezekiah 3:1', why: 'Because.' },
        }),
      ),
    ],
    ['no answer in time', () => undefined],
  ])('falls back to the built-in insight on %s', async (_label, reply) => {
    answer = reply as typeof answer;

    const res = await sut().insightFor(entry);

    expect(res.source).toBe('built-in');
    expect(res.scripture?.reference).toBe('Philippians 4:6-7');
  });
});
