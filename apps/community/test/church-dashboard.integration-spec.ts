import type { NestFastifyApplication } from '@nestjs/platform-fastify';
import type { ChurchDashboard } from '@abide/contracts';
import { ProjectionRunner } from '@abide/event-store';
import { MONGO_CONNECTION } from '@abide/platform';
import type { Connection } from 'mongoose';
import { v7 as uuidv7 } from 'uuid';
import { addDays } from '@abide/calendar';
import { ActivityEvents } from '../src/member-events/activity-events';
import { ChurchDashboardQueries } from '../src/churches/dashboard/church-dashboard.queries';
import { classifyMessage } from '@abide/messaging';
import { GroupQueries } from '../src/groups/group.queries';
import { ChurchCommands } from '../src/churches/commands/church.commands';
import { GroupCommands } from '../src/groups/commands/group.commands';
import { MembershipCommands } from '../src/memberships/membership.commands';
import { envelope, startCommunity } from './community-app.stub';

// A Wednesday in London; the church's week began on Sunday 2026-03-01.
const clock = { now: new Date('2026-03-04T15:00:00Z') };
const meta = { correlationId: 'test' };
let app: NestFastifyApplication;
let events: ActivityEvents;
let churches: ChurchCommands;
let groups: GroupCommands;
let memberships: MembershipCommands;
let dashboards: ChurchDashboardQueries;
let db: Connection;

type Envelope = ReturnType<typeof envelope>;
const feed = async (...list: Envelope[]) => {
  const handlers = { ...events.identity, ...events.habits, ...events.plans, ...events.journal } as Record<
    string,
    (e: Envelope) => Promise<void>
  >;
  for (const e of list) await handlers[e.type](e);
};

/**
 * A person as identity announces them; `userVersion` numbers their stream's later events. They turned sharing on
 * unless `share` says otherwise (null: never chose, which is private too, #26).
 */
const people = new Map<string, number>();
/** Who said yes: they turn sharing on with each church and group they join or start, as the app asks them to (#26). */
const sharers = new Set<string>();
const person = async (name: string, share: boolean | null = true) => {
  const userId = uuidv7();
  const registered = { userId, name, email: `${userId}@example.com`, roles: ['user'], registeredAt: clock.now.toISOString() };
  await feed(envelope('identity.user.registered', `user-${userId}`, 1, registered, userId));
  people.set(userId, 1);
  if (share !== null) await sharing(userId, share);
  if (share) sharers.add(userId);
  return userId;
};
const sharing = async (userId: string, shareProgressWithGroups: boolean) => {
  const version = people.get(userId)! + 1;
  people.set(userId, version);
  await feed(envelope('identity.user.settings-updated', `user-${userId}`, version, { userId, shareProgressWithGroups }, userId));
};

/** Formation's facts, each on a stream of its own. */
const checkIn = (userId: string, date: string, version = 2) => {
  const habitId = uuidv7();
  const data = { habitId, userId, date, completed: true, completedAt: clock.now.toISOString(), timeZone: 'UTC', note: null };
  return envelope('formation.habit.checked-in', `habit-${habitId}`, version, data, userId);
};
const journal = (userId: string, localDate: string) => {
  const entryId = uuidv7();
  return envelope('formation.journal.entry-written', `journal-${entryId}`, 1, { entryId, userId, localDate }, userId);
};
const planActivity = (userId: string, date: string) => {
  const planId = uuidv7();
  const data = { planId, userId, activityId: 'a1', date, completedAt: clock.now.toISOString() };
  return envelope('formation.plan.activity-completed', `plan-${planId}`, 2, data, userId);
};

const createChurch = async (adminId: string) => {
  const churchId = await churches.create(
    adminId,
    { name: 'St. Mark’s', slug: `st-marks-${uuidv7().slice(-8)}`, primaryColor: '#1e3a8a', welcome: '', timeZone: 'Europe/London' },
    meta,
  );
  if (sharers.has(adminId)) await memberships.share('church', adminId, churchId, true, meta);
  const code = (await churches.load(churchId)).joinCode;
  const join = async (userId: string) => {
    await churches.joinByCode(userId, code, meta);
    if (sharers.has(userId)) await memberships.share('church', userId, churchId, true, meta);
  };
  return { churchId, join };
};

const joinGroup = async (userId: string, groupId: string) => {
  await groups.join(userId, groupId, meta);
  if (sharers.has(userId)) await memberships.share('group', userId, groupId, true, meta);
};

