import type { NestFastifyApplication } from '@nestjs/platform-fastify';
import type { EventData, EventType } from '@abide/contracts';
import { ERASED, EventStore, ProjectionRunner } from '@abide/event-store';
import { MONGO_CONNECTION } from '@abide/platform';
import type { Connection } from 'mongoose';
import { Readable } from 'node:stream';
import { setTimeout as sleep } from 'node:timers/promises';
import { v7 as uuidv7 } from 'uuid';
import { Directory } from '../src/directory/directory';
import { LibraryMigrations } from '../src/library.migration';
import { DirectoryEvents } from '../src/directory/directory-events';
import { ResourceCommands } from '../src/resources/commands/resource.commands';
import { DownloadService } from '../src/resources/download.service';
import { ObjectStore } from '../src/files/object-store';
import { ProcessingQueue } from '../src/resources/commands/processing-queue';
import { ResourceProcessor } from '../src/resources/jobs/resource-processor';
import { SEARCH_TEXT_CHARS } from '../src/resources/projections/catalogue';
import { CatalogueProjection } from '../src/resources/projections/catalogue.projection';
import { ResourceProjection } from '../src/resources/projections/resource.projection';
import { ResourceQueries } from '../src/resources/resource.queries';
import { UNREADABLE } from '../src/files/text-extraction';
import { docxBombs, MiB, pdfBomb, peakMemoryDuring } from '@abide/testing/fixtures/bomb-files';
import { envelope, startLibrary } from './library-app.stub';

let app: NestFastifyApplication;
let db: Connection;
let objects: ObjectStore;
let commands: ResourceCommands;
let processor: ResourceProcessor;
let queries: ResourceQueries;
let directory: DirectoryEvents;
const meta = () => ({ correlationId: uuidv7() });

const fields = (overrides: Partial<EventData<'library.resource.submitted'>['fields']> = {}) => ({
  title: 'Fruit of the Spirit',
  description: 'A study',
  category: 'study',
  tags: ['discipleship'],
  targetAudience: 'all-levels' as const,
  visibility: 'private' as const,
  groupId: null,
  churchId: null,
  ...overrides,
});

/** Puts `data` in quarantine as an upload would, and submits it. */
const submit = async (ownerId: string, data: Buffer, fileType: 'pdf' | 'docx' | 'txt', overrides: Parameters<typeof fields>[0] = {}) => {
  const resourceId = uuidv7();
  const storageKey = objects.newKey(ownerId);
  await objects.put('quarantine', storageKey, Readable.from([data]), data.length);
  const file = { fileName: `file.${fileType}`, fileType, fileSize: data.length, storageKey, sha256: 'f'.repeat(64) };
  await commands.create({ resourceId, ownerId, fields: fields(overrides), file, draft: false }, meta());
  return { resourceId, storageKey };
};

/** A PDF encrypted with the standard handler whose user password is not empty: readers must ask for a password. */
const passwordProtectedPdf = (): Buffer => {
  const objects = [
    '<< /Type /Catalog /Pages 2 0 R >>',
    '<< /Type /Pages /Kids [] /Count 0 >>',
    `<< /Filter /Standard /V 1 /R 2 /O <${'ab'.repeat(32)}> /U <${'cd'.repeat(32)}> /P -4 >>`,
  ];
  let body = '%PDF-1.4\n';
  const offsets: number[] = [];
  objects.forEach((object, i) => {
    offsets.push(body.length);
    body += `${i + 1} 0 obj\n${object}\nendobj\n`;
  });
  const xref = body.length;
  body += `xref\n0 ${objects.length + 1}\n0000000000 65535 f \n${offsets.map((o) => `${String(o).padStart(10, '0')} 00000 n \n`).join('')}`;
  body += `trailer\n<< /Size ${objects.length + 1} /Root 1 0 R /Encrypt 3 0 R /ID [<${'01'.repeat(16)}> <${'01'.repeat(16)}>] >>\nstartxref\n${xref}\n%%EOF\n`;
  return Buffer.from(body, 'latin1');
};

