import type { NestFastifyApplication } from '@nestjs/platform-fastify';
import { ProjectionRunner } from '@abide/event-store';
import { MONGO_CONNECTION } from '@abide/platform';
import type { Connection } from 'mongoose';
import { v7 as uuidv7 } from 'uuid';
import { ActivityEvents } from '../src/member-events/activity-events';
import { CommunityMigrations } from '../src/community.migration';
import { GroupCommands } from '../src/groups/commands/group.commands';
import { MembershipCommands } from '../src/memberships/membership.commands';
import { GroupQueries } from '../src/groups/group.queries';
import { ChurchFiguresStore } from '../src/churches/dashboard/church-figures.store';
import { ChurchGroupsProjection } from '../src/groups/projections/church-groups.projection';
import { ChurchPageProjection } from '../src/churches/projections/church-page.projection';
import { GroupCardCache } from '../src/groups/projections/group-card-cache';
import { GroupRosterProjection } from '../src/groups/projections/group-roster.projection';
import { MemberChurchesProjection, MemberGroupsProjection } from '../src/memberships/projections/member-memberships.projection';
import { envelope, membershipsOnly, startCommunity } from './community-app.stub';

const clock = { now: new Date('2026-03-04T15:00:00Z') }; // a Wednesday; the week began Sunday 2026-03-01
const meta = { correlationId: 'test' };
let app: NestFastifyApplication;
let events: ActivityEvents;
let groups: GroupCommands;
let memberships: MembershipCommands;
let queries: GroupQueries;
let db: Connection;

/** Hands events to community as its Kafka consumer does. */
const feed = async (e: ReturnType<typeof envelope>) => {
  const handlers = { ...events.identity, ...events.habits } as Record<string, (e: ReturnType<typeof envelope>) => Promise<void>>;
  await handlers[e.type](e);
};

/** A member who turned sharing on (their figures are what these specs count). */
const person = async (name: string) => {
  const userId = uuidv7();
  await feed(
    envelope(
      'identity.user.registered',
      `user-${userId}`,
      1,
      { userId, name, email: `${userId}@example.com`, roles: ['user'], registeredAt: clock.now.toISOString() },
      userId,
    ),
  );
  await feed(envelope('identity.user.settings-updated', `user-${userId}`, 2, { userId, shareProgressWithGroups: true }, userId));
  return userId;
};

beforeAll(async () => {
  app = await startCommunity(clock);
  events = app.get(ActivityEvents);
  groups = app.get(GroupCommands);
  memberships = app.get(MembershipCommands);
  queries = app.get(GroupQueries);
  db = app.get<Connection>(MONGO_CONNECTION);
});
afterAll(async () => {
  await db.dropDatabase();
  await app.close();
});

describe('keyed read models of groups', () => {
  it('drops a group from My Groups when the member leaves, and shows a private group as pending until approved', async () => {
    const [owner, joiner] = [await person('Lydia'), await person('Silas')];
    const open = await groups.create(owner, { name: 'Open', description: '', isPublic: true, meeting: null }, meta);
    const closed = await groups.create(await person('Timothy'), { name: 'Closed', description: '', isPublic: false, meeting: null }, meta);
    await groups.join(joiner, open, meta);
    await groups.join(joiner, closed, meta);

    expect((await queries.mine(joiner)).map((g) => [g.name, g.myStatus])).toEqual([['Open', 'member']]);
    expect((await queries.summary(joiner, closed)).myStatus).toBe('pending');

    await memberships.leave('group', joiner, open, meta);
    expect(await queries.mine(joiner)).toEqual([]);
    expect((await queries.summary(joiner, open)).memberCount).toBe(1);
  });

  it('fills the new read models from the log to what live projection gave', async () => {
    // Each document's value and stream positions, not its revision (a rebuild writes each document afresh); a member's
    // groups without their versions (membershipsOnly).
    const states = async (collection: string, shown: (state: never) => unknown = (state) => state) =>
      (await db.collection<{ _id: string; state: string }>(collection).find().sort({ _id: 1 }).toArray()).map((doc) => [
        doc._id,
        shown(JSON.parse(doc.state) as never),
      ]);
    const snapshot = async () => ({ members: await states('member_groups_v2', membershipsOnly), rosters: await states('group_rosters_v2') });
    const live = await snapshot();
    expect(live.members.length).toBeGreaterThan(0);

    await app.get(ProjectionRunner).rebuild('member-groups-v2');
    await app.get(ProjectionRunner).rebuild('group-roster-v2');

    expect(await snapshot()).toEqual(live);
  });
});

