import type { NestFastifyApplication } from '@nestjs/platform-fastify';
import { ERASED, eventKey, EventStore, type ProjectionRunner } from '@abide/event-store';
import {
  addMasterKeyVersion,
  FileKeyProvider,
  KEY_PROVIDER,
  KEY_STORE,
  type KeyProvider,
  type KeyStore,
  MEMBER_KEYS_COLLECTION,
  MemberKeys,
  MONGO_CONNECTION,
  PrivateText,
  retireMasterKeyVersion,
  rewrapDataKeys,
  SealedTextError,
  sealedField,
} from '@abide/platform';
import { databaseFiles, filesHolding } from '@abide/testing';
import type { Connection } from 'mongoose';
import { randomBytes } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { v7 as uuidv7 } from 'uuid';
import { JournalCommands } from '../src/journal/commands/journal.commands';
import { JOURNAL_PROJECTIONS, JOURNAL_STORE, journalStreamId } from '../src/journal/journal-store';
import { JournalQueries } from '../src/journal/journal.queries';
import { sealStoredJournalText } from '../src/journal/journal-text-sealing.migration';
import { JournalTexts } from '../src/journal/journal-texts';
import { FormationMigrations } from '../src/formation.migration';
import { JournalListProjection } from '../src/journal/projections/journal-list.projection';
import { JournalEntryProjection } from '../src/journal/projections/journal-entry.projection';
import { startFormation } from './formation-app.stub';

const clock = { now: new Date('2026-03-04T15:00:00Z') };
let app: NestFastifyApplication;
let db: Connection;
let journalDb: Connection;
let keysDb: Connection;
const meta = { correlationId: 'it' };
const page = { page: 1, pageSize: 10, drafts: false };

beforeAll(async () => {
  app = await startFormation(clock);
  db = app.get<Connection>(MONGO_CONNECTION);
  journalDb = db.useDb(`${db.name}_journal`);
  keysDb = app.get<KeyStore>(KEY_STORE).connection;
});
afterAll(async () => {
  await db.dropDatabase();
  await journalDb.dropDatabase();
  await keysDb.dropDatabase();
  await app.close();
});

/** A phrase no one else writes, so finding it anywhere means it came from this test. */
const markerPhrase = () => `hidden sorrow ${randomBytes(6).toString('hex')}`;

const entry = (content: string, extra: Partial<{ gratitude: string | null; draft: boolean }> = {}) => ({
  content,
  scriptureReference: 'Psalm 34:18',
  mood: 'reflective' as const,
  gratitude: null,
  isPrivate: true,
  draft: false,
  ...extra,
});

/** The sealed words of an entry's first `entry-saved` as the private log stores them on disk. */
const entryWords = (entryId: string) => sealedField('journal-entry', entryId, 'words');

const storedSealedText = async (entryId: string): Promise<string> => {
  const doc = await journalDb.collection('events').findOne({ _id: eventKey(journalStreamId(entryId), 1) as never });
  return (doc?.data as { sealedText: string }).sealedText;
};