const handle = async <T extends EventType>(
  handlers: DirectoryEvents['identity'],
  type: T,
  data: EventData<T>,
  subjectId: string | null = null,
  version = 1,
) => {
  const handler = handlers[type] as unknown as (e: unknown) => Promise<void>;
  await handler({ ...envelope(type, 'stream', subjectId, data), version });
};

beforeAll(async () => {
  ({ app } = await startLibrary({ DOWNLOAD_URL_TTL_SECONDS: '2' }));
  db = app.get<Connection>(MONGO_CONNECTION);
  objects = app.get(ObjectStore);
  commands = app.get(ResourceCommands);
  processor = app.get(ResourceProcessor);
  queries = app.get(ResourceQueries);
  directory = app.get(DirectoryEvents);
});
afterAll(async () => {
  for (const bucket of Object.values(objects.buckets)) {
    const keys: string[] = [];
    for await (const item of objects.client.listObjectsV2(bucket, '', true)) if (item.name) keys.push(item.name);
    if (keys.length) await objects.client.removeObjects(bucket, keys);
    await objects.client.removeBucket(bucket);
  }
  await app.get(ProcessingQueue).queue.obliterate({ force: true });
  await db.dropDatabase();
  await app.close();
});

describe('processing', () => {
  it('reads a text file, moves it from quarantine to the store, and publishes a private resource; a second run changes nothing', async () => {
    const ownerId = uuidv7();
    const { resourceId, storageKey } = await submit(ownerId, Buffer.from('Love, joy, peace, patience.'), 'txt');

    expect(await processor.process(resourceId)).toBe('processed');
    expect(await processor.process(resourceId)).toBe('skipped');

    expect(await objects.exists('quarantine', storageKey)).toBe(false);
    expect(await objects.exists('store', storageKey)).toBe(true);
    expect(await queries.one(ownerId, resourceId)).toMatchObject({ status: 'approved', words: 4, excerpt: 'Love, joy, peace, patience.' });
  });

  it('fails a corrupt PDF with a reason for its owner and removes the file', async () => {
    const ownerId = uuidv7();
    const { resourceId, storageKey } = await submit(ownerId, Buffer.from('%PDF-1.7\nnot really a pdf\n'), 'pdf', { visibility: 'public' });

    expect(await processor.process(resourceId)).toBe('failed');

    expect(await queries.one(ownerId, resourceId)).toMatchObject({
      status: 'failed',
      statusReason: 'This PDF is damaged or incomplete and could not be read.',
    });
    expect(await objects.exists('quarantine', storageKey)).toBe(false);
  });

  it('fails a password-protected PDF with a reason saying so', async () => {
    const ownerId = uuidv7();
    const { resourceId } = await submit(ownerId, passwordProtectedPdf(), 'pdf');

    expect(await processor.process(resourceId)).toBe('failed');

    expect((await queries.one(ownerId, resourceId)).statusReason).toBe(
      'This PDF is password-protected. Please upload a copy without a password.',
    );
  });

  it('enqueues again a submission left processing (a missed enqueue), under the same job id', async () => {
    const ownerId = uuidv7();
    const { resourceId } = await submit(ownerId, Buffer.from('Self-control.'), 'txt');
    const queue = app.get(ProcessingQueue).queue;
    await (await queue.getJob(`${resourceId}-v1`))?.remove();

    expect(await processor.resumeStalled(0)).toBeGreaterThanOrEqual(1);

    expect((await queue.getJob(`${resourceId}-v1`))?.data).toEqual({ resourceId });
  });

  it('rebuilds the read model from the log to the same resource', async () => {
    const ownerId = uuidv7();
    const { resourceId } = await submit(ownerId, Buffer.from('Kindness and goodness.'), 'txt');
    await processor.process(resourceId);
    const before = await queries.one(ownerId, resourceId);

    await app.get(ProjectionRunner).rebuild(app.get(ResourceProjection).name);

    expect(await queries.one(ownerId, resourceId)).toEqual(before);
  });
});