describe('member activity documents', () => {
  it('moves habits and facts kept one document each into the member’s document once, without losing a newer fact', async () => {
    const anna = await person('Anna');
    const groupId = await groups.create(anna, { name: 'Romans', description: '', isPublic: true, meeting: null }, meta);
    // Her figures reach the card once she shares with the group (#26).
    await memberships.share('group', anna, groupId, true, meta);
    const habitId = uuidv7();
    await db.collection('habit_facts').insertOne({
      _id: habitId as never,
      userId: anna,
      frequency: { kind: 'daily' },
      frequencyVersion: 1,
      status: 'active',
      statusVersion: 1,
    });
    await db.collection('activity_facts').insertMany([
      {
        _id: `${habitId}:2026-03-02` as never,
        kind: 'check-in',
        userId: anna,
        habitId,
        date: '2026-03-02',
        done: true,
        at: clock.now,
        version: 2,
      },
      {
        _id: `${habitId}:2026-03-03` as never,
        kind: 'check-in',
        userId: anna,
        habitId,
        date: '2026-03-03',
        done: true,
        at: clock.now,
        version: 3,
      },
    ]);
    // Undone through Kafka before the migration ran: the newer version wins over the old collection's.
    await feed(
      envelope(
        'formation.habit.check-in-undone',
        `habit-${habitId}`,
        4,
        { habitId, userId: anna, date: '2026-03-03', completed: false },
        anna,
      ),
    );
    await db.collection('community_migrations').deleteMany({});

    await app.get(CommunityMigrations).onApplicationBootstrap();
    await app.get(CommunityMigrations).onApplicationBootstrap();

    const card = await queries.summary(anna, groupId);
    expect(card).toMatchObject({ active: true, weeklyProgress: { completed: 1, expected: 7 } });
    expect(card.recentActivity?.text).toBe('Anna checked in a habit');
  });

  it('forgets a deleted member’s activity, and a late check-in brings nothing back', async () => {
    const demas = await person('Demas');
    const checkIn = (version: number, date: string) =>
      feed(
        envelope(
          'formation.habit.checked-in',
          'habit-h',
          version,
          { habitId: 'h', userId: demas, date, completed: true, completedAt: clock.now.toISOString(), timeZone: 'UTC', note: null },
          demas,
        ),
      );
    await checkIn(2, '2026-03-02');
    expect(await db.collection('member_activity').findOne({ _id: demas as never })).not.toBeNull();

    await feed(envelope('identity.user.deleted', `user-${demas}`, 9, { userId: demas, deletedAt: clock.now.toISOString() }, demas));
    await checkIn(3, '2026-03-03');

    // What is left is a tombstone row that holds nothing.
    expect(await db.collection('member_activity').findOne({ _id: demas as never })).toMatchObject({ state: null });
  });
});

describe('collections of read models before their current shape', () => {
  it('are dropped when the new read models are first filled, and group stamps at start, leaving no member’s id behind', async () => {
    const retired = [
      'member_groups',
      'group_rosters',
      'church_pages',
      'member_churches',
      'church_groups',
      'church_sharing',
      'group_card_stamps',
      'group_cards',
    ];
    const userId = uuidv7();
    for (const name of retired) await db.collection(name).insertOne({ _id: userId as never, state: JSON.stringify({ userId }) });

    // What the first filling of a renamed read model runs (a rebuild runs the same), and a start.
    const renamed = [
      MemberGroupsProjection,
      GroupRosterProjection,
      ChurchPageProjection,
      MemberChurchesProjection,
      ChurchGroupsProjection,
      ChurchFiguresStore,
    ];
    for (const readModel of renamed) await app.get<{ reset(): Promise<void> }>(readModel).reset();
    await app.get(GroupCardCache).onApplicationBootstrap();

    const left = (await db.db!.listCollections({}, { nameOnly: true }).toArray()).map((c) => c.name);
    expect(retired.filter((name) => left.includes(name))).toEqual([]);
  });
});