const dashboardOf = (adminId: string, churchId: string): Promise<ChurchDashboard> => dashboards.dashboard(adminId, churchId);

beforeAll(async () => {
  app = await startCommunity(clock);
  events = app.get(ActivityEvents);
  churches = app.get(ChurchCommands);
  groups = app.get(GroupCommands);
  memberships = app.get(MembershipCommands);
  dashboards = app.get(ChurchDashboardQueries);
  db = app.get<Connection>(MONGO_CONNECTION);
});
afterAll(async () => {
  await db.dropDatabase();
  await app.close();
});

describe('the church’s figures from formation’s events', () => {
  it('counts sharing members’ check-ins, plan activities and journal days by week; a non-sharing member only in members', async () => {
    const pastor = await person('Pastor Mark');
    const [anna, ben, quiet] = [await person('Anna'), await person('Ben'), await person('Quiet', false)];
    const unasked = await person('Never chose', null);
    const { churchId, join } = await createChurch(pastor);
    for (const member of [anna, ben, quiet, unasked]) await join(member);

    const annaCheckIn = checkIn(anna, '2026-03-02');
    await feed(annaCheckIn, annaCheckIn, checkIn(anna, '2026-03-03'), journal(anna, '2026-03-03'), journal(anna, '2026-03-03'));
    await feed(planActivity(ben, '2026-02-24'), checkIn(ben, '2026-01-05'));
    await feed(checkIn(quiet, '2026-03-02'), journal(quiet, '2026-03-02'), planActivity(quiet, '2026-02-25'));
    await feed(checkIn(unasked, '2026-03-03'), journal(unasked, '2026-03-03'));

    const d = await dashboardOf(pastor, churchId);
    expect(d).toMatchObject({ weekStart: '2026-03-01', members: 5, sharingMembers: 3, activeThisWeek: 1, activeLast8Weeks: 1 });
    expect(d.weeks.at(-1)).toEqual({ weekStart: '2026-03-01', activeMembers: 1, checkIns: 2, planActivities: 0, journalDays: 1 });
    expect(d.weeks.at(-2)).toEqual({ weekStart: '2026-02-22', activeMembers: 1, checkIns: 0, planActivities: 1, journalDays: 0 });
    // 2026-01-05 is in the week of 2026-01-04: the oldest shown.
    expect(d.weeks[0]).toMatchObject({ weekStart: '2026-01-04', activeMembers: 1, checkIns: 1 });
    // The non-sharing member's week appears nowhere, not even as an activity count of zero.
    expect(d.weeks.reduce((n, w) => n + w.journalDays, 0)).toBe(1);
    expect(await db.collection('church_weeks').countDocuments({ state: { $regex: quiet } })).toBe(0);
    expect(await db.collection('church_weeks').countDocuments({ state: { $regex: unasked } })).toBe(0);
  });

  it('follows an undo, and moves a member in and out of every figure shown when they start or stop sharing', async () => {
    const pastor = await person('Pastor Luke');
    const [ruth, naomi] = [await person('Ruth'), await person('Naomi', false)];
    const { churchId, join } = await createChurch(pastor);
    await join(ruth);
    await join(naomi);
    const done = checkIn(ruth, '2026-03-02', 2);
    await feed(done, journal(naomi, '2026-03-02'), checkIn(naomi, '2026-02-17'));
    const undone = envelope('formation.habit.check-in-undone', done.streamId, 3, { ...done.data, completed: false }, ruth);
    await feed(undone, done);

    let d = await dashboardOf(pastor, churchId);
    expect(d).toMatchObject({ sharingMembers: 2, activeThisWeek: 0, activeLast8Weeks: 0 });

    await sharing(naomi, true);
    d = await dashboardOf(pastor, churchId);
    expect(d).toMatchObject({ sharingMembers: 3, activeThisWeek: 1, activeLast8Weeks: 1 });
    expect(d.weeks.at(-1)).toMatchObject({ journalDays: 1 });
    expect(d.weeks.find((w) => w.weekStart === '2026-02-15')).toMatchObject({ activeMembers: 1, checkIns: 1 });

    await sharing(ruth, false);
    await sharing(naomi, false);
    d = await dashboardOf(pastor, churchId);
    expect(d).toMatchObject({ members: 3, sharingMembers: 1, activeThisWeek: 0, activeLast8Weeks: 0 });
    expect(d.weeks.every((w) => w.activeMembers + w.checkIns + w.planActivities + w.journalDays === 0)).toBe(true);
  });

  it('counts a member from the week they join with their history, and leaves no trace once they leave', async () => {
    const pastor = await person('Pastor John');
    const lydia = await person('Lydia');
    const { churchId, join } = await createChurch(pastor);
    await feed(checkIn(lydia, '2026-02-10'), journal(lydia, '2026-03-01'));

    expect((await dashboardOf(pastor, churchId)).activeLast8Weeks).toBe(0);
    await join(lydia);
    expect(await dashboardOf(pastor, churchId)).toMatchObject({ members: 2, activeThisWeek: 1, activeLast8Weeks: 1 });

    await memberships.leave('church', lydia, churchId, meta);
    const d = await dashboardOf(pastor, churchId);
    expect(d).toMatchObject({ members: 1, sharingMembers: 1, activeThisWeek: 0, activeLast8Weeks: 0 });
    await feed(checkIn(lydia, '2026-03-04'));
    expect((await dashboardOf(pastor, churchId)).activeThisWeek).toBe(0);
  });

  it('leaves out, in old weeks as in new, the check-offs a regeneration erased (before v3 of plan.generated, all of them)', async () => {
    const pastor = await person('Pastor Paul');
    const timothy = await person('Timothy');
    const { churchId, join } = await createChurch(pastor);
    await join(timothy);
    const groupId = await groups.create(pastor, { name: 'Lystra', description: 'Letters', isPublic: true, meeting: null }, meta);
    await joinGroup(timothy, groupId);
    // Events as formation stored them, read as community's consumer reads them: an older version upcast to the current.
    const stored = (type: string, weekStart: string, version: number, schemaVersion: number, data: Record<string, unknown>) => {
      const read = classifyMessage(
        { ...envelope(type, `plan-${timothy}-${weekStart}`, version, data, timothy), schemaVersion },
        new Set(Object.keys(events.plans)),
      );
      if (read.kind !== 'handle') throw new Error(`${type} v${schemaVersion} not readable: ${JSON.stringify(read)}`);
      return read.event as Envelope;
    };
    const days = (weekStart: string) =>
      Array.from({ length: 7 }, (_, i) => ({
        day: 'Day',
        dayIndex: i,
        date: addDays(weekStart, i),
        activities: [{ id: `a${i}`, name: 'Pray', description: 'Pray the psalm.' }],
      }));
    const generated = (weekStart: string, version: number, schemaVersion: 2 | 3, planId: string, carriedOver: string[] = []) =>
      stored('formation.plan.generated', weekStart, version, schemaVersion, {
        planId,
        userId: timothy,
        weekStart,
        source: 'built-in',
        reason: version === 1 ? 'onboarding' : 'regenerate',
        plan: { themeId: 't', theme: 'Hope', description: 'Hope.', scriptures: [], weekStart, dailyActivities: days(weekStart) },
        curriculum: null,
        ...(schemaVersion === 3 ? { carriedOver: carriedOver.map((activityId) => ({ activityId, date: addDays(weekStart, 1) })) } : {}),
      });
    const completed = (weekStart: string, version: number, planId: string, activityId: string) =>
      stored('formation.plan.activity-completed', weekStart, version, 1, {
        planId,
        userId: timothy,
        activityId,
        date: addDays(weekStart, 1),
        completedAt: clock.now.toISOString(),
      });
    const planActivitiesOf = async (weekStart: string) => ({
      church: (await dashboardOf(pastor, churchId)).weeks.find((w) => w.weekStart === weekStart)?.planActivities,
      group: (await app.get(GroupQueries).dashboard(pastor, groupId)).weeklyActivity.find((w) => w.weekStart === weekStart)?.planActivities,
    });

    // Two weeks ago, before v3: two check-offs, then 'Regenerate Plan' with a new plan id, which kept none of them.
    const [old, regenerated] = [uuidv7(), uuidv7()];
    await feed(generated('2026-02-15', 1, 2, old), completed('2026-02-15', 2, old, 'a1'), completed('2026-02-15', 3, old, 'a2'));
    expect(await planActivitiesOf('2026-02-15')).toEqual({ church: 2, group: 2 });
    await feed(generated('2026-02-15', 4, 2, regenerated), completed('2026-02-15', 5, regenerated, 'a3'));
    expect(await planActivitiesOf('2026-02-15')).toEqual({ church: 1, group: 1 });

    // This week, v3: the regeneration carries the check-off over, which keeps counting once.
    const week = uuidv7();
    await feed(generated('2026-03-01', 1, 3, week), completed('2026-03-01', 2, week, 'a1'), generated('2026-03-01', 3, 3, week, ['a1']));
    expect(await planActivitiesOf('2026-03-01')).toEqual({ church: 1, group: 1 });
  });
});