describe('processing decompression bombs', () => {
  const bombs: Array<[string, Buffer, 'pdf' | 'docx', string]> = [
    ...Object.entries(docxBombs()).map(([name, file]): [string, Buffer, 'docx', string] => [
      `a Word document with ${name}`,
      file,
      'docx',
      UNREADABLE.docxTooLarge,
    ]),
    ['a PDF whose stream inflates to 400 MiB', pdfBomb(400), 'pdf', UNREADABLE.pdfTooLarge],
  ];

  it.each(bombs)('fails %s with a reason for its owner, memory flat, and processes the next file', async (_, file, fileType, reason) => {
    const ownerId = uuidv7();
    const { resourceId, storageKey } = await submit(ownerId, file, fileType);

    const { peak, result } = await peakMemoryDuring(() => processor.process(resourceId));

    expect(result).toBe('failed');
    expect(await queries.one(ownerId, resourceId)).toMatchObject({ status: 'failed', statusReason: reason });
    expect(await objects.exists('quarantine', storageKey)).toBe(false);
    // Each bomb inflates to 300 MiB or more; the service's memory grows by a fraction of it.
    expect(peak).toBeLessThan(150 * MiB);
    const next = await submit(ownerId, Buffer.from('Joy.'), 'txt');
    expect(await processor.process(next.resourceId)).toBe('processed');
  });
});

describe('downloads', () => {
  it('signs a URL that works at once and stops working when it expires', async () => {
    const ownerId = uuidv7();
    const { resourceId } = await submit(ownerId, Buffer.from('Faithfulness.'), 'txt');
    await processor.process(resourceId);

    const link = await app.get(DownloadService).link(ownerId, resourceId, meta());

    const fresh = await fetch(link.url);
    expect([fresh.status, await fresh.text()]).toEqual([200, 'Faithfulness.']);
    await sleep(3000);
    expect((await fetch(link.url)).status).toBe(403);
    expect((await queries.one(ownerId, resourceId)).downloads).toBe(1);
  });
});

describe('group membership from community events', () => {
  it("shows a group's resources to its members, hides them after leaving or removal, and a late join undoes no leave", async () => {
    const groupId = uuidv7();
    const [ownerId, memberId, removedId] = [uuidv7(), uuidv7(), uuidv7()];
    await handle(directory.community, 'community.group.created', {
      groupId,
      ownerId,
      name: 'Berean Circle',
      description: '',
      isPublic: true,
      meeting: null,
    });
    // The group stream's versions: created 1, joins 2-4, left 5, removed 6.
    const joined = (userId: string, version: number) =>
      handle(
        directory.community,
        'community.group.member-joined',
        { groupId, userId, role: 'member', via: 'open', joinedAt: new Date().toISOString() },
        null,
        version,
      );
    for (const [i, userId] of [ownerId, memberId, removedId].entries()) await joined(userId, 2 + i);
    await joined(memberId, 3);
    const { resourceId } = await submit(ownerId, Buffer.from('Group notes.'), 'txt', { visibility: 'group', groupId });
    await processor.process(resourceId);

    expect(await queries.one(memberId, resourceId)).toMatchObject({ groupName: 'Berean Circle', status: 'approved' });
    expect((await queries.list(uuidv7(), { page: 1, pageSize: 12, q: 'Group notes' })).total).toBe(0);

    await handle(directory.community, 'community.group.member-left', { groupId, userId: memberId }, null, 5);
    await handle(directory.community, 'community.group.member-removed', { groupId, userId: removedId, removedBy: ownerId }, null, 6);
    // Delivered again late (a redelivery, another replica): the joins are older than the leave and the removal.
    await joined(memberId, 3);
    await joined(removedId, 4);

    for (const userId of [memberId, removedId]) {
      expect((await queries.list(userId, { page: 1, pageSize: 12, q: 'Group notes' })).total).toBe(0);
      await expect(queries.one(userId, resourceId)).rejects.toMatchObject({ status: 404 });
    }
    expect(await queries.one(ownerId, resourceId)).toMatchObject({ groupName: 'Berean Circle' });
  });
});

