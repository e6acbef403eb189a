// A church's curricula list and assignments written by two replicas at once: the app's connection is one replica, a
// second connection to the same database the other. The church's document is emptied, then fed its curricula's events
// through both replicas concurrently in a shuffled order (or each stream's last event first), and must end as the app
// built it one command at a time.
import type { NestFastifyApplication } from '@nestjs/platform-fastify';
import { EventStore, type StoredEvent } from '@abide/event-store';
import { connectTestDatabase } from '@abide/messaging/src/testing/test-engines';
import { MONGO_CONNECTION } from '@abide/platform';
import { foreignEvent } from '@abide/testing';
import type { Connection } from 'mongoose';
import { v7 as uuidv7 } from 'uuid';
import { CommunityEvents } from '../src/churches/community-events';
import { CurriculumCommands } from '../src/curricula/commands/curriculum.commands';
import { CurriculumQueries } from '../src/curricula/curriculum.queries';
import { CurriculumProjection } from '../src/curricula/projections/curriculum.projection';
import { startFormation } from './formation-app.stub';

const clock = { now: new Date('2026-03-04T15:00:00Z') }; // a Wednesday
const meta = { correlationId: 'curricula-replicas' };
let app: NestFastifyApplication;
let db: Connection;
let replicaB: Connection;

beforeAll(async () => {
  app = await startFormation(clock);
  db = app.get<Connection>(MONGO_CONNECTION);
  replicaB = await connectTestDatabase(db.name);
});
afterAll(async () => {
  await replicaB.close();
  await db.dropDatabase();
  await app.close();
});

const shuffled = <T>(items: readonly T[]): T[] => {
  const copy = [...items];
  for (let i = copy.length - 1; i > 0; i--) {
    const j = Math.floor(Math.random() * (i + 1));
    [copy[i], copy[j]] = [copy[j], copy[i]];
  }
  return copy;
};

const week = (title: string) => ({
  title,
  summary: '',
  days: Array.from({ length: 7 }, (_, i) => ({
    activities: i === 1 ? [{ name: 'Read the Psalm', description: 'Slowly', durationMinutes: 15, scripture: 'ps 23:1-3' }] : [],
  })),
});

/**
 * A church whose admin wrote two curricula: one saved three times, published twice, assigned, its assignment ended,
 * then archived; the other published and assigned to the church. Every event kind of the stream, several of each.
 */
const busyChurch = async () => {
  const churchId = uuidv7();
  const adminId = uuidv7();
  const community = app.get(CommunityEvents);
  const feed = (type: string, data: object, version: number) =>
    ((community.churches as Record<string, unknown>)[type] as (e: unknown) => Promise<void>)(
      foreignEvent(type, `church-${churchId}`, data, { version }),
    );
  await feed('community.church.created', { churchId, name: 'Grace Chapel', timeZone: 'America/New_York' }, 1);
  await feed(
    'community.church.member-joined',
    { churchId, userId: adminId, role: 'admin', via: 'code', joinedAt: clock.now.toISOString() },
    2,
  );

  const commands = app.get(CurriculumCommands);
  const first = await commands.create(adminId, { churchId, title: 'Psalms for Lent', description: '' }, meta);
  await commands.saveDraft(adminId, first, { revision: 1, title: 'Psalms for Lent', description: '', weeks: [week('The Shepherd')] }, meta);
  await commands.publish(adminId, first, meta);
  await commands.saveDraft(
    adminId,
    first,
    { revision: 2, title: 'Psalms, slowly', description: '', weeks: [week('One'), week('Two')] },
    meta,
  );
  await commands.saveDraft(
    adminId,
    first,
    { revision: 3, title: 'Psalms, slowly', description: 'Two weeks', weeks: [week('One'), week('Two')] },
    meta,
  );
  await commands.publish(adminId, first, meta);
  const ended = await commands.assign(adminId, first, { audience: 'church', groupIds: [], startDate: '2026-03-08' }, meta);
  await commands.endAssignment(adminId, first, ended, meta);
  await commands.archive(adminId, first, meta);

  const second = await commands.create(adminId, { churchId, title: 'Advent', description: '' }, meta);
  await commands.saveDraft(adminId, second, { revision: 1, title: 'Advent', description: '', weeks: [week('Waiting')] }, meta);
  await commands.publish(adminId, second, meta);
  await commands.assign(adminId, second, { audience: 'church', groupIds: [], startDate: '2026-03-01' }, meta);
  return { churchId, adminId, streams: [`curriculum-${first}`, `curriculum-${second}`] };
};

let church: Awaited<ReturnType<typeof busyChurch>>;
/** The church's list (as admins see it) and assignments, as the app built them one command at a time. */
let live: { list: unknown; assignments: unknown };

const readChurch = async () => ({
  list: await app.get(CurriculumQueries).list(church.adminId, church.churchId),
  assignments: (await app.get(CurriculumProjection).assignmentsOf(church.churchId)).sort((a, b) =>
    a.assignmentId.localeCompare(b.assignmentId),
  ),
});

/** Empties the church's document, as if its events had not been applied yet. */
const forgetChurch = () => db.collection('church_curricula_2').deleteOne({ _id: church.churchId as never });

const eventsOfChurch = async (): Promise<StoredEvent[]> => {
  const store = app.get(EventStore);
  return (await Promise.all(church.streams.map((id) => store.load(id)))).flat();
};

beforeAll(async () => {
  church = await busyChurch();
  live = await readChurch();
}, 60_000);

describe("a church's curricula list and assignments (fed by every curriculum of the church)", () => {
  it('shows what the commands made', () => {
    expect(live.list).toEqual([
      expect.objectContaining({ title: 'Advent', status: 'published', latestVersion: 1 }),
      expect.objectContaining({ title: 'Psalms, slowly', status: 'archived', latestVersion: 2, weeks: 2, hasUnpublishedChanges: false }),
    ]);
    expect(live.assignments).toHaveLength(2);
    expect(live.assignments).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ title: 'Psalms, slowly', weeks: 2, version: 2, ended: true }),
        expect.objectContaining({ title: 'Advent', weeks: 1, version: 1, ended: false }),
      ]),
    );
  });

  it('ends as the events imply when two replicas apply them at once in any order', async () => {
    const a = app.get(CurriculumProjection);
    const b = new CurriculumProjection(replicaB, app.get(EventStore));
    const events = await eventsOfChurch();

    await forgetChurch();
    await Promise.all(shuffled(events).map((event, i) => (i % 2 ? a : b).apply(event as never)));

    expect(await readChurch()).toEqual(live);
  }, 60_000);

  it('applies a later event only after the ones before it, read from the log', async () => {
    const projection = app.get(CurriculumProjection);
    const events = await eventsOfChurch();

    await forgetChurch();
    // What a slow replica could do: each stream's last event first, then the earlier ones.
    const last = [...new Map(events.map((e) => [e.streamId, e])).values()];
    for (const event of last) await projection.apply(event as never);
    for (const event of events.filter((e) => !last.includes(e))) await projection.apply(event as never);

    expect(await readChurch()).toEqual(live);
  });
});
