// Community's read models written by two replicas at once (two apps on one database), and handed later events first.
import type { NestFastifyApplication } from '@nestjs/platform-fastify';
import { EventStore, type Projection, type StoredEvent } from '@abide/event-store';
import { integrationEnv } from '@abide/testing';
import { MONGO_CONNECTION } from '@abide/platform';
import type { Connection } from 'mongoose';
import { v7 as uuidv7 } from 'uuid';
import { ActivityEvents } from '../src/member-events/activity-events';
import { MemberActivityStore } from '../src/activity/projections/member-activity.store';
import { weekCounts } from '../src/activity/activity.port';
import { ChurchCommands } from '../src/churches/commands/church.commands';
import { ChurchDashboardQueries } from '../src/churches/dashboard/church-dashboard.queries';
import { ChurchFiguresProjection } from '../src/churches/dashboard/church-figures.projection';
import { ChurchGroupsProjection } from '../src/groups/projections/church-groups.projection';
import { ChurchLogos } from '../src/churches/projections/church-logos';
import { ChurchPageProjection } from '../src/churches/projections/church-page.projection';
import { GroupCommands } from '../src/groups/commands/group.commands';
import { groupDecider } from '../src/groups/domain/group.decider';
import { GroupQueries } from '../src/groups/group.queries';
import { GroupProjection } from '../src/groups/projections/group.projection';
import { GroupRosterProjection } from '../src/groups/projections/group-roster.projection';
import { MembershipCommands } from '../src/memberships/membership.commands';
import { MemberChurchesProjection, MemberGroupsProjection } from '../src/memberships/projections/member-memberships.projection';
import { PrayerCommands } from '../src/prayers/commands/prayer.commands';
import { PrayerProjection } from '../src/prayers/projections/prayer.projection';
import { CommunityMigrations } from '../src/community.migration';
import { ACTIVITY_WEEKS_MARKER } from '../src/activity/projections/member-activity.migration';
import { envelope, membershipsOnly, startCommunity } from './community-app.stub';

// A Wednesday; the week began on Sunday 2026-03-01.
const clock = { now: new Date('2026-03-04T15:00:00Z') };
const meta = { correlationId: 'test' };
type Envelope = ReturnType<typeof envelope>;
let replicas: NestFastifyApplication[];
let db: Connection;

/** Hands an event to a replica as its Kafka consumer does. */
const feedTo = (app: NestFastifyApplication, e: Envelope) => {
  const events = app.get(ActivityEvents);
  const handlers = { ...events.identity, ...events.habits, ...events.plans, ...events.journal } as Record<string, (e: Envelope) => Promise<void>>;
  return handlers[e.type](e);
};
/** Every event at once, alternately to each replica. */
const feedBoth = (list: readonly Envelope[]) => Promise.all(list.map((e, i) => feedTo(replicas[i % 2], e)));

/** A member who turned sharing on (their figures are what these specs count). */
const person = async (name: string) => {
  const userId = uuidv7();
  const registered = { userId, name, email: `${userId}@example.com`, roles: ['user'], registeredAt: clock.now.toISOString() };
  await feedTo(replicas[0], envelope('identity.user.registered', `user-${userId}`, 1, registered, userId));
  await feedTo(replicas[0], envelope('identity.user.settings-updated', `user-${userId}`, 2, { userId, shareProgressWithGroups: true }, userId));
  return userId;
};

const habitOf = (userId: string) => {
  const habitId = uuidv7();
  const stream = `habit-${habitId}`;
  const created = envelope(
    'formation.habit.created',
    stream,
    1,
    { habitId, userId, name: 'Prayer', description: '', category: 'prayer', frequency: { kind: 'daily' }, reminderTime: null, createdOn: '2026-03-01', timeZone: 'UTC' },
    userId,
  );
  const checkIn = (version: number, date: string) =>
    envelope(
      'formation.habit.checked-in',
      stream,
      version,
      { habitId, userId, date, completed: true, completedAt: clock.now.toISOString(), timeZone: 'UTC', note: null },
      userId,
    );
  return { habitId, created, checkIn };
};

beforeAll(async () => {
  // Two apps on one database: two replicas of community.
  const database = integrationEnv('community').env.MONGO_DB;
  replicas = [await startCommunity(clock, { MONGO_DB: database }), await startCommunity(clock, { MONGO_DB: database })];
  db = replicas[0].get<Connection>(MONGO_CONNECTION);
}, 60_000);
afterAll(async () => {
  await db.dropDatabase();
  await Promise.all(replicas.map((app) => app.close()));
});