describe('account deletion', () => {
  it("purges the member's resources, files, name and personal fields of the log", async () => {
    const ownerId = uuidv7();
    await handle(directory.identity, 'identity.user.registered', {
      userId: ownerId,
      name: 'Dorcas',
      email: 'dorcas@test.abide.local',
      roles: ['user'],
      registeredAt: new Date().toISOString(),
    });
    const kept = await submit(ownerId, Buffer.from('Tabitha made garments.'), 'txt');
    await processor.process(kept.resourceId);
    const waiting = await submit(ownerId, Buffer.from('Still in quarantine.'), 'txt');
    expect((await queries.one(ownerId, kept.resourceId)).ownerName).toBe('Dorcas');

    await handle(directory.identity, 'identity.user.deleted', { userId: ownerId, deletedAt: new Date().toISOString() }, ownerId);

    expect(await objects.list('store', `${ownerId}/`)).toEqual([]);
    expect(await objects.list('quarantine', `${ownerId}/`)).toEqual([]);
    expect((await queries.list(ownerId, { page: 1, pageSize: 12, mine: true })).total).toBe(0);
    expect(await db.collection('library_resources').countDocuments({ ownerId })).toBe(0);
    expect(await db.collection('library_resource_texts').countDocuments({ ownerId })).toBe(0);
    expect((await app.get(Directory).namesOf([ownerId])).get(ownerId)).toBeNull();
    const events = await app.get(EventStore).load(`resource-${waiting.resourceId}`);
    expect(events.map((e) => e.type)).toEqual(['library.resource.submitted', 'library.resource.deleted']);
    const submitted = events[0];
    expect(submitted.type === 'library.resource.submitted' && submitted.data.fields.title).toBe(ERASED);
    expect(await processor.process(waiting.resourceId)).toBe('skipped');
  });

  it('keeps a deleted member out of groups and churches when their membership facts arrive again (they have no inbox row)', async () => {
    const [userId, groupId, churchId] = [uuidv7(), uuidv7(), uuidv7()];
    const joined = { groupId, userId, role: 'member' as const, via: 'open' as const, joinedAt: new Date().toISOString() };
    const churchJoined = { churchId, userId, role: 'member' as const, via: 'code' as const, joinedAt: new Date().toISOString() };
    await handle(directory.community, 'community.group.member-joined', joined, null, 2);
    await handle(directory.churches, 'community.church.member-joined', churchJoined, null, 3);
    const known = app.get(Directory);
    expect(await known.isMember(groupId, userId)).toBe(true);

    await handle(directory.identity, 'identity.user.deleted', { userId, deletedAt: new Date().toISOString() }, userId);
    // Kafka hands the same facts over again (a rebalance): the versions they carry were forgotten with the member.
    await handle(directory.community, 'community.group.member-joined', joined, null, 2);
    await handle(directory.churches, 'community.church.member-joined', churchJoined, null, 3);

    expect(await known.isMember(groupId, userId)).toBe(false);
    expect(await known.groupsOf(userId)).toEqual([]);
    expect([...(await known.churchesOf(userId))]).toEqual([]);
  });
});

