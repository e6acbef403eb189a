// The library's read models written by two replicas at once (two apps on one database), and handed later events first.
import type { EventData } from '@abide/contracts';
import type { NewEvent, Projection, StoredEvent } from '@abide/event-store';
import { integrationEnv } from '@abide/testing';
import type { Connection } from 'mongoose';
import { Readable } from 'node:stream';
import { v7 as uuidv7 } from 'uuid';
import type { ResourceCommands } from '../src/resources/commands/resource.commands';
import type { ListQuery } from '../src/resources/resource.queries';
import { envelope } from './library-app.stub';
import { type Replica, startReplica } from './library-replica';

let replicas: Replica[];
let db: Connection;
const meta = () => ({ correlationId: uuidv7() });
const page = { page: 1, pageSize: 100 };

/** The same command through each replica in turn, all at once. */
const onBoth = <T>(count: number, run: (commands: ResourceCommands, i: number) => Promise<T>) =>
  Promise.all(Array.from({ length: count }, (_, i) => run(replicas[i % 2].get('ResourceCommands'), i)));

/** A text file in quarantine, submitted through the first replica, processed: public ones wait for review. */
const submitted = async (
  ownerId: string,
  words: string,
  visibility: 'public' | 'private' | 'group' = 'public',
  groupId: string | null = null,
) => {
  const objects = replicas[0].get('ObjectStore');
  const resourceId = uuidv7();
  const storageKey = objects.newKey(ownerId);
  const data = Buffer.from(words);
  await objects.put('quarantine', storageKey, Readable.from([data]), data.length);
  const fields = {
    title: words,
    description: '',
    category: 'study',
    tags: [],
    targetAudience: 'all-levels' as const,
    visibility,
    groupId,
    churchId: null,
  };
  const file = { fileName: 'notes.txt', fileType: 'txt' as const, fileSize: data.length, storageKey, sha256: 'f'.repeat(64) };
  await replicas[0].get('ResourceCommands').create({ resourceId, ownerId, fields, file, draft: false }, meta());
  await replicas[0].get('ResourceProcessor').process(resourceId);
  return resourceId;
};

const list = (app: Replica, callerId: string, query: Partial<ListQuery> = {}) =>
  app.get('ResourceQueries').list(callerId, { ...page, ...query });

beforeAll(async () => {
  // Two apps on one database and one pair of buckets: two replicas of the library.
  const { suffix, env } = integrationEnv('library');
  const shared = {
    MONGO_DB: env.MONGO_DB,
    S3_BUCKET_QUARANTINE: `lib-rep-${suffix}-quarantine`,
    S3_BUCKET_STORE: `lib-rep-${suffix}-store`,
  };
  // Each on its own copy of the modules: its own connection and per-process state, as two processes have.
  replicas = [await startReplica(shared), await startReplica(shared)];
  db = replicas[0].db;
}, 60_000);
afterAll(async () => {
  const objects = replicas[0].get('ObjectStore');
  for (const bucket of Object.values(objects.buckets)) {
    const keys: string[] = [];
    for await (const item of objects.client.listObjectsV2(bucket, '', true)) if (item.name) keys.push(item.name);
    if (keys.length) await objects.client.removeObjects(bucket, keys);
    await objects.client.removeBucket(bucket);
  }
  for (const app of replicas) await app.get('ProcessingQueue').queue.obliterate({ force: true });
  await db.dropDatabase();
  await Promise.all(replicas.map((replica) => replica.app.close()));
});