describe('read models fed by other services through Kafka, written by two replicas at once', () => {
  it('keeps every one of 60 facts of one member delivered to both replicas at the same moment, in weeks they close meanwhile', async () => {
    const anna = await person('Anna');
    const habits = [habitOf(anna), habitOf(anna), habitOf(anna)];
    await feedBoth(habits.map((h) => h.created));
    // 3 habits × 20 days of check-ins, each habit's in its stream's order, all at once. Every week of February but
    // the last is closed on the clock's day (activity-weeks.ts): each replica closes them while the other adds to them.
    const dates = Array.from({ length: 20 }, (_, i) => `2026-02-${String(i + 1).padStart(2, '0')}`);
    await feedBoth(habits.flatMap((h) => dates.map((date, i) => h.checkIn(i + 2, date))));

    const activity = (await replicas[1].get(MemberActivityStore).activitiesOf([anna])).get(anna)!;
    expect(Object.keys(activity.habits).sort()).toEqual(habits.map((h) => h.habitId).sort());
    const weeks = ['2026-02-01', '2026-02-08', '2026-02-15'];
    expect(weeks.map((week) => weekCounts(activity, week).checkIns)).toEqual([21, 21, 18]);
    expect((await replicas[1].get(MemberActivityStore).activity.get(anna))?.facts).toEqual({});
    const archived = await db.collection<{ _id: string; state: string }>('member_activity_weeks').find({ _id: { $in: weeks.map((w) => `${anna}:${w}`) } }).toArray();
    expect(archived.map((row) => Object.keys(JSON.parse(row.state).facts).length).sort()).toEqual([18, 21, 21]);

    // A journal entry of a closed week written, then deleted months later on the other replica: the week counts it, then not.
    const entry = uuidv7();
    const journal = (version: number, type: 'formation.journal.entry-written' | 'formation.journal.entry-deleted') =>
      envelope(type, `journal-${entry}`, version, { entryId: entry, userId: anna, localDate: '2026-02-03' }, anna);
    await feedTo(replicas[0], journal(1, 'formation.journal.entry-written'));
    const written = (await replicas[1].get(MemberActivityStore).activitiesOf([anna])).get(anna)!;
    expect(weekCounts(written, '2026-02-01').journalDays).toBe(1);
    await feedTo(replicas[1], journal(2, 'formation.journal.entry-deleted'));
    await feedTo(replicas[0], journal(1, 'formation.journal.entry-written'));
    const deleted = (await replicas[0].get(MemberActivityStore).activitiesOf([anna])).get(anna)!;
    expect(weekCounts(deleted, '2026-02-01')).toEqual({ checkIns: 21, planActivities: 0, journalDays: 0 });
  }, 120_000);

  it('closes the past weeks of documents kept whole before weeks closed, once, also while a replica adds a fact to one', async () => {
    const rows = db.collection<{ _id: string; revision: number; state: string }>('member_activity');
    /** A member with a habit and their whole history in their document, as written before weeks closed. */
    const keptWhole = async (name: string) => {
      const userId = await person(name);
      const habit = habitOf(userId);
      await feedTo(replicas[0], habit.created);
      const facts = Object.fromEntries(
        ['2026-02-10', '2026-02-11', '2026-02-12', '2026-02-13', '2026-02-14', '2026-02-15', '2026-03-02'].map((date, i) => [
          `${habit.habitId}:${date}`,
          { kind: 'check-in', habitId: habit.habitId, date, done: true, at: `${date}T07:00:00.000Z`, version: i + 2 },
        ]),
      );
      const row = (await rows.findOne({ _id: userId }))!;
      const { closedBefore: _closed, weeks: _weeks, openWeeks: _open, ...kept } = JSON.parse(row.state) as Record<string, unknown>;
      await rows.updateOne(
        { _id: userId },
        { $set: { state: JSON.stringify({ ...kept, facts }), revision: row.revision + 1 }, $unset: { detail: '' } },
      );
      return { userId, habit };
    };
    const [tabitha, dorcas] = [await keptWhole('Tabitha'), await keptWhole('Dorcas')];
    await db.collection('community_migrations').deleteOne({ _id: ACTIVITY_WEEKS_MARKER as never });

    await Promise.all([
      ...replicas.map((app) => app.get(CommunityMigrations).onApplicationBootstrap()),
      feedTo(replicas[1], tabitha.habit.checkIn(9, '2026-03-03')),
    ]);

    const store = replicas[0].get(MemberActivityStore);
    const activities = await store.activitiesOf([tabitha.userId, dorcas.userId]);
    const weeks = (userId: string) => ['2026-02-08', '2026-02-15', '2026-03-01'].map((week) => weekCounts(activities.get(userId)!, week).checkIns);
    const openFacts = async (userId: string) => Object.keys((await store.activity.get(userId))!.facts).sort();
    expect(weeks(tabitha.userId)).toEqual([5, 1, 2]);
    expect(await openFacts(tabitha.userId)).toEqual([`${tabitha.habit.habitId}:2026-03-02`, `${tabitha.habit.habitId}:2026-03-03`]);
    // Nothing written for her since: the step alone closed her weeks and stored her facts apart from her figures.
    expect(weeks(dorcas.userId)).toEqual([5, 1, 1]);
    expect(await openFacts(dorcas.userId)).toEqual([`${dorcas.habit.habitId}:2026-03-02`]);
    expect(activities.get(dorcas.userId)).not.toHaveProperty('facts');
    expect(await db.collection('community_migrations').findOne({ _id: ACTIVITY_WEEKS_MARKER as never })).not.toBeNull();
  });

  it('brings back nothing of a deleted member when a replica that remembers their activity applies a late check-in', async () => {
    const demas = await person('Demas');
    const habit = habitOf(demas);
    // Replica 0 writes the activity and so remembers its row; replica 1 applies the deletion.
    await feedTo(replicas[0], habit.created);
    await feedTo(replicas[0], habit.checkIn(2, '2026-03-02'));
    // A check-in of a closed week: kept in that week's archive, which goes with the rest.
    await feedTo(replicas[0], habit.checkIn(3, '2026-02-10'));
    expect(await db.collection('member_activity_weeks').findOne({ _id: `${demas}:2026-02-08` as never })).not.toBeNull();
    await feedTo(replicas[1], envelope('identity.user.deleted', `user-${demas}`, 9, { userId: demas, deletedAt: clock.now.toISOString() }, demas));
    await feedTo(replicas[0], habit.checkIn(4, '2026-03-03'));
    await feedTo(replicas[0], habit.checkIn(5, '2026-02-11'));

    expect(await db.collection('member_activity').findOne({ _id: demas as never })).toMatchObject({ state: null });
    expect(await db.collection('member_activity_weeks').countDocuments({ _id: { $gte: `${demas}:`, $lt: `${demas};` } as never })).toBe(0);
    expect((await replicas[0].get(MemberActivityStore).activitiesOf([demas])).get(demas)?.facts).toEqual({});
  });

  it('keeps the latest of a person’s name, zone and sharing choice, whatever order two replicas apply them in', async () => {
    const userId = uuidv7();
    const stream = `user-${userId}`;
    const list: Envelope[] = [
      envelope('identity.user.registered', stream, 1, { userId, name: 'Saul', email: `${userId}@example.com`, roles: ['user'], registeredAt: clock.now.toISOString() }, userId),
      envelope('identity.user.onboarding-completed', stream, 2, { userId, name: 'Saul of Tarsus', timeZone: 'Asia/Damascus' }, userId),
      ...Array.from({ length: 10 }, (_, i) =>
        envelope('identity.user.settings-updated', stream, 3 + i, { userId, shareProgressWithGroups: i % 2 === 1 }, userId),
      ),
      envelope('identity.user.profile-updated', stream, 13, { userId, name: 'Paul' }, userId),
      envelope('identity.user.settings-updated', stream, 14, { userId, timeZone: 'Europe/Rome' }, userId),
    ];
    await feedBoth([...list].reverse());

    const [paul] = await replicas[0].get(MemberActivityStore).peopleByIds([userId]);
    expect(paul).toMatchObject({ name: 'Paul', timeZone: 'Europe/Rome', shareProgress: true, deleted: false });
  }, 60_000);

  it('shows the church logo of the latest event of the logo stream, also when an older one comes after it', async () => {
    const churchId = uuidv7();
    const logo = (version: number, type: 'replaced' | 'removed', logoId = `logo-${version}`) =>
      ({
        type: `library.logo.${type}`,
        version,
        data: type === 'replaced' ? { churchId, logoId, contentType: 'image/png', bytes: 10, replacedBy: 'x' } : { churchId, removedBy: 'x' },
      }) as never;
    const [a, b] = replicas.map((app) => app.get(ChurchLogos));
    await Promise.all([a.replaced(logo(3, 'replaced')), b.replaced(logo(2, 'replaced')), a.replaced(logo(1, 'replaced'))]);
    expect(await b.urlOf(churchId)).toBe(`/api/logos/${churchId}/logo-3`);
    await Promise.all([b.removed(logo(4, 'removed')), a.replaced(logo(3, 'replaced'))]);
    expect(await a.urlOf(churchId)).toBeNull();
  });

  it('counts every member’s check-ins on the pastor’s dashboard when both replicas apply them at once', async () => {
    const pastor = await person('Pastor Mark');
    const churches = replicas[0].get(ChurchCommands);
    const memberships = replicas[0].get(MembershipCommands);
    const churchId = await churches.create(
      pastor,
      { name: 'St. Mark’s', slug: `st-marks-${uuidv7().slice(-8)}`, primaryColor: '#1e3a8a', welcome: '', timeZone: 'UTC' },
      meta,
    );
    const code = (await churches.load(churchId)).joinCode;
    const members = await Promise.all(Array.from({ length: 6 }, (_, i) => person(`Member ${i}`)));
    // Joins through both replicas at once: the church's stream takes them one by one (the command retries a lost race).
    await Promise.all(members.map((userId, i) => replicas[i % 2].get(ChurchCommands).joinByCode(userId, code, meta)));
    // Each shares with the church (#26), through both replicas too.
    await memberships.share('church', pastor, churchId, true, meta);
    await Promise.all(members.map((userId, i) => replicas[i % 2].get(MembershipCommands).share('church', userId, churchId, true, meta)));
    const habits = members.map((userId) => habitOf(userId));
    await feedBoth(habits.map((h) => h.created));
    await feedBoth(habits.flatMap((h) => ['2026-03-01', '2026-03-02', '2026-03-03'].map((date, i) => h.checkIn(i + 2, date))));

    const dashboard = await replicas[1].get(ChurchDashboardQueries).dashboard(pastor, churchId);
    expect(dashboard).toMatchObject({ members: 7, sharingMembers: 7, activeThisWeek: 6 });
    expect(dashboard.weeks.at(-1)).toMatchObject({ weekStart: '2026-03-01', activeMembers: 6, checkIns: 18 });
  }, 120_000);
});