describe('the library list from keyed catalogues', () => {
  const page = { page: 1, pageSize: 50 };
  const ids = async (callerId: string, query: Partial<Parameters<ResourceQueries['list']>[1]> = {}) =>
    (await queries.list(callerId, { ...page, ...query })).items.map((r) => r.id);

  it('shows each caller only what they may see, searches the text, and drops rejected and deleted resources', async () => {
    const tag = uuidv7().slice(-12);
    const [ownerId, moderatorId, memberId, strangerId] = [uuidv7(), uuidv7(), uuidv7(), uuidv7()];
    const groupId = uuidv7();
    await handle(directory.community, 'community.group.member-joined', {
      groupId,
      userId: memberId,
      role: 'member',
      via: 'open',
      joinedAt: new Date().toISOString(),
    });
    const publish = async (visibility: 'public' | 'group' | 'private', words: string) => {
      const { resourceId } = await submit(ownerId, Buffer.from(`${words} ${tag}`), 'txt', {
        visibility,
        groupId: visibility === 'group' ? groupId : null,
        title: `T ${words}`,
      });
      await processor.process(resourceId);
      if (visibility === 'public') await commands.approve(moderatorId, resourceId, meta());
      return resourceId;
    };
    const pub = await publish('public', 'mercy');
    const group = await publish('group', 'grace');
    const priv = await publish('private', 'hope');
    const { resourceId: waiting } = await submit(ownerId, Buffer.from(`pending ${tag}`), 'txt', { visibility: 'public' });
    await processor.process(waiting);

    expect(await ids(strangerId, { q: tag })).toEqual([pub]);
    expect(await ids(memberId, { q: tag })).toEqual([group, pub]);
    expect(await ids(ownerId, { q: tag })).toEqual([priv, group, pub]);
    expect(await ids(ownerId, { q: tag, mine: true })).toEqual([waiting, priv, group, pub]);
    expect(await ids(ownerId, { mine: true, status: 'in-review' })).toEqual([waiting]);
    expect(await ids(memberId, { q: 'GRACE' })).toContain(group);
    expect(await ids(strangerId, { q: 'grace' })).not.toContain(group);
    await expect(queries.one(strangerId, priv)).rejects.toMatchObject({ status: 404 });
    await expect(queries.one(strangerId, waiting)).rejects.toMatchObject({ status: 404 });
    expect((await queries.list(memberId, { page: 2, pageSize: 1, q: tag })).items.map((r) => r.id)).toEqual([pub]);
    expect(await queries.list(memberId, { page: 1, pageSize: 1, q: tag })).toMatchObject({ total: 2, hasMore: true });

    await commands.reject(moderatorId, waiting, 'Off topic', meta());
    await commands.delete(ownerId, pub, meta());
    expect(await ids(strangerId, { q: tag })).toEqual([]);
    expect(await ids(ownerId, { q: tag, mine: true })).toEqual([waiting, priv, group]);
    expect((await queries.list(ownerId, { ...page, q: tag, mine: true })).items[0]).toMatchObject({
      status: 'rejected',
      statusReason: 'Off topic',
    });
  });

  it('finds words past the part of a long text a catalogue keeps', async () => {
    const ownerId = uuidv7();
    const needle = `needle${uuidv7().slice(-12)}`;
    const { resourceId } = await submit(ownerId, Buffer.from(`${'word '.repeat(SEARCH_TEXT_CHARS / 4)}${needle}`), 'txt');
    await processor.process(resourceId);

    expect(await ids(ownerId, { q: needle })).toEqual([resourceId]);
    expect(await ids(ownerId, { q: `${needle}x` })).toEqual([]);
  });

  it('fills the catalogues from the log (the backfill) to the same list', async () => {
    const ownerId = uuidv7();
    const { resourceId } = await submit(ownerId, Buffer.from('Patience and kindness.'), 'txt', { visibility: 'public' });
    await processor.process(resourceId);
    await commands.approve(uuidv7(), resourceId, meta());
    const before = await queries.list(uuidv7(), { ...page, q: 'Patience and kindness' });
    const mine = await queries.list(ownerId, { ...page, mine: true });

    await app.get(ProjectionRunner).rebuild(app.get(CatalogueProjection).name);

    expect(before.items.map((r) => r.id)).toEqual([resourceId]);
    expect(await queries.list(uuidv7(), { ...page, q: 'Patience and kindness' })).toEqual(before);
    expect(await queries.list(ownerId, { ...page, mine: true })).toEqual(mine);
  });

  it("moves the groups kept before (a row per membership, a list per member) to each member's versioned document once", async () => {
    const [userId, groupA, groupB, groupC] = [uuidv7(), uuidv7(), uuidv7(), uuidv7()];
    await db
      .collection('library_group_members')
      .insertMany([groupA, groupB].map((groupId) => ({ _id: `${groupId}:${userId}`, groupId, userId }) as never));
    await db.collection('library_member_groups').insertOne({ _id: userId, groups: [groupB, groupC] } as never);
    // Left group A after the old rows were written, handled by the new code before the migration ran.
    await handle(directory.community, 'community.group.member-left', { groupId: groupA, userId }, null, 7);
    await db.collection('library_migrations').deleteOne({ _id: 'member-groups-versioned' } as never);

    await app.get(LibraryMigrations).onApplicationBootstrap();

    expect((await app.get(Directory).groupsOf(userId)).sort()).toEqual([groupB, groupC].sort());
    expect(await db.collection('library_migrations').countDocuments({ _id: 'member-groups-versioned' } as never)).toBe(1);
    const collections = (await db.db!.listCollections().toArray()).map((c) => c.name);
    expect(collections).not.toContain('library_group_members');
    expect(collections).not.toContain('library_member_groups');
  });
});