describe('read models written by two replicas at once', () => {
  it('counts every download both replicas apply at the same moment: on the resource, in the public list and in My uploads', async () => {
    const ownerId = uuidv7();
    const tag = `psalms${uuidv7().slice(-12)}`;
    const resourceId = await submitted(ownerId, `Psalms ${tag}`);
    await replicas[1].get('ResourceCommands').approve(uuidv7(), resourceId, meta());
    const store = replicas[0].get('EventStore');
    const stream = `resource-${resourceId}`;
    const downloads: NewEvent[] = Array.from({ length: 30 }, () => ({
      type: 'library.resource.downloaded',
      data: { resourceId, ownerId, userId: uuidv7() },
      subjectId: ownerId,
    }));
    const appended = await store.append(stream, (await store.load(stream)).length, downloads, meta());

    // Each replica applies every other download, all at once, as their runners do after their own appends.
    await Promise.all(
      appended.flatMap((event, i) =>
        (['ResourceProjection', 'CatalogueProjection'] as const).map((type) => (replicas[i % 2].get(type) as Projection).apply(event)),
      ),
    );

    expect((await replicas[0].get('ResourceQueries').one(uuidv7(), resourceId)).downloads).toBe(30);
    expect((await list(replicas[1], uuidv7(), { q: tag })).items.map((r) => [r.id, r.downloads])).toEqual([[resourceId, 30]]);
    expect((await list(replicas[0], ownerId, { mine: true })).items.map((r) => r.downloads)).toEqual([30]);
  }, 120_000);

  it('lists every resource approved through both replicas at once, and each owner’s uploads in full', async () => {
    const tag = `proverbs${uuidv7().slice(-12)}`;
    const owners = [uuidv7(), uuidv7(), uuidv7()];
    const ids: string[] = [];
    for (const [i, ownerId] of [...owners, ...owners, ...owners, ...owners].entries())
      ids.push(await submitted(ownerId, `Proverb ${i} ${tag}`));

    // A moderator approves all twelve, and each owner uploads again, through both replicas at the same moment.
    const [, more] = await Promise.all([
      onBoth(ids.length, (commands, i) => commands.approve(uuidv7(), ids[i], meta())),
      Promise.all(owners.map((ownerId, i) => submittedThrough(replicas[i % 2], ownerId, `Private ${i} ${tag}`))),
    ]);

    expect((await list(replicas[0], uuidv7(), { q: tag })).items.map((r) => r.id).sort()).toEqual([...ids].sort());
    for (const [i, ownerId] of owners.entries()) {
      const mine = (await list(replicas[1], ownerId, { mine: true })).items;
      expect(mine.map((r) => r.id).sort()).toEqual([...ids.filter((_, j) => j % 3 === i), more[i]].sort());
      expect(mine.map((r) => r.status)).toEqual(mine.map(() => 'approved'));
    }
  }, 180_000);

  it('keeps a member in every church whose joins two replicas handle at once', async () => {
    const userId = uuidv7();
    const churches = Array.from({ length: 10 }, () => uuidv7());
    await Promise.all(
      churches.map((churchId, i) => {
        const handler = replicas[i % 2].get('DirectoryEvents').churches['community.church.member-joined'] as (e: unknown) => Promise<void>;
        const data: EventData<'community.church.member-joined'> = {
          churchId,
          userId,
          role: i === 0 ? 'admin' : 'member',
          via: 'code',
        } as never;
        return handler({ ...envelope('community.church.member-joined', `church-${churchId}`, userId, data), version: 2 });
      }),
    );

    const mine = await replicas[1].get('Directory').churchesOf(userId);
    expect([...mine.keys()].sort()).toEqual([...churches].sort());
    expect(mine.get(churches[0])).toBe('admin');
  }, 60_000);

  it('keeps a member in every group whose joins two replicas handle at once, and out of the one left', async () => {
    const userId = uuidv7();
    const groups = Array.from({ length: 10 }, () => uuidv7());
    const on = (i: number, type: 'community.group.member-joined' | 'community.group.member-left', groupId: string, version: number) => {
      const handler = replicas[i % 2].get('DirectoryEvents').community[type] as (e: unknown) => Promise<void>;
      const data = { groupId, userId, role: 'member', via: 'open', joinedAt: new Date().toISOString() } as never;
      return handler({ ...envelope(type, `group-${groupId}`, userId, data), version });
    };
    // Each group's join (version 2); the first group's leave (3) arrives on the other replica before its join.
    await Promise.all([
      ...groups.map((groupId, i) => on(i, 'community.group.member-joined', groupId, 2)),
      on(1, 'community.group.member-left', groups[0], 3),
    ]);

    const mine = await replicas[1].get('Directory').groupsOf(userId);
    expect([...mine].sort()).toEqual(groups.slice(1).sort());
  }, 60_000);
});

/** A private upload through `app` (a create and its processing), for a write racing others. */
const submittedThrough = async (app: Replica, ownerId: string, words: string) => {
  const objects = app.get('ObjectStore');
  const resourceId = uuidv7();
  const storageKey = objects.newKey(ownerId);
  const data = Buffer.from(words);
  await objects.put('quarantine', storageKey, Readable.from([data]), data.length);
  const fields = {
    title: words,
    description: '',
    category: 'study',
    tags: [],
    targetAudience: 'all-levels' as const,
    visibility: 'private' as const,
    groupId: null,
    churchId: null,
  };
  const file = { fileName: 'notes.txt', fileType: 'txt' as const, fileSize: data.length, storageKey, sha256: 'f'.repeat(64) };
  await app.get('ResourceCommands').create({ resourceId, ownerId, fields, file, draft: false }, meta());
  await app.get('ResourceProcessor').process(resourceId);
  return resourceId;
};

