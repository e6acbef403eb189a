import type { NestFastifyApplication } from '@nestjs/platform-fastify';
import type { AuthUser } from '@abide/auth';
import { topics } from '@abide/contracts';
import { ERASED, eventKey, EventStore } from '@abide/event-store';
import { consumeTopic, createTopics, deleteTopics, uniqueName } from '@abide/messaging/src/testing/test-engines';
import { KEY_STORE, type KeyStore, MONGO_CONNECTION, PrivateText, SealedTextError } from '@abide/platform';
import { databaseFiles, filesHolding, topicFiles } from '@abide/testing';
import type { Connection } from 'mongoose';
import { randomBytes } from 'node:crypto';
import { v7 as uuidv7 } from 'uuid';
import { AccountExportController } from '../src/account/account-export.controller';
import { ActivityEvents } from '../src/member-events/activity-events';
import { GroupCommands } from '../src/groups/commands/group.commands';
import { MemberDeparture } from '../src/account/member-departure';
import { PrayerCommands, prayerStreamId } from '../src/prayers/commands/prayer.commands';
import { PrayerQueries } from '../src/prayers/prayer.queries';
import { sealStoredPrayerText } from '../src/prayers/prayer-text-sealing.migration';
import { PrayerTexts } from '../src/prayers/prayer-texts';
import { envelope, startCommunity } from './community-app.stub';

// The outbox relay names topics by KAFKA_TOPIC_PREFIX as it publishes: this run's own, restored afterwards.
const prefix = `${uniqueName('prayers_it')}.`;
const prayerTopic = `${prefix}${topics.communityPrayer}`;
const ownTopics = [prayerTopic, `${prefix}${topics.communityGroup}`];
const previousPrefix = process.env.KAFKA_TOPIC_PREFIX;
const clock = { now: new Date('2026-03-04T15:00:00Z') };
const meta = { correlationId: 'it' };
let app: NestFastifyApplication;
let db: Connection;

beforeAll(async () => {
  process.env.KAFKA_TOPIC_PREFIX = prefix;
  await createTopics(ownTopics, 1);
  app = await startCommunity(clock, { KAFKA_TOPIC_PREFIX: prefix });
  db = app.get<Connection>(MONGO_CONNECTION);
}, 60_000);
afterAll(async () => {
  await app.get<KeyStore>(KEY_STORE).connection.dropDatabase();
  await db.dropDatabase();
  await app.close();
  await deleteTopics(ownTopics);
  process.env.KAFKA_TOPIC_PREFIX = previousPrefix;
});

/** A phrase no one else writes, so finding it anywhere means it came from this test. */
const markerPhrase = () => `pray for ${randomBytes(6).toString('hex')}`;

const member = async (name: string) => {
  const userId = uuidv7();
  await app.get(ActivityEvents).identity['identity.user.registered']!(
    envelope(
      'identity.user.registered',
      `user-${userId}`,
      1,
      { userId, name, email: `${userId}@example.com`, roles: ['user'], registeredAt: clock.now.toISOString() },
      userId,
    ) as never,
  );
  return userId;
};

const groupOf = async (owner: string, ...members: string[]) => {
  const groups = app.get(GroupCommands);
  const groupId = await groups.create(
    owner,
    { name: `Circle ${randomBytes(3).toString('hex')}`, description: '', isPublic: true, meeting: null },
    meta,
  );
  for (const m of members) await groups.join(m, groupId, meta);
  return groupId;
};

/** A prayer event's sealed field as community's log stores it. */
const storedField = async (prayerId: string, version: number, field: 'sealedText' | 'sealedTestimony'): Promise<string> => {
  const doc = await db.collection('events').findOne({ _id: eventKey(prayerStreamId(prayerId), version) as never });
  return (doc?.data as Record<string, string>)[field];
};