describe('read models of community’s own streams, written by two replicas at once', () => {
  it('shows every one of 16 members who joined one group through both replicas at once, in the group and in My Groups', async () => {
    const owner = await person('Lydia');
    const groupId = await replicas[0].get(GroupCommands).create(owner, { name: 'Philippi', description: '', isPublic: true, meeting: null }, meta);
    const joiners = await Promise.all(Array.from({ length: 16 }, (_, i) => person(`Joiner ${i}`)));
    await Promise.all(joiners.map((userId, i) => replicas[i % 2].get(GroupCommands).join(userId, groupId, meta)));
    await Promise.all(joiners.slice(0, 4).map((userId, i) => replicas[i % 2].get(GroupCommands).rate(userId, groupId, '2026-03-01', 4, meta)));

    const queries = replicas[1].get(GroupQueries);
    const summary = await queries.summary(owner, groupId);
    expect(summary.memberCount).toBe(17);
    const roster = await replicas[0].get(GroupRosterProjection).read(groupId);
    expect(Object.keys(roster.members).sort()).toEqual([owner, ...joiners].sort());
    expect(Object.keys(roster.ratings)).toHaveLength(4);
    for (const userId of joiners) expect((await queries.mine(userId)).map((g) => g.id)).toEqual([groupId]);
  }, 120_000);
});

