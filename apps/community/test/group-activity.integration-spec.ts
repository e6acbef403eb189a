import type { NestFastifyApplication } from '@nestjs/platform-fastify';
import { errorCodes, groupMessages, Refusal, refusalStatus } from '@abide/contracts';
import { ProjectionRunner } from '@abide/event-store';
import { MONGO_CONNECTION } from '@abide/platform';
import type { Connection } from 'mongoose';
import { v7 as uuidv7 } from 'uuid';
import { MemberActivityQueries } from '../src/activity/activity.port';
import { ActivityEvents } from '../src/member-events/activity-events';
import { GroupCommands } from '../src/groups/commands/group.commands';
import { MembershipCommands } from '../src/memberships/membership.commands';
import { MembershipQueries } from '../src/memberships/membership.queries';
import { GroupFigures } from '../src/groups/group-figures.service';
import { GroupQueries } from '../src/groups/group.queries';
import { GROUP_CARD_TTL_MS } from '../src/groups/projections/group-card-cache';
import { PrayerCommands } from '../src/prayers/commands/prayer.commands';
import { PrayerQueries } from '../src/prayers/prayer.queries';
import { PrayerTexts } from '../src/prayers/prayer-texts';
import { envelope, startCommunity } from './community-app.stub';

const clock = { now: new Date('2026-03-04T15:00:00Z') }; // a Wednesday; the week began Sunday 2026-03-01
const meta = { correlationId: 'test' };
let app: NestFastifyApplication;
let events: ActivityEvents;
let groups: GroupCommands;
let memberships: MembershipCommands;
let queries: GroupQueries;
let db: Connection;

type Envelope = ReturnType<typeof envelope>;
const feed = async (...list: Envelope[]) => {
  for (const e of list) {
    const handlers = { ...events.identity, ...events.habits, ...events.plans, ...events.journal } as Record<
      string,
      (e: Envelope) => Promise<void>
    >;
    await handlers[e.type](e);
  }
};

/** Who said yes to sharing: they turn it on in each group they join or start, as the app asks them to (#26). */
const sharers = new Set<string>();

/** A member as identity announces them; they share with their groups unless `share` says otherwise (null: never chose). */
const person = async (name: string, options: { timeZone?: string; share?: boolean | null } = {}) => {
  const userId = uuidv7();
  const stream = `user-${userId}`;
  await feed(
    envelope(
      'identity.user.registered',
      stream,
      1,
      { userId, name, email: `${userId}@example.com`, roles: ['user'], registeredAt: clock.now.toISOString() },
      userId,
    ),
  );
  if (options.timeZone) await feed(envelope('identity.user.settings-updated', stream, 2, { userId, timeZone: options.timeZone }, userId));
  const share = options.share === undefined ? true : options.share;
  if (share !== null) await feed(envelope('identity.user.settings-updated', stream, 3, { userId, shareProgressWithGroups: share }, userId));
  if (share) sharers.add(userId);
  return userId;
};

/** Joins, then (for a member who said yes) turns sharing on with that group, as the join dialog's switch does. */
const join = async (userId: string, groupId: string) => {
  const { status } = await groups.join(userId, groupId, meta);
  if (status === 'joined' && sharers.has(userId)) await memberships.share('group', userId, groupId, true, meta);
  return status;
};

/** A habit's stream as formation writes it: created at v1, then whatever the test appends. */
const habitStream = (userId: string, frequency: Record<string, unknown> = { kind: 'daily' }) => {
  const habitId = uuidv7();
  const stream = `habit-${habitId}`;
  let version = 1;
  const created = envelope(
    'formation.habit.created',
    stream,
    1,
    {
      habitId,
      userId,
      name: 'Prayer',
      description: '',
      category: 'prayer',
      frequency,
      reminderTime: null,
      createdOn: '2026-03-01',
      timeZone: 'UTC',
    },
    userId,
  );
  return {
    habitId,
    created,
    checkIn: (date: string) =>
      envelope(
        'formation.habit.checked-in',
        stream,
        ++version,
        { habitId, userId, date, completed: true, completedAt: clock.now.toISOString(), timeZone: 'UTC', note: null },
        userId,
      ),
    undo: (date: string) =>
      envelope('formation.habit.check-in-undone', stream, ++version, { habitId, userId, date, completed: false }, userId),
    paused: () => envelope('formation.habit.paused', stream, ++version, { habitId, userId, date: '2026-03-04' }, userId),
  };
};