describe('group health', () => {
  it('shows a church group member by member from 3 sharing church members, and totals below that', async () => {
    const pastor = await person('Pastor Paul');
    const [silas, timothy, titus, quiet] = [
      await person('Silas'),
      await person('Timothy'),
      await person('Titus'),
      await person('Demas', false),
    ];
    const { churchId, join } = await createChurch(pastor);
    for (const member of [silas, timothy, titus, quiet]) await join(member);
    const groupId = await groups.create(pastor, { name: 'Berea readers', description: '', isPublic: true, meeting: null, churchId }, meta);
    for (const member of [silas, quiet]) await joinGroup(member, groupId);
    await feed(checkIn(silas, '2026-03-02'), checkIn(quiet, '2026-03-02'));
    await groups.rate(silas, groupId, '2026-03-01', 4, meta);
    await groups.rate(pastor, groupId, '2026-02-22', 5, meta);

    let [health] = (await dashboardOf(pastor, churchId)).groups;
    expect(health).toMatchObject({
      id: groupId,
      name: 'Berea readers',
      memberCount: 3,
      sharingMembers: 2,
      members: null,
      ratings: { average: 4.5, count: 2 },
    });
    expect(health.weeklyProgress).toEqual({ completed: 0, expected: 0 });

    await joinGroup(timothy, groupId);
    [health] = (await dashboardOf(pastor, churchId)).groups;
    expect(health.sharingMembers).toBe(3);
    expect(health.members?.map((m) => [m.name, m.checkIns])).toEqual([
      ['Pastor Paul', 0],
      ['Silas', 1],
      ['Timothy', 0],
    ]);
    // The member who does not share is in no row, nor in any count.
    expect(JSON.stringify(health)).not.toContain(quiet);
  });
});

