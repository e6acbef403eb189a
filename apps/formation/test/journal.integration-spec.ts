import type { NestFastifyApplication } from '@nestjs/platform-fastify';
import { EventStore } from '@abide/event-store';
import { MONGO_CONNECTION } from '@abide/platform';
import type { Connection } from 'mongoose';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { v7 as uuidv7 } from 'uuid';
import { JournalCommands } from '../src/journal/commands/journal-commands';
import { JournalInsightService } from '../src/journal/insight/journal-insight.service';
import { JOURNAL_STORE, journalFactStreamId, journalStreamId } from '../src/journal/journal-store';
import { JournalQueries } from '../src/journal/journal-queries';
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
  await app.close();
});

const fields = { content: 'A quiet sorrow I tell no one.', scriptureReference: 'Psalm 34:18', mood: 'reflective' as const, gratitude: 'My sister', isPrivate: true, draft: false };

describe('journal events', () => {
  it('keeps the text in the private journal store, publishes only ids and the date, and records the activity day', async () => {
    const userId = uuidv7();
    const id = await app.get(JournalCommands).create(userId, fields, { correlationId: 'it' });

    const facts = await app.get(EventStore).load(journalFactStreamId(id));
    expect(facts.map((e) => [e.type, e.data])).toEqual([['formation.journal.entry-written', { entryId: id, userId, localDate: '2026-03-04' }]]);
    expect(await db.collection('events').countDocuments({ 'data.content': { $exists: true } })).toBe(0);
    expect(await db.collection('activity_days').findOne({ userId, source: 'journal' })).toMatchObject({ date: '2026-03-04', ref: id });

    await app.get(JournalCommands).remove(userId, id, { correlationId: 'it' });
    expect((await app.get(EventStore).load(journalFactStreamId(id))).map((e) => e.type)).toEqual([
      'formation.journal.entry-written',
      'formation.journal.entry-deleted',
    ]);
    expect(await db.collection('activity_days').findOne({ userId, source: 'journal' })).toBeNull();
  });

  it('forgets the words on account deletion: read model purged, private events erased', async () => {
    const userId = uuidv7();
    const id = await app.get(JournalCommands).create(userId, fields, { correlationId: 'it' });

    await app.get(JournalCommands).purge(userId);

    await expect(app.get(JournalQueries).get(userId, id)).rejects.toMatchObject({ status: 404 });
    const [saved] = await app.get<EventStore>(JOURNAL_STORE).load(journalStreamId(id));
    expect(saved.data).toMatchObject({ content: '[erased]', scriptureReference: '[erased]', gratitude: '[erased]' });
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
    answer = chat(JSON.stringify({ insight: 'Your words carry worry; God invites you to cast it on him tonight. What will you hand over?', scripture: { reference: '1 pet 5:7', why: 'It invites us to cast every care on God.' } }));

    const res = await sut().insightFor(entry);

    expect(res).toEqual({
      source: 'assistant',
      insight: 'Your words carry worry; God invites you to cast it on him tonight. What will you hand over?',
      scripture: { reference: '1 Peter 5:7', why: 'It invites us to cast every care on God.' },
    });
    expect(requests.at(-1)).toMatchObject({ path: '/v1/chat/completions', auth: 'Bearer test-key', body: { model: 'fake' } });
  });

  it.each([
    ['an error status', (res: import('node:http').ServerResponse) => res.writeHead(500).end('boom')],
    ['text that is not JSON', chat('Sure! Here is an insight for you.')],
    ['JSON of the wrong shape', chat(JSON.stringify({ insight: 'short' }))],
    ['a scripture that does not exist', chat(JSON.stringify({ insight: 'A long enough reflection for the member to read.', scripture: { reference: 'Hezekiah 3:1', why: 'Because.' } }))],
    ['no answer in time', () => undefined],
  ])('falls back to the built-in insight on %s', async (_label, reply) => {
    answer = reply as typeof answer;

    const res = await sut().insightFor(entry);

    expect(res.source).toBe('built-in');
    expect(res.scripture?.reference).toBe('Philippians 4:6-7');
  });
});