const createGroup = async (ownerId: string, name = 'Tuesday Men’s Group', isPublic = true) => {
  const groupId = await groups.create(ownerId, { name, description: 'We read Romans together', isPublic, meeting: null }, meta);
  if (sharers.has(ownerId)) await memberships.share('group', ownerId, groupId, true, meta);
  return groupId;
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

describe('weekly progress from formation’s events', () => {
  it('counts a check-in delivered twice once, and an undo that overtook its check-in still wins', async () => {
    const anna = await person('Anna', { timeZone: 'America/New_York' });
    const groupId = await createGroup(anna);
    const habit = habitStream(anna);
    const monday = habit.checkIn('2026-03-02'); // v2
    const tuesday = habit.checkIn('2026-03-03'); // v3
    const tuesdayUndone = habit.undo('2026-03-03'); // v4

    await feed(habit.created, monday, { ...monday, id: uuidv7() }, monday, tuesdayUndone, tuesday);

    const [card] = await queries.mine(anna);
    expect(card).toMatchObject({
      id: groupId,
      memberCount: 1,
      myStatus: 'owner',
      active: true,
      weeklyProgress: { completed: 1, expected: 7 },
    });
    expect(card.recentActivity?.text).toBe('Anna checked in a habit');
    const dashboard = await queries.dashboard(anna, groupId);
    expect(dashboard.weekStart).toBe('2026-03-01');
    expect(dashboard.members).toEqual([
      expect.objectContaining({
        userId: anna,
        name: 'Anna',
        role: 'owner',
        sharesProgress: true,
        week: { checkIns: 1, planActivities: 0, journalDays: 0 },
      }),
    ]);
  });

  it('counts what each frequency asks, leaves paused habits out, and ignores last week’s check-ins', async () => {
    const ben = await person('Ben');
    const groupId = await createGroup(ben);
    const weekly = habitStream(ben, { kind: 'weekly' });
    const weekdays = habitStream(ben, { kind: 'weekdays', days: [1, 3, 5] });
    const paused = habitStream(ben);
    await feed(weekly.created, weekly.checkIn('2026-03-02'), weekly.checkIn('2026-03-03'), weekly.checkIn('2026-02-27'));
    await feed(weekdays.created, weekdays.checkIn('2026-03-02'));
    await feed(paused.created, paused.checkIn('2026-03-02'), paused.paused());

    const card = await queries.summary(ben, groupId);

    expect(card.weeklyProgress).toEqual({ completed: 2, expected: 4 });
  });

  it('counts plan activities and journal days order-tolerantly, and never shows a private member’s week', async () => {
    const ruth = await person('Ruth');
    const naomi = await person('Naomi', { share: false });
    // Never chose: private too, sharing is asked, not assumed (#26).
    const orpah = await person('Orpah', { share: null });
    const groupId = await createGroup(ruth);
    await join(naomi, groupId);
    await join(orpah, groupId);
    const planStream = `plan-${ruth}-2026-03-01`;
    const planId = uuidv7();
    const done = (activityId: string, v: number) =>
      envelope(
        'formation.plan.activity-completed',
        planStream,
        v,
        { planId, userId: ruth, activityId, date: '2026-03-02', completedAt: clock.now.toISOString() },
        ruth,
      );
    const undone = (activityId: string, v: number) =>
      envelope('formation.plan.activity-uncompleted', planStream, v, { planId, userId: ruth, activityId, date: '2026-03-02' }, ruth);
    const entry = (userId: string, v: number, type: 'entry-written' | 'entry-deleted', entryId: string, localDate: string) =>
      envelope(`formation.journal.${type}`, `journal-${entryId}`, v, { entryId, userId, localDate }, userId);
    const [e1, e2, e3] = [uuidv7(), uuidv7(), uuidv7()];

    await feed(done('a1', 2), undone('a2', 4), done('a2', 3), done('a1', 2));
    await feed(
      entry(ruth, 1, 'entry-written', e1, '2026-03-02'),
      entry(ruth, 1, 'entry-written', e2, '2026-03-02'),
      entry(ruth, 1, 'entry-written', e3, '2026-03-03'),
    );
    await feed(entry(ruth, 2, 'entry-deleted', e3, '2026-03-03'));
    await feed(entry(naomi, 1, 'entry-written', uuidv7(), '2026-03-03'));
    await feed(entry(orpah, 1, 'entry-written', uuidv7(), '2026-03-03'));

    const dashboard = await queries.dashboard(ruth, groupId);
    const byName = Object.fromEntries(dashboard.members.map((m) => [m.name, m]));
    expect(byName.Ruth.week).toEqual({ checkIns: 0, planActivities: 1, journalDays: 1 });
    expect(byName.Naomi).toMatchObject({ sharesProgress: false, week: null, role: 'member' });
    expect(byName.Orpah).toMatchObject({ sharesProgress: false, week: null, role: 'member' });
    // Private members' weeks stay out of every figure: the chart, the active count and the streak.
    expect(dashboard.weeklyActivity.at(-1)).toEqual({
      weekStart: '2026-03-01',
      activeMembers: 1,
      checkIns: 0,
      planActivities: 1,
      journalDays: 1,
    });
    expect(dashboard.weeklyActivity).toHaveLength(8);
    expect(dashboard.weekStreak).toBe(1);
  });

  it('counts the week streak up to last week until this week reaches half the members', async () => {
    const [a, b, c] = [await person('Priscilla'), await person('Aquila'), await person('Apollos')];
    const groupId = await createGroup(a);
    await join(b, groupId);
    await join(c, groupId);
    const journal = (userId: string, localDate: string) =>
      envelope('formation.journal.entry-written', `journal-${uuidv7()}`, 1, { entryId: uuidv7(), userId, localDate }, userId);
    // Two of three active in each of the last three weeks, one in the week before; this week only one so far.
    await feed(
      journal(a, '2026-02-10'),
      journal(a, '2026-02-16'),
      journal(b, '2026-02-17'),
      journal(a, '2026-02-23'),
      journal(c, '2026-02-26'),
    );
    await feed(journal(b, '2026-02-05'), journal(c, '2026-03-02'));

    expect((await queries.dashboard(a, groupId)).weekStreak).toBe(2);
    await feed(journal(b, '2026-03-03'));
    expect((await queries.dashboard(a, groupId)).weekStreak).toBe(3);
  });
});

describe('names and membership', () => {
  it('shows a later name even when an older event arrives after it', async () => {
    const userId = uuidv7();
    const stream = `user-${userId}`;
    await feed(envelope('identity.user.profile-updated', stream, 3, { userId, name: 'Mary of Magdala' }, userId));
    await feed(
      envelope(
        'identity.user.registered',
        stream,
        1,
        { userId, name: 'Mary', email: `${userId}@example.com`, roles: ['user'], registeredAt: clock.now.toISOString() },
        userId,
      ),
    );
    const groupId = await createGroup(userId);

    expect((await app.get(MembershipQueries).members('group', userId, groupId))[0].name).toBe('Mary of Magdala');
  });

  it('lets a member own one group on the free plan, even when two creates race', async () => {
    const owner = await person('Lydia');
    const results = await Promise.allSettled([createGroup(owner, 'One'), createGroup(owner, 'Two'), createGroup(owner, 'Three')]);

    expect(results.filter((r) => r.status === 'fulfilled')).toHaveLength(1);
    const refused = results.find((r): r is PromiseRejectedResult => r.status === 'rejected')!.reason as unknown;
    expect(refused).toMatchObject({ code: errorCodes.forbidden, message: groupMessages.limitReached(1) });
    expect(await queries.mine(owner)).toHaveLength(1);
  });

  it('lets one of two racing joins through and answers the other with a clear conflict', async () => {
    const owner = await person('Aquila');
    const joiner = await person('Apollos');
    const groupId = await createGroup(owner, 'Ephesus', false);

    const results = await Promise.allSettled([join(joiner, groupId), join(joiner, groupId), join(joiner, groupId)]);

    expect(results.filter((r) => r.status === 'fulfilled')).toHaveLength(1);
    const refusals = results
      .filter((r): r is PromiseRejectedResult => r.status === 'rejected')
      .map((r) => refusalStatus[(r.reason as Refusal).code]);
    expect(refusals).toEqual([409, 409]);
    expect((await app.get(MembershipQueries).requests('group', owner, groupId)).map((r) => r.userId)).toEqual([joiner]);
  });

  it('rebuilds the group read models to what live projection gave', async () => {
    const snapshot = async () => ({
      groups: await db.collection('groups_v2').find().sort({ _id: 1 }).toArray(),
      prayers: await db.collection('prayer_requests_v2').find().sort({ _id: 1 }).toArray(),
    });
    const live = await snapshot();
    expect(live.groups.length).toBeGreaterThan(0);

    await app.get(ProjectionRunner).rebuild('groups-v2');
    await app.get(ProjectionRunner).rebuild('prayer-requests-v2');

    expect(await snapshot()).toEqual(live);
  });
});

describe('account deletion', () => {
  it('removes the member everywhere: membership, counts, prayers, ratings, requests', async () => {
    const owner = await person('Phoebe');
    const leaving = await person('Demas');
    const groupId = await createGroup(owner);
    await join(leaving, groupId);
    const privateGroup = await createGroup(await person('Chloe'), 'Private circle', false);
    expect(await join(leaving, privateGroup)).toBe('requested');
    const habit = habitStream(leaving);
    await feed(habit.created, habit.checkIn('2026-03-02'));
    await groups.rate(owner, groupId, '2026-03-01', 5, meta);
    await groups.rate(leaving, groupId, '2026-03-01', 1, meta);
    const prayers = app.get(PrayerCommands);
    await prayers.post(leaving, groupId, { text: 'For my brother', anonymous: false }, meta);
    const kept = await prayers.post(owner, groupId, { text: 'For the church in Cenchreae', anonymous: false }, meta);
    await prayers.pray(leaving, groupId, kept, meta);
    expect((await queries.dashboard(owner, groupId)).averageRating).toEqual({ average: 3, count: 2 });

    const deleted = envelope(
      'identity.user.deleted',
      `user-${leaving}`,
      9,
      { userId: leaving, deletedAt: clock.now.toISOString() },
      leaving,
    );
    await feed(deleted, deleted);

    const dashboard = await queries.dashboard(owner, groupId);
    expect(dashboard.members.map((m) => m.name)).toEqual(['Phoebe']);
    expect(dashboard.group).toMatchObject({ memberCount: 1, weeklyProgress: { completed: 0, expected: 0 } });
    expect(dashboard.averageRating).toEqual({ average: 5, count: 1 });
    const list = await app.get(PrayerQueries).list(owner, groupId);
    expect(list.map((p) => [p.text, p.prayedCount])).toEqual([['For the church in Cenchreae', 0]]);
    expect((await groups.load(privateGroup)).pending.size).toBe(0);
    // Their words stay in the log only as ciphertext whose key is gone.
    const words = await db.collection('events').find({ subjectId: leaving, type: 'community.prayer.posted' }).toArray();
    expect(words.map((e) => e.data.sealedText)).toEqual([expect.stringMatching(/^pt1\./)]);
    expect(await app.get(PrayerTexts).open(leaving, words[0].data.prayerId, 'text', words[0].data.sealedText)).toBeNull();
    // A check-in arriving after the deletion brings nothing back.
    await feed(habit.checkIn('2026-03-03'));
    expect(await db.collection('activity_facts').countDocuments({ userId: leaving })).toBe(0);
  });

  it('hands an owner’s group to the longest-serving co-leader when the owner’s account is deleted', async () => {
    const owner = await person('Diotrephes');
    const [first, leader] = [await person('Gaius'), await person('Demetrius')];
    const groupId = await createGroup(owner);
    await join(first, groupId);
    await join(leader, groupId);
    await groups.changeRole(owner, groupId, leader, 'co-leader', meta);

    await feed(envelope('identity.user.deleted', `user-${owner}`, 9, { userId: owner, deletedAt: clock.now.toISOString() }, owner));

    const summary = await queries.summary(leader, groupId);
    expect(summary).toMatchObject({ ownerId: leader, ownerName: 'Demetrius', memberCount: 2, myStatus: 'owner' });
  });
});

describe('group cards kept between reads', () => {
  it('computes a card once, then again only after a member’s activity, name or the members change, or a minute passes', async () => {
    const figures = app.get(GroupFigures);
    const computed = jest.spyOn(figures, 'card');
    const anna = await person('Junia');
    const groupId = await createGroup(anna, 'Romans Readers');
    const habit = habitStream(anna);
    await feed(habit.created, habit.checkIn('2026-03-02'));
    const card = async (caller = anna) => (await queries.mine(caller)).find((c) => c.id === groupId)!;
    const computations = () => computed.mock.calls.filter(([members]) => members.some((m) => m.userId === anna)).length;

    try {
      expect((await card()).weeklyProgress).toEqual({ completed: 1, expected: 7 });
      await card();
      expect(computations()).toBe(1);

      await feed(habit.checkIn('2026-03-03'));
      expect((await card()).weeklyProgress).toEqual({ completed: 2, expected: 7 });

      await feed(envelope('identity.user.profile-updated', `user-${anna}`, 5, { userId: anna, name: 'Junia the Apostle' }, anna));
      expect((await card()).recentActivity?.text).toBe('Junia the Apostle checked in a habit');

      const andronicus = await person('Andronicus');
      await join(andronicus, groupId);
      expect((await card(andronicus)).weeklyProgress).toEqual({ completed: 2, expected: 7 });
      expect(computations()).toBe(4);

      await card();
      expect(computations()).toBe(4);
      clock.now = new Date(clock.now.getTime() + GROUP_CARD_TTL_MS + 1);
      await card();
      expect(computations()).toBe(5);
    } finally {
      clock.now = new Date(clock.now.getTime() - GROUP_CARD_TTL_MS - 1);
      computed.mockRestore();
    }
  });

  it('draws the whole dashboard from one moment, even when a check-in is recorded while it is being computed', async () => {
    const lydia = await person('Lydia');
    const groupId = await createGroup(lydia, 'Thyatira dyers');
    const habit = habitStream(lydia);
    await feed(habit.created);
    // The check-in is recorded right after the dashboard first reads the members' activity.
    const activity = app.get(MemberActivityQueries);
    const read = activity.activitiesOf.bind(activity);
    const spy = jest.spyOn(activity, 'activitiesOf').mockImplementationOnce(async (ids) => {
      const seen = await read(ids);
      await feed(habit.checkIn('2026-03-04'));
      return seen;
    });
    try {
      const dashboard = await queries.dashboard(lydia, groupId);
      // The group's progress and Lydia's week tell of the same moment (before it, here): never 0 beside 1.
      const week = dashboard.members.find((m) => m.userId === lydia)?.week;
      expect(dashboard.group.weeklyProgress.completed).toBe(week?.checkIns);
      expect(dashboard.weeklyActivity.at(-1)?.checkIns).toBe(week?.checkIns);
    } finally {
      spy.mockRestore();
    }
    // The next read has it everywhere.
    const after = await queries.dashboard(lydia, groupId);
    expect(after.group.weeklyProgress.completed).toBe(1);
    expect(after.members.find((m) => m.userId === lydia)?.week?.checkIns).toBe(1);
  });

  it('keeps the leaders’ dashboard until a member’s activity, a rating or a role changes, and checks the caller at every read', async () => {
    const figures = app.get(GroupFigures);
    const owner = await person('Chloe');
    const stephanas = await person('Stephanas');
    const gaius = await person('Gaius');
    const groupId = await createGroup(owner, 'Corinth');
    await join(stephanas, groupId);
    await join(gaius, groupId);
    await groups.changeRole(owner, groupId, stephanas, 'co-leader', meta);
    const habit = habitStream(stephanas);
    await feed(habit.created, habit.checkIn('2026-03-02'));
    const computed = jest.spyOn(figures, 'activitiesOf');
    const thisWeek = async (caller = owner) => (await queries.dashboard(caller, groupId)).weeklyActivity.at(-1)!;

    try {
      expect((await thisWeek()).checkIns).toBe(1);
      const seenByCoLeader = await queries.dashboard(stephanas, groupId);
      expect(seenByCoLeader.group.myStatus).toBe('co-leader');
      // A member who leads nothing is refused the kept dashboard as the computed one.
      await expect(queries.dashboard(gaius, groupId)).rejects.toMatchObject({ code: errorCodes.forbidden });
      expect(computed).toHaveBeenCalledTimes(1);

      await feed(habit.checkIn('2026-03-03'));
      expect((await thisWeek()).checkIns).toBe(2);
      await groups.rate(gaius, groupId, '2026-03-01', 4, meta);
      expect((await queries.dashboard(owner, groupId)).averageRating).toEqual({ average: 4, count: 1 });
      expect(computed).toHaveBeenCalledTimes(3);

      await groups.changeRole(owner, groupId, stephanas, 'member', meta);
      // The stale answers are dropped with the change (nothing of them, members' names included, stays behind).
      expect(await db.collection('group_reads').findOne({ _id: groupId as never })).not.toHaveProperty('dashboard');
      await expect(queries.dashboard(stephanas, groupId)).rejects.toMatchObject({ code: errorCodes.forbidden });
    } finally {
      computed.mockRestore();
    }
  });

  it('computes a card again for a member who left, checked in and came back while no one read it', async () => {
    const owner = await person('Nympha');
    const archippus = await person('Archippus');
    const habit = habitStream(archippus);
    await feed(habit.created);
    const groupId = await createGroup(owner, 'Laodicea');
    await join(archippus, groupId);
    const card = async () => (await queries.mine(owner)).find((c) => c.id === groupId)!;
    expect((await card()).weeklyProgress).toEqual({ completed: 0, expected: 7 });

    // Out of the group when his check-in is stored, then back: the same members as when the card was computed.
    await memberships.leave('group', archippus, groupId, meta);
    await feed(habit.checkIn('2026-03-02'));
    await join(archippus, groupId);

    expect((await card()).weeklyProgress).toEqual({ completed: 1, expected: 7 });
  });

  it('tells every group of a member of their check-in from the document it wrote, also one kept before it listed their groups', async () => {
    const [lois, eunice] = [await person('Lois'), await person('Eunice')];
    const habit = habitStream(lois);
    await feed(habit.created);
    const lystra = await createGroup(lois, 'Lystra');
    const derbe = await createGroup(eunice, 'Derbe');
    await join(lois, derbe);
    const progress = async (groupId: string) => (await queries.mine(lois)).find((c) => c.id === groupId)!.weeklyProgress;
    const activity = db.collection<{ _id: string; revision: number; state: string }>('member_activity');
    const marks = async () => JSON.parse((await activity.findOne({ _id: lois }))!.state) as { groups?: Record<string, { in: boolean }> };

    // Her joins were merged into her activity document: a check-in reads no other document to tell both groups.
    expect(Object.keys((await marks()).groups ?? {}).sort()).toEqual([lystra, derbe].sort());
    await feed(habit.checkIn('2026-03-02'));
    expect([await progress(lystra), await progress(derbe)]).toEqual([
      { completed: 1, expected: 7 },
      { completed: 1, expected: 7 },
    ]);

    // A document as written before it kept groups and churches (both cards kept meanwhile): the next write fills
    // them from her memberships and tells both groups.
    const row = (await activity.findOne({ _id: lois }))!;
    const { groups: _groups, churches: _churches, ...older } = JSON.parse(row.state) as Record<string, unknown>;
    await activity.updateOne({ _id: lois }, { $set: { state: JSON.stringify(older), revision: row.revision + 1 } });
    await feed(habit.checkIn('2026-03-03'));
    expect([await progress(lystra), await progress(derbe)]).toEqual([
      { completed: 2, expected: 7 },
      { completed: 2, expected: 7 },
    ]);
    expect(Object.keys((await marks()).groups ?? {}).sort()).toEqual([lystra, derbe].sort());

    // Out of Derbe: her next check-in moves only Lystra's card, and Derbe's no longer counts her.
    await memberships.leave('group', lois, derbe, meta);
    await feed(habit.checkIn('2026-03-04'));
    expect((await marks()).groups?.[derbe]?.in).toBe(false);
    expect(await progress(lystra)).toEqual({ completed: 3, expected: 7 });
  });

  it('keeps no card computed before a check-in of a member in two groups whose kept answers were dropped', async () => {
    const [phoebe, gaius] = [await person('Phoebe'), await person('Gaius')];
    const habit = habitStream(phoebe);
    await feed(habit.created);
    const cenchreae = await createGroup(phoebe, 'Cenchreae');
    const corinth = await createGroup(gaius, 'Corinth');
    await join(phoebe, corinth);
    // The kept answers gone (a dropped collection): the check-in's one command for both groups finds neither.
    await db.collection('group_reads').deleteMany({ _id: { $in: [cenchreae, corinth] } as never });
    const activity = app.get(MemberActivityQueries);
    const read = activity.activitiesOf.bind(activity);
    // The check-in is recorded right after My Groups first reads the members' activity, before it keeps its answer.
    const spy = jest.spyOn(activity, 'activitiesOf').mockImplementationOnce(async (ids) => {
      const seen = await read(ids);
      await feed(habit.checkIn('2026-03-04'));
      return seen;
    });
    try {
      await queries.mine(phoebe);
    } finally {
      spy.mockRestore();
    }

    const progress = async () => (await queries.mine(phoebe)).map((c) => c.weeklyProgress.completed);
    expect(await progress()).toEqual([1, 1]);
  });
});