describe('prayer request text at rest', () => {
  it('writes a request and its testimony to none of community’s database files nor Kafka’s, and still shows them to the group and exports them to their author', async () => {
    const [author, reader] = [await member('Lydia'), await member('Priscilla')];
    const groupId = await groupOf(author, reader);
    const [request, testimony] = [markerPhrase(), markerPhrase()];
    const prayers = app.get(PrayerCommands);
    const prayerId = await prayers.post(author, groupId, { text: `Please ${request}`, anonymous: false }, meta);
    await prayers.answer(author, groupId, prayerId, `Answered: ${testimony}`, meta);

    expect((await app.get(PrayerQueries).list(reader, groupId)).map((p) => [p.id, p.text, p.testimony, p.authorName])).toEqual([
      [prayerId, `Please ${request}`, `Answered: ${testimony}`, 'Lydia'],
    ]);
    const exported = await app.get(AccountExportController).export({ id: author } as AuthUser);
    expect(exported.prayerRequests.map((p) => [p.text, p.testimony])).toEqual([[`Please ${request}`, `Answered: ${testimony}`]]);

    const published = await consumeTopic(prayerTopic, 2);
    expect(published.map((m) => JSON.parse(m.value ?? '{}').data)).toEqual([
      expect.objectContaining({ prayerId, sealedText: expect.stringMatching(/^pt1\./) }),
      expect.objectContaining({ prayerId, sealedTestimony: expect.stringMatching(/^pt1\./) }),
    ]);
    const files = [...databaseFiles(db.name), ...topicFiles(prayerTopic)];
    // The scan sees what was written: the request's id is stored in the clear, in the database and on the topic.
    expect(filesHolding(databaseFiles(db.name), prayerId).length).toBeGreaterThan(0);
    expect(filesHolding(topicFiles(prayerTopic), prayerId).length).toBeGreaterThan(0);
    for (const words of [request, testimony]) expect(filesHolding(files, words)).toEqual([]);
  });

  it('after the author erases their account, their stored ciphertext can no longer be opened, while another member’s still can', async () => {
    const [leaving, staying] = [await member('Demas'), await member('Onesimus')];
    const groupId = await groupOf(staying, leaving);
    const prayers = app.get(PrayerCommands);
    const [theirs, mine] = [markerPhrase(), markerPhrase()];
    const gone = await prayers.post(leaving, groupId, { text: theirs, anonymous: true }, meta);
    const kept = await prayers.post(staying, groupId, { text: mine, anonymous: false }, meta);
    const [goneSealed, keptSealed] = [await storedField(gone, 1, 'sealedText'), await storedField(kept, 1, 'sealedText')];

    await app.get(MemberDeparture).forget(leaving, meta);

    // Still there, in the log as on Kafka, and unreadable: its key is destroyed.
    expect(await storedField(gone, 1, 'sealedText')).toBe(goneSealed);
    const texts = app.get(PrayerTexts);
    expect(await texts.open(leaving, gone, 'text', goneSealed)).toBeNull();
    expect(await texts.open(staying, kept, 'text', keptSealed)).toBe(mine);
    expect((await app.get(PrayerQueries).list(staying, groupId)).map((p) => p.text)).toEqual([mine]);
  });

  it('opens a request’s words only as that request’s text or testimony: copied into another request or field, they do not open', async () => {
    const author = await member('Rhoda');
    const groupId = await groupOf(author);
    const prayers = app.get(PrayerCommands);
    const hiddenWords = markerPhrase();
    const first = await prayers.post(author, groupId, { text: hiddenWords, anonymous: true }, meta);
    const second = await prayers.post(author, groupId, { text: 'For Peter at the gate', anonymous: false }, meta);
    const sealed = await storedField(first, 1, 'sealedText');
    const texts = app.get(PrayerTexts);

    await expect(texts.open(author, second, 'text', sealed)).rejects.toThrow(SealedTextError);
    await expect(texts.open(author, first, 'testimony', sealed)).rejects.toThrow(SealedTextError);
    expect(await texts.open(author, first, 'text', sealed)).toBe(hiddenWords);
  });
});

describe(sealStoredPrayerText.name, () => {
  const quiet = { log: () => undefined, warn: () => undefined };
  const seal = () => sealStoredPrayerText(app.get(EventStore), app.get(PrivateText), quiet);

  /** A prayer event as the first version stored it: its words in the clear. */
  const storeV1 = async (prayerId: string, version: number, type: string, authorId: string, data: Record<string, unknown>) => {
    const store = app.get(EventStore);
    const streamId = prayerStreamId(prayerId);
    await store.events.collection.insertOne({
      _id: eventKey(streamId, version),
      id: uuidv7(),
      type,
      schemaVersion: 1,
      streamId,
      version,
      occurredAt: new Date('2026-03-01T08:00:00Z'),
      subjectId: authorId,
      correlationId: 'legacy',
      causationId: null,
      data: { prayerId, groupId: 'g-legacy', authorId, ...data },
    } as never);
    await store.heads.updateOne(
      { _id: streamId },
      { $set: { version, snapshot: null, snapshotOf: null, subjectId: authorId, updatedAt: new Date() } },
      { upsert: true },
    );
  };

  it('seals the text and testimony of requests stored in the clear, in place, leaving those erased with their account as they were', async () => {
    const [author, erased] = [uuidv7(), uuidv7()];
    const [request, testimony] = [markerPhrase(), markerPhrase()];
    const [legacy, wiped] = [uuidv7(), uuidv7()];
    await storeV1(legacy, 1, 'community.prayer.posted', author, { text: request, anonymous: false });
    await storeV1(legacy, 2, 'community.prayer.answered', author, { testimony });
    await storeV1(wiped, 1, 'community.prayer.posted', erased, { text: ERASED, anonymous: false });

    expect(await seal()).toBe(2);

    const [posted, answered] = await Promise.all(
      [1, 2].map((v) => db.collection('events').findOne({ _id: eventKey(prayerStreamId(legacy), v) as never })),
    );
    expect(posted).toMatchObject({ schemaVersion: 2, data: { prayerId: legacy, sealedText: expect.stringMatching(/^pt1\./) } });
    expect(answered).toMatchObject({ schemaVersion: 2, data: { prayerId: legacy, sealedTestimony: expect.stringMatching(/^pt1\./) } });
    expect(JSON.stringify([posted, answered])).not.toContain(request);
    expect(JSON.stringify([posted, answered])).not.toContain(testimony);
    const texts = app.get(PrayerTexts);
    expect([
      await texts.open(author, legacy, 'text', posted?.data.sealedText),
      await texts.open(author, legacy, 'testimony', answered?.data.sealedTestimony),
    ]).toEqual([request, testimony]);
    expect(await db.collection('events').findOne({ _id: eventKey(prayerStreamId(wiped), 1) as never })).toMatchObject({
      schemaVersion: 1,
      data: { text: ERASED },
    });
    expect(await seal()).toBe(0);
  });
});