describe('access', () => {
  it('answers the church’s admins only: members and outsiders 403, an unknown church 404', async () => {
    const [pastor, member, outsider] = [await person('Pastor Peter'), await person('Andrew'), await person('Stranger')];
    const { churchId, join } = await createChurch(pastor);
    await join(member);
    const other = await createChurch(outsider);

    await expect(dashboardOf(member, churchId)).rejects.toMatchObject({ code: 'FORBIDDEN' });
    await expect(dashboardOf(outsider, churchId)).rejects.toMatchObject({ code: 'FORBIDDEN' });
    await expect(dashboardOf(pastor, other.churchId)).rejects.toMatchObject({ code: 'FORBIDDEN' });
    await expect(dashboardOf(pastor, uuidv7())).rejects.toMatchObject({ code: 'NOT_FOUND' });
    await churches.setRole(pastor, churchId, member, 'admin', meta);
    expect((await dashboardOf(member, churchId)).members).toBe(2);
  });
});

describe('rebuilding', () => {
  it('rebuilds the figures from the church streams and members’ activity to what live projection gave', async () => {
    // Parsed: the order in which members were added to a week is not a figure.
    // Each document's value (the sharing documents also keep their stream's position), not its revision.
    const states = async (collection: string) =>
      (await db.collection<{ _id: string; state: string | null }>(collection).find().sort({ _id: 1 }).toArray())
        .map((doc) => {
          const state = JSON.parse(doc.state ?? 'null') as { value?: { members: Record<string, unknown> }; members?: Record<string, unknown> };
          return { id: doc._id, members: (state?.value ?? state)?.members ?? {} };
        })
        .filter((doc) => Object.keys(doc.members).length > 0);
    const snapshot = async () => ({ sharing: await states('church_sharing_v2'), weeks: await states('church_weeks') });
    const live = await snapshot();
    expect(live.sharing.length).toBeGreaterThan(0);
    expect(live.weeks.length).toBeGreaterThan(3);

    await app.get(ProjectionRunner).rebuild('church-figures-v3');

    expect(await snapshot()).toEqual(live);
  });
});