describe('group cards kept between reads, with two replicas', () => {
  it('shows a new member’s check-in that another replica stored while the join had reached the group’s roster but not yet the member’s groups', async () => {
    const owner = await person('Lydia');
    const tabitha = await person('Tabitha');
    const habit = habitOf(tabitha);
    await feedTo(replicas[1], habit.created);
    const groupId = await replicas[0].get(GroupCommands).create(owner, { name: 'Joppa', description: '', isPublic: true, meeting: null }, meta);
    const card = async () => (await replicas[1].get(GroupQueries).mine(owner)).find((g) => g.id === groupId)!;
    await card();

    // Replica 0 takes Tabitha's join: appended, and its read models written one after the other; it has written the
    // roster and the group, not yet her groups.
    const store = replicas[0].get(EventStore);
    const stream = `group-${groupId}`;
    const [joined] = await store.append(
      stream,
      (await store.aggregate(stream, groupDecider)).version,
      [{ type: 'community.group.member-joined', data: { groupId, userId: tabitha, role: 'member', via: 'open', joinedAt: clock.now.toISOString() }, subjectId: tabitha }],
      meta,
    );
    await replicas[0].get(GroupRosterProjection).apply(joined as StoredEvent<'community.group.member-joined'>);
    await replicas[0].get(GroupProjection).apply(joined as StoredEvent<'community.group.member-joined'>);
    // She shares with the group (#26): the roster has her choice, her groups do not yet.
    const [shared] = await store.append(
      stream,
      joined.version,
      [{ type: 'community.group.member-sharing-changed', data: { groupId, userId: tabitha, shares: true }, subjectId: tabitha }],
      meta,
    );
    await replicas[0].get(GroupRosterProjection).apply(shared as StoredEvent<'community.group.member-sharing-changed'>);
    await replicas[0].get(GroupProjection).apply(shared as StoredEvent<'community.group.member-sharing-changed'>);
    // Meanwhile the card is read (computed with Tabitha, before her check-in) and replica 1 stores her check-in.
    expect((await card()).weeklyProgress).toEqual({ completed: 0, expected: 7 });
    await feedTo(replicas[1], habit.checkIn(2, '2026-03-02'));
    // Her groups last: the group's other read models were all written before her check-in was stored.
    await replicas[0].get(MemberGroupsProjection).apply(joined as StoredEvent<'community.group.member-joined'>);
    await replicas[0].get(MemberGroupsProjection).apply(shared as StoredEvent<'community.group.member-sharing-changed'>);

    expect((await card()).weeklyProgress).toEqual({ completed: 1, expected: 7 });
  }, 60_000);

  it('serves the same card and dashboard as a fresh computation after both replicas wrote and read them at once', async () => {
    const owner = await person('Priscilla');
    const members = [await person('Aquila'), await person('Apollos'), await person('Erastus'), await person('Crispus')];
    const groupId = await replicas[0].get(GroupCommands).create(owner, { name: 'Corinth', description: '', isPublic: true, meeting: null }, meta);
    await replicas[0].get(MembershipCommands).share('group', owner, groupId, true, meta);
    const habits = [owner, ...members].map(habitOf);
    await feedBoth(habits.map((h) => h.created));

    // Both replicas keep reading (and keeping) the answers while members join, share, check in and rate through both.
    let writing = true;
    const reading = replicas.map(async (app) => {
      while (writing) {
        await app.get(GroupQueries).mine(owner);
        await app.get(GroupQueries).dashboard(owner, groupId);
      }
    });
    await Promise.all(
      members.map(async (userId, i) => {
        await replicas[i % 2].get(GroupCommands).join(userId, groupId, meta);
        await replicas[(i + 1) % 2].get(MembershipCommands).share('group', userId, groupId, true, meta);
      }),
    );
    await Promise.all(members.map((userId, i) => replicas[i % 2].get(GroupCommands).rate(userId, groupId, '2026-03-01', 2 + (i % 3), meta)));
    // The check-ins last: nothing of the group's own changes after them.
    await feedBoth(habits.flatMap((h) => ['2026-03-01', '2026-03-02', '2026-03-03', '2026-03-04'].map((date, i) => h.checkIn(i + 2, date))));
    writing = false;
    await Promise.all(reading);

    const card = async (app: NestFastifyApplication) => (await app.get(GroupQueries).mine(owner)).find((g) => g.id === groupId)!;
    const kept = { card: await card(replicas[1]), dashboard: await replicas[1].get(GroupQueries).dashboard(owner, groupId) };
    expect(kept.card).toMatchObject({ memberCount: 5, weeklyProgress: { completed: 20, expected: 35 } });
    expect(kept.dashboard.weeklyActivity.at(-1)).toMatchObject({ activeMembers: 5, checkIns: 20 });
    expect(kept.dashboard.averageRating).toEqual({ average: 2.75, count: 4 });
    // Nothing kept: what a computation from the read models says now.
    await db.collection('group_reads').deleteOne({ _id: groupId as never });
    expect({ card: await card(replicas[0]), dashboard: await replicas[0].get(GroupQueries).dashboard(owner, groupId) }).toEqual(kept);
  }, 120_000);
});