describe('read models handed a later event before an earlier one', () => {
  it('ends the resources, catalogues and logos as applying the events in order did, whichever replica applies which', async () => {
    // Some of everything: drafts edited and submitted, approvals, rejections, reports, downloads, a deletion, logos.
    const [anna, ben] = [uuidv7(), uuidv7()];
    // The streams replayed here are the only ones the catalogues hold afterwards: every list is of this test's words.
    const tag = `ruth${uuidv7().slice(-12)}`;
    const commands = replicas[0].get('ResourceCommands');
    const kept = await submitted(anna, `Ruth gleaned in the fields ${tag}`);
    await commands.approve(uuidv7(), kept, meta());
    for (let i = 0; i < 3; i++) await commands.downloaded(uuidv7(), kept, meta());
    await commands.report(uuidv7(), kept, 'Spam', meta());
    const rejected = await submitted(anna, `Off topic ${tag}`);
    await commands.reject(uuidv7(), rejected, 'Not for the library', meta());
    const deleted = await submitted(ben, `Boaz at the gate ${tag}`);
    await commands.approve(uuidv7(), deleted, meta());
    await commands.downloaded(uuidv7(), deleted, meta());
    await commands.delete(ben, deleted, meta());
    const privateOne = await submitted(ben, `Naomi returned ${tag}`);
    const churchId = uuidv7();
    const store = replicas[0].get('EventStore');
    const logo = (n: number): NewEvent =>
      n % 3 === 2
        ? { type: 'library.logo.removed', data: { churchId, logoId: `logo-${n - 1}`, removedBy: anna }, subjectId: null }
        : {
            type: 'library.logo.replaced',
            data: { churchId, logoId: `logo-${n}`, contentType: 'image/png', bytes: 10, replacedBy: anna },
            subjectId: null,
          };
    for (let n = 0; n < 5; n++)
      await replicas[0].get('LogoProjection').apply((await store.append(`logo-${churchId}`, n, [logo(n)], meta()))[0] as never);

    const projectionTypes = ['ResourceProjection', 'CatalogueProjection', 'LogoProjection'] as const;
    // What a person sees (each list and resource) and what the resources and logos hold, bookkeeping left out.
    const snapshot = async () => ({
      resources: await Promise.all(
        [kept, rejected, deleted, privateOne].map((id) =>
          db.collection('library_resources').findOne({ _id: id as never }, { projection: { version: 0 } }),
        ),
      ),
      logo: await db.collection('library_logos').findOne({ _id: churchId as never }, { projection: { version: 0 } }),
      lists: await Promise.all([
        list(replicas[0], uuidv7(), { q: `Ruth gleaned in the fields ${tag}` }),
        list(replicas[0], uuidv7(), { q: tag }),
        list(replicas[0], anna, { mine: true }),
        list(replicas[0], ben, { mine: true }),
        list(replicas[0], ben, { q: tag }),
      ]),
    });
    const inOrder = await snapshot();
    expect(inOrder.lists[0].items.map((r) => [r.id, r.downloads])).toEqual([[kept, 3]]);
    expect(inOrder.logo).toMatchObject({ logoId: 'logo-4' });

    // Each stream's events latest first, alternately to each replica, one stream's events one after another.
    const streams = await Promise.all(
      [kept, rejected, deleted, privateOne]
        .map((id) => `resource-${id}`)
        .concat(`logo-${churchId}`)
        .map((id) => store.load(id)),
    );
    for (const type of projectionTypes) await (replicas[0].get(type) as Projection).reset();
    await Promise.all(
      streams.map(async (events) => {
        for (const [i, event] of [...events].reverse().entries()) {
          for (const type of projectionTypes) {
            const projection = replicas[i % 2].get(type) as Projection;
            if (projection.handles.includes(event.type)) await projection.apply(event as StoredEvent);
          }
        }
      }),
    );

    expect(await snapshot()).toEqual(inOrder);
  }, 180_000);
});