describe('journal text at rest', () => {
  it('writes an entry, a draft and a gratitude to none of formation’s database files, and still lists, searches, opens and exports them for their author', async () => {
    const userId = uuidv7();
    const [phrase, thanks, unfinished] = [markerPhrase(), markerPhrase(), markerPhrase()];
    const commands = app.get(JournalCommands);
    const queries = app.get(JournalQueries);
    const id = await commands.create(userId, entry(`Tonight: ${phrase}.`, { gratitude: `For ${thanks}` }), meta);
    const draft = await commands.create(userId, entry(`Not yet: ${unfinished}`, { draft: true }), meta);
    await commands.update(userId, id, { content: `Tonight, again: ${phrase}.` }, meta);

    expect((await queries.list(userId, { ...page, q: phrase.toUpperCase() })).items.map((e) => [e.id, e.content, e.gratitude])).toEqual([
      [id, `Tonight, again: ${phrase}.`, `For ${thanks}`],
    ]);
    expect((await queries.list(userId, { ...page, q: thanks })).total).toBe(1);
    expect((await queries.list(userId, { ...page, drafts: true, q: unfinished })).items.map((e) => e.id)).toEqual([draft]);
    expect(await queries.get(userId, draft)).toMatchObject({ content: `Not yet: ${unfinished}`, draft: true });
    expect((await queries.exportFor(userId)).map((e) => e.content)).toEqual([`Tonight, again: ${phrase}.`, `Not yet: ${unfinished}`]);
    expect(await queries.stats(userId)).toMatchObject({ totalEntries: 1 });

    const files = databaseFiles(db.name);
    expect(files.filter((f) => f.endsWith('_journal.sqlite') || f.endsWith('_journal.sqlite-wal')).length).toBeGreaterThan(0);
    // The scan sees what was written: the entry's id is stored in the clear.
    expect(filesHolding(files, id).length).toBeGreaterThan(0);
    for (const words of [phrase, thanks, unfinished]) expect(filesHolding(files, words)).toEqual([]);
  });

  it('keeps nothing in the clear in the stream heads either (the snapshots hold the sealed words)', async () => {
    const userId = uuidv7();
    const phrase = markerPhrase();
    const id = await app.get(JournalCommands).create(userId, entry(phrase), meta);

    const head = await journalDb.collection('streams').findOne({ _id: journalStreamId(id) as never });

    expect(head?.snapshot).toBeTruthy();
    expect(JSON.stringify(head)).not.toContain(phrase);
  });

  it('after the author erases their account, their stored ciphertext can no longer be opened, while another member’s still can', async () => {
    const [leaving, staying] = [uuidv7(), uuidv7()];
    const [theirs, mine] = [markerPhrase(), markerPhrase()];
    const commands = app.get(JournalCommands);
    const gone = await commands.create(leaving, entry(theirs), meta);
    const kept = await commands.create(staying, entry(mine), meta);
    const [goneSealed, keptSealed] = [await storedSealedText(gone), await storedSealedText(kept)];

    await commands.purge(leaving);

    // The ciphertext is still in the log (and in every backup and copy of it): it is its key that is gone.
    expect(await storedSealedText(gone)).toBe(goneSealed);
    const texts = app.get(PrivateText);
    expect(await texts.open(leaving, goneSealed, entryWords(gone))).toBeNull();
    // Another instance, or a restored backup of this database, starts with no key in memory: no better.
    const cold = new PrivateText(new MemberKeys(keysDb, app.get<KeyProvider>(KEY_PROVIDER)));
    expect(await cold.open(leaving, goneSealed, entryWords(gone))).toBeNull();
    expect(await keysDb.collection(MEMBER_KEYS_COLLECTION).findOne({ _id: leaving as never })).toEqual({
      _id: leaving,
      destroyedAt: expect.any(Date),
    });
    expect(JSON.parse((await cold.open(staying, keptSealed, entryWords(kept))) ?? '{}')).toMatchObject({ content: mine });
    expect((await app.get(JournalQueries).list(staying, { ...page, q: mine })).items.map((e) => e.id)).toEqual([kept]);
    // A token issued before the erasure still reaches the service: it writes nothing, and no new key is made.
    await expect(commands.create(leaving, entry('after the end'), meta)).rejects.toMatchObject({ status: 401 });
    expect(await keysDb.collection(MEMBER_KEYS_COLLECTION).findOne({ _id: leaving as never })).not.toHaveProperty('wrapped');
  });
});

describe('a backup taken before an erasure', () => {
  let own: NestFastifyApplication;
  let dir: string;
  let keyFile: string;

  beforeAll(async () => {
    // A master key of this test's own: it is rotated and retired here.
    dir = await mkdtemp(path.join(tmpdir(), 'abide-backup-'));
    keyFile = path.join(dir, 'formation.key');
    own = await startFormation(clock, undefined, { MASTER_KEY_FILE: keyFile, MASTER_KEY_CREATE: 'true' });
  });
  afterAll(async () => {
    const service = own.get<Connection>(MONGO_CONNECTION);
    for (const name of ['', '_journal', '_keys', '_backup']) await service.useDb(`${service.name}${name}`).dropDatabase();
    await own.close();
    await rm(dir, { recursive: true, force: true });
  });

  it('cannot be opened once the member is erased and the master key version that wrapped the backup’s keys is retired', async () => {
    const [leaving, staying] = [uuidv7(), uuidv7()];
    const [theirs, mine] = [markerPhrase(), markerPhrase()];
    const commands = own.get(JournalCommands);
    const gone = await commands.create(leaving, entry(theirs), meta);
    const kept = await commands.create(staying, entry(mine), meta);
    const service = own.get<Connection>(MONGO_CONNECTION);
    const liveKeys = own.get<KeyStore>(KEY_STORE).connection;
    // The key store is a database of its own: the service's and the journal's hold no key.
    expect(liveKeys.name).toBe(`${service.name}_keys`);
    for (const data of [service, service.useDb(`${service.name}_journal`)]) {
      expect(await data.collection(MEMBER_KEYS_COLLECTION).countDocuments({})).toBe(0);
    }

    // The backup: the journal's events and, against the advice, a copy of the key store taken with them.
    const backup = service.useDb(`${service.name}_backup`);
    for (const [from, collection] of [
      [service.useDb(`${service.name}_journal`), 'events'],
      [liveKeys, MEMBER_KEYS_COLLECTION],
    ] as const) {
      await backup.collection(collection).insertMany(await from.collection(collection).find({}).toArray());
    }
    const backedUp = async (entryId: string) =>
      ((await backup.collection('events').findOne({ _id: eventKey(journalStreamId(entryId), 1) as never }))?.data as { sealedText: string })
        .sealedText;
    const openBackup = async (provider: KeyProvider, userId: string, entryId: string) =>
      new PrivateText(new MemberKeys(backup, provider)).open(userId, await backedUp(entryId), entryWords(entryId));
    await commands.purge(leaving);
    // What the finding was: erased, yet that copy and the key file open the words, until the procedure below.
    expect(await openBackup(own.get<KeyProvider>(KEY_PROVIDER), leaving, gone)).toContain(theirs);

    // The operator's procedure: a new master key version, every live key re-wrapped under it, the old one retired.
    await addMasterKeyVersion(keyFile);
    await rewrapDataKeys(liveKeys, await FileKeyProvider.open(keyFile, { create: false }));
    await retireMasterKeyVersion(keyFile, liveKeys, 1);

    const today = await FileKeyProvider.open(keyFile, { create: false });
    await expect(openBackup(today, leaving, gone)).rejects.toThrow(SealedTextError);
    await expect(openBackup(today, leaving, gone)).rejects.toThrow(/not by any version of file/);
    // With what remains live, the erased member's words do not open either; the member who stayed keeps theirs.
    const live = new PrivateText(new MemberKeys(liveKeys, today));
    expect(await live.open(leaving, await backedUp(gone), entryWords(gone))).toBeNull();
    expect(JSON.parse((await live.open(staying, await backedUp(kept), entryWords(kept))) ?? '{}')).toMatchObject({ content: mine });
    expect((await own.get(JournalQueries).list(staying, { ...page, q: mine })).items.map((e) => e.id)).toEqual([kept]);
  });
});