describe('a read model handed a later event before an earlier one', () => {
  /** Every event of the log, each stream's in reverse order: the latest first, so each earlier one comes after it. */
  const reversedLog = async (): Promise<StoredEvent[]> => {
    const store = replicas[0].get(EventStore);
    const streams = await Promise.all((await store.streamIds()).map((id) => store.load(id)));
    return streams.flatMap((events) => [...events].reverse());
  };

  it('ends each of community’s own read models as applying the events in order did', async () => {
    // Some of everything: a church with a group, members who join, leave, request, rate and pray.
    const [owner, anna, ben] = [await person('Priscilla'), await person('Anna'), await person('Ben')];
    const churches = replicas[0].get(ChurchCommands);
    const groups = replicas[0].get(GroupCommands);
    const memberships = replicas[0].get(MembershipCommands);
    const churchId = await churches.create(owner, { name: 'Ephesus', slug: `ephesus-${uuidv7().slice(-8)}`, primaryColor: '#1e3a8a', welcome: '', timeZone: 'UTC' }, meta);
    const code = (await churches.load(churchId)).joinCode;
    await churches.joinByCode(anna, code, meta);
    await churches.joinByCode(ben, code, meta);
    const groupId = await groups.create(owner, { name: 'Ephesus group', description: '', isPublic: true, meeting: null, churchId }, meta);
    const closed = await groups.create(await person('Tychicus'), { name: 'Closed', description: '', isPublic: false, meeting: null }, meta);
    await groups.join(anna, groupId, meta);
    await groups.join(ben, groupId, meta);
    await groups.join(ben, closed, meta);
    // Sharing choices on both kinds of stream (#26).
    await memberships.share('group', anna, groupId, true, meta);
    await memberships.share('church', anna, churchId, true, meta);
    await memberships.share('church', ben, churchId, true, meta);
    await memberships.share('church', ben, churchId, false, meta);
    await groups.rate(anna, groupId, '2026-03-01', 5, meta);
    await memberships.leave('group', ben, groupId, meta);
    await replicas[0].get(PrayerCommands).post(anna, groupId, { text: 'For Ephesus', anonymous: false }, meta);

    const projections: Array<{ projection: Projection; collection: string }> = [
      { projection: replicas[0].get(GroupProjection), collection: 'groups_v2' },
      { projection: replicas[0].get(GroupRosterProjection), collection: 'group_rosters_v2' },
      { projection: replicas[0].get(MemberGroupsProjection), collection: 'member_groups_v2' },
      { projection: replicas[0].get(PrayerProjection), collection: 'prayer_requests_v2' },
      { projection: replicas[0].get(ChurchPageProjection), collection: 'church_pages_v2' },
      { projection: replicas[0].get(MemberChurchesProjection), collection: 'member_churches_v2' },
      { projection: replicas[0].get(ChurchGroupsProjection), collection: 'church_groups_v2' },
      { projection: replicas[0].get(ChurchFiguresProjection), collection: 'church_sharing_v2' },
    ];
    // What each document holds (its value and version or positions), not its revision; a member's groups without
    // their versions (membershipsOnly).
    const stateOf = (collection: string, state: string) => (collection === 'member_groups_v2' ? membershipsOnly(JSON.parse(state)) : JSON.parse(state));
    const snapshot = async (collection: string) =>
      (await db.collection(collection).find().sort({ _id: 1 }).toArray()).map(({ revision: _r, ...doc }) =>
        'state' in doc ? { _id: doc._id, state: stateOf(collection, doc.state as string) } : doc,
      );
    const inOrder = await Promise.all(projections.map(({ collection }) => snapshot(collection)));
    expect(inOrder.map((docs) => docs.length > 0)).toEqual(projections.map(() => true));

    const log = await reversedLog();
    for (const { projection } of projections) {
      await projection.reset();
      for (const event of log) if (projection.handles.includes(event.type)) await projection.apply(event);
    }

    expect(await Promise.all(projections.map(({ collection }) => snapshot(collection)))).toEqual(inOrder);
  }, 120_000);
});