describe(sealStoredJournalText.name, () => {
  const store = () => app.get<EventStore>(JOURNAL_STORE);
  const quiet = { log: () => undefined, warn: () => undefined };
  const seal = () => sealStoredJournalText(store(), app.get(JournalTexts), quiet);

  /** An `entry-saved` as the first version stored it: its words in the clear. */
  const storeV1 = async (userId: string, words: { content: string; gratitude: string | null; scriptureReference: string | null }) => {
    const entryId = uuidv7();
    const streamId = journalStreamId(entryId);
    await store().events.collection.insertOne({
      _id: eventKey(streamId, 1),
      id: uuidv7(),
      type: 'formation.journal.entry-saved',
      schemaVersion: 1,
      streamId,
      version: 1,
      occurredAt: new Date('2026-03-01T08:00:00Z'),
      subjectId: userId,
      correlationId: 'legacy',
      causationId: null,
      data: { entryId, userId, draft: false, mood: null, isPrivate: true, localDate: '2026-03-01', timeZone: 'UTC', ...words },
    } as never);
    await store().heads.updateOne(
      { _id: streamId },
      { $set: { version: 1, snapshot: null, snapshotOf: null, subjectId: userId, updatedAt: new Date() } },
      { upsert: true },
    );
    return entryId;
  };

  it('seals the words of entries stored in the clear, in place, leaving those erased with their account as they were', async () => {
    const [member, erased] = [uuidv7(), uuidv7()];
    const phrase = markerPhrase();
    const legacy = await storeV1(member, { content: `Old words: ${phrase}`, gratitude: 'Old friends', scriptureReference: 'John 3:16' });
    const wiped = await storeV1(erased, { content: ERASED, gratitude: ERASED, scriptureReference: ERASED });

    // Before: read through the upcaster, and rebuilt read models seal what they keep.
    const projections = app.get<ProjectionRunner>(JOURNAL_PROJECTIONS);
    await projections.rebuild(app.get(JournalEntryProjection).name);
    const view = await journalDb.collection('journal_entries').findOne({ _id: legacy as never });
    expect(view?.sealedText).toMatch(/^pt1\./);

    expect(await seal()).toBe(1);

    const [sealed, untouched] = await Promise.all(
      [legacy, wiped].map((id) => store().events.collection.findOne({ _id: eventKey(journalStreamId(id), 1) as never })),
    );
    expect(sealed).toMatchObject({ schemaVersion: 2, data: { entryId: legacy, sealedText: expect.stringMatching(/^pt1\./) } });
    expect(sealed?.data).not.toHaveProperty('content');
    expect(JSON.stringify(sealed)).not.toContain(phrase);
    expect(JSON.parse((await app.get(PrivateText).open(member, sealed?.data.sealedText, entryWords(legacy))) ?? '{}')).toEqual({
      content: `Old words: ${phrase}`,
      scriptureReference: 'John 3:16',
      gratitude: 'Old friends',
    });
    expect(untouched).toMatchObject({ schemaVersion: 1, data: { content: ERASED } });
    await projections.rebuild(app.get(JournalListProjection).name);
    expect((await app.get(JournalQueries).list(member, { ...page, q: phrase })).items.map((e) => [e.id, e.gratitude])).toEqual([
      [legacy, 'Old friends'],
    ]);
    expect((await app.get(JournalQueries).list(erased, page)).total).toBe(0);
    expect(await seal()).toBe(0);
  });

  it('runs at every start until one finds nothing left to seal', async () => {
    const markers = db.collection('formation_migrations');
    await markers.deleteOne({ _id: 'journal-text-sealed' as never });
    await storeV1(uuidv7(), { content: 'Written by an older instance during the rollout', gratitude: null, scriptureReference: null });

    await app.get(FormationMigrations).onApplicationBootstrap();
    expect(await markers.findOne({ _id: 'journal-text-sealed' as never })).toBeNull();
    await app.get(FormationMigrations).onApplicationBootstrap();
    expect(await markers.findOne({ _id: 'journal-text-sealed' as never })).not.toBeNull();
  });
});
