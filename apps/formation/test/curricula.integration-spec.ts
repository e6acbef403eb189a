import type { NestFastifyApplication } from '@nestjs/platform-fastify';
import { errorCodes, Refusal } from '@abide/contracts';
import { foreignEvent } from '@abide/testing';
import { MONGO_CONNECTION } from '@abide/platform';
import type { Connection } from 'mongoose';
import { v7 as uuidv7 } from 'uuid';
import { CommunityEvents } from '../src/churches/community-events';
import { CurriculumCommands } from '../src/curricula/commands/curriculum.commands';
import { CurriculumFollowers } from '../src/curricula/curriculum-followers';
import { CurriculumQueries } from '../src/curricula/curriculum.queries';
import { CurriculumProjection } from '../src/curricula/projections/curriculum.projection';
import { IdentityEvents } from '../src/members/identity-events';
import { PlanCommands } from '../src/plans/commands/plan.commands';
import { identityEvent, startFormation } from './formation-app.stub';
import { namingTheme } from '../src/plans/domain/theme-text';

/**
 * Curricula end to end inside formation: the aggregate's rules, an assignment reaching members' plans (the running
 * week at once, later weeks at their rollover), catch-up on a curriculum week, and progress per week.
 */
const clock = { now: new Date('2026-03-04T15:00:00Z') }; // a Wednesday; the week began Sunday 2026-03-01
const meta = { correlationId: 'curricula-spec' };
let app: NestFastifyApplication;
let community: CommunityEvents;
let identity: IdentityEvents;
let commands: CurriculumCommands;
let queries: CurriculumQueries;
let plans: PlanCommands;
let followers: CurriculumFollowers;
let db: Connection;

const versions = new Map<string, number>();
const next = (streamId: string) => {
  const v = (versions.get(streamId) ?? 0) + 1;
  versions.set(streamId, v);
  return v;
};
const feed = async (handlers: Record<string, unknown>, type: string, streamId: string, data: object) =>
  (handlers[type] as (e: unknown) => Promise<void>)(foreignEvent(type, streamId, data, { version: next(streamId) }));
const identityFeed = (type: string, userId: string, data: Record<string, unknown>) =>
  (identity.handlers[type as 'identity.user.registered'] as (e: unknown) => Promise<void>)(identityEvent(type, userId, data));

const newChurch = async () => {
  const churchId = uuidv7();
  await feed(community.churches, 'community.church.created', `church-${churchId}`, { churchId, name: 'Grace Chapel', timeZone: 'America/New_York' });
  return churchId;
};
const joinChurch = (churchId: string, userId: string, role: 'admin' | 'member') =>
  feed(community.churches, 'community.church.member-joined', `church-${churchId}`, { churchId, userId, role, via: 'code', joinedAt: clock.now.toISOString() });
const newGroup = async (churchId: string, memberIds: string[]) => {
  const groupId = uuidv7();
  const stream = `group-${groupId}`;
  await feed(community.groups, 'community.group.created', stream, { groupId, name: 'Tuesday Group' });
  await feed(community.groups, 'community.group.attached-to-church', stream, { groupId, churchId });
  for (const userId of memberIds) await feed(community.groups, 'community.group.member-joined', stream, { groupId, userId, role: 'member' });
  return groupId;
};
const onboardedMember = async () => {
  const userId = uuidv7();
  await identityFeed('identity.user.onboarding-completed', userId, {
    userId,
    name: 'Ruth',
    spiritualGoals: ['Deeper prayer life'],
    connectionPreferences: ['prayer', 'nature'],
    reminderFrequency: 'daily',
    phoneNumber: '(555) 123-4567',
    timeZone: 'America/New_York',
    completedAt: clock.now.toISOString(),
  });
  return userId;
};

interface ActivityInput {
  name: string;
  description: string;
  durationMinutes: number;
  scripture?: string | null;
  reflectionPrompt?: string | null;
}
const activity = (name: string, extra: Partial<ActivityInput> = {}): ActivityInput => ({ name, description: `Do ${name}`, durationMinutes: 15, ...extra });
const emptyDays = () => Array.from({ length: 7 }, () => ({ activities: [] as ActivityInput[] }));
/** Two weeks: week 1 fills Monday (two activities) and Thursday; week 2 fills Tuesday. */
const twoWeeks = () => {
  const week1 = emptyDays();
  week1[1].activities.push(activity('Read the Psalm', { scripture: 'ps 23:1-3', reflectionPrompt: 'Where is your still water?' }), activity('Pray it back'));
  week1[4].activities.push(activity('Walk and give thanks'));
  const week2 = emptyDays();
  week2[2].activities.push(activity('Read the sermon on the mount', { scripture: 'matt 5:1-12' }));
  return [
    { title: 'The Shepherd', summary: 'Psalm 23, slowly.', days: week1 },
    { title: 'The Beatitudes', summary: '', days: week2 },
  ];
};

/**
 * The member's current week once the follow-up worker has brought it onto (or off) a curriculum: drains the worker,
 * then reads, a few times over (the worker runs in the background).
 */
const weekOnceFollowed = async (userId: string, following: boolean) => {
  for (let attempt = 0; attempt < 20; attempt++) {
    await followers.drain();
    const week = (await plans.currentWeek(userId))!;
    if (Boolean(week.curriculum) === following) return week;
  }
  throw new Error(`the plan of ${userId} did not ${following ? 'follow' : 'leave'} its curriculum`);
};

/** Polls a condition a background worker makes true. */
const until = async (condition: () => Promise<boolean>, timeoutMs = 5000) => {
  const deadline = Date.now() + timeoutMs;
  while (!(await condition())) {
    if (Date.now() > deadline) throw new Error('condition not met in time');
    await new Promise((r) => setTimeout(r, 20));
  }
};

const refusalOf = async (promise: Promise<unknown>) => {
  try {
    await promise;
  } catch (error) {
    return error;
  }
  throw new Error('expected a refusal');
};

/** A church with an admin, and a published two-week curriculum. */
const publishedCurriculum = async () => {
  const churchId = await newChurch();
  const adminId = uuidv7();
  await joinChurch(churchId, adminId, 'admin');
  const id = await commands.create(adminId, { churchId, title: 'Psalms for Lent', description: '' }, meta);
  await commands.saveDraft(adminId, id, { revision: 1, title: 'Psalms for Lent', description: 'Six weeks', weeks: twoWeeks() }, meta);
  await commands.publish(adminId, id, meta);
  return { churchId, adminId, id };
};

beforeAll(async () => {
  app = await startFormation(clock);
  community = app.get(CommunityEvents);
  identity = app.get(IdentityEvents);
  commands = app.get(CurriculumCommands);
  queries = app.get(CurriculumQueries);
  plans = app.get(PlanCommands);
  followers = app.get(CurriculumFollowers);
  db = app.get<Connection>(MONGO_CONNECTION);
});
afterAll(async () => {
  await db.dropDatabase();
  await app.close();
});

describe('the curriculum aggregate', () => {
  it('keeps a draft with canonical scripture, refuses a stale save, publishes frozen versions and duplicates the draft', async () => {
    const { adminId, id } = await publishedCurriculum();

    const detail = await queries.detail(adminId, id);
    expect(detail).toMatchObject({ status: 'published', latestVersion: 1, hasUnpublishedChanges: false, weeks: 2, revision: 2 });
    const first = detail.draft.weeks[0].days[1].activities[0];
    expect(first).toMatchObject({ name: 'Read the Psalm', scripture: 'Psalm 23:1-3', reflectionPrompt: 'Where is your still water?' });
    expect(detail.draft.weeks[0].days[1].activities[1]).toMatchObject({ scripture: null, reflectionPrompt: null });

    // Someone saving over a newer save would lose it.
    const stale = await refusalOf(commands.saveDraft(adminId, id, { revision: 1, title: 'Mine', description: '', weeks: [] }, meta));
    expect(stale).toBeInstanceOf(Refusal);
    expect((stale as Refusal).code).toBe(errorCodes.conflict);

    // A reference that is no scripture names its field, and nothing is saved.
    const weeks = twoWeeks();
    weeks[1].days[2].activities[0].scripture = 'Hezekiah 4:1';
    const unreadable = await refusalOf(commands.saveDraft(adminId, id, { revision: 2, title: 'Psalms for Lent', description: '', weeks }, meta));
    expect(unreadable).toBeInstanceOf(Refusal);
    expect((unreadable as Refusal).errors?.map((e) => e.field)).toEqual(['weeks.1.days.2.activities.0.scripture']);
    expect((await queries.detail(adminId, id)).revision).toBe(2);

    // Publishing the same draft twice is refused; a changed draft becomes version 2 while version 1 stays as it was.
    expect(await refusalOf(commands.publish(adminId, id, meta))).toMatchObject({ code: errorCodes.conflict });
    const renamed = twoWeeks();
    renamed[0].title = 'The Good Shepherd';
    await commands.saveDraft(adminId, id, { revision: 2, title: 'Psalms for Lent', description: '', weeks: renamed }, meta);
    expect(await queries.detail(adminId, id)).toMatchObject({ hasUnpublishedChanges: true });
    await commands.publish(adminId, id, meta);
    expect((await queries.week(adminId, id, 1, '1')).weekTitle).toBe('The Shepherd');
    expect((await queries.week(adminId, id, 1)).weekTitle).toBe('The Good Shepherd');

    const copyId = await commands.duplicate(adminId, id, meta);
    const copy = await queries.detail(adminId, copyId);
    expect(copy).toMatchObject({ title: 'Copy of Psalms for Lent', status: 'draft', latestVersion: null, weeks: 2 });
    expect(copy.draft.weeks[0].id).not.toBe(detail.draft.weeks[0].id);
    expect((await queries.list(adminId, copy.churchId)).map((c) => c.id).sort()).toEqual([id, copyId].sort());
  });

  it('refuses publishing an empty week, and anyone but the church’s admins', async () => {
    const { churchId, adminId, id } = await publishedCurriculum();
    const memberId = uuidv7();
    await joinChurch(churchId, memberId, 'member');
    const otherChurch = await newChurch();
    const otherAdmin = uuidv7();
    await joinChurch(otherChurch, otherAdmin, 'admin');

    for (const caller of [memberId, otherAdmin, uuidv7()]) {
      expect(await refusalOf(queries.detail(caller, id))).toMatchObject({ code: errorCodes.forbidden });
      expect(await refusalOf(commands.publish(caller, id, meta))).toMatchObject({ code: errorCodes.forbidden });
      expect(await refusalOf(commands.create(caller, { churchId, title: 'Mine', description: '' }, meta))).toMatchObject({ code: errorCodes.forbidden });
    }

    const weeks = [...twoWeeks(), { title: 'Empty', summary: '', days: emptyDays() }];
    await commands.saveDraft(adminId, id, { revision: 2, title: 'Psalms for Lent', description: '', weeks }, meta);
    const refusal = await refusalOf(commands.publish(adminId, id, meta));
    expect(refusal).toMatchObject({ code: errorCodes.conflict });
    expect((refusal as Refusal).message).toContain('Week 3 has no activities');
  });
});

describe('an assignment in members’ plans', () => {
  it('brings the running week onto the curriculum at once, keeps the member’s own plan on empty days, and follows week 2 at the rollover', async () => {
    const { churchId, adminId, id } = await publishedCurriculum();
    const memberId = await onboardedMember();
    const outsiderId = await onboardedMember();
    await joinChurch(churchId, memberId, 'member');
    const before = (await plans.currentWeek(memberId))!;
    expect(before.curriculum ?? null).toBeNull();

    await commands.assign(adminId, id, { audience: 'church', groupIds: [], startDate: '2026-03-01' }, meta);

    const after = await weekOnceFollowed(memberId, true);
    expect(after.curriculum).toMatchObject({ curriculumId: id, week: 1, weeks: 2, weekTitle: 'The Shepherd', churchName: 'Grace Chapel', groupName: null });
    expect(after.plan.theme).toBe('The Shepherd');
    const days = after.plan.dailyActivities;
    expect(days[1].activities.map((a) => a.name)).toEqual(['Read the Psalm', 'Pray it back']);
    expect(days[1].activities[0]).toMatchObject({ fromCurriculum: true, scripture: 'Psalm 23:1-3', duration: '15 min' });
    expect(days[4].activities.map((a) => a.name)).toEqual(['Walk and give thanks']);
    // The days the curriculum leaves empty keep the member's own generated plan, a theme reading naming the week's
    // theme as the header now says it (#26).
    for (const i of [0, 2, 3, 5, 6])
      expect(days[i].activities).toEqual(before.plan.dailyActivities[i].activities.map((a) => namingTheme(a, 'The Shepherd')));
    // Someone outside the church follows nothing.
    expect((await plans.currentWeek(outsiderId))!.curriculum ?? null).toBeNull();

    await plans.generate(memberId, { reason: 'rollover', weekStart: '2026-03-08', meta });
    const week2 = await db.collection('plans').findOne({ userId: memberId, weekStart: '2026-03-08' });
    expect(week2?.curriculum).toMatchObject({ week: 2, weekTitle: 'The Beatitudes' });
    expect(JSON.stringify(week2?.plan.dailyActivities[2].activities)).toContain('Matthew 5:1-12');
  });

  it('reaches the members of the chosen groups only, and a member who joins the group mid-week follows at once', async () => {
    const { churchId, adminId, id } = await publishedCurriculum();
    const inGroup = await onboardedMember();
    const churchOnly = await onboardedMember();
    const joinsLater = await onboardedMember();
    for (const userId of [inGroup, churchOnly, joinsLater]) await joinChurch(churchId, userId, 'member');
    const groupId = await newGroup(churchId, [inGroup]);

    await commands.assign(adminId, id, { audience: 'groups', groupIds: [groupId], startDate: '2026-03-01' }, meta);

    expect((await weekOnceFollowed(inGroup, true)).curriculum).toMatchObject({ curriculumId: id, groupName: 'Tuesday Group' });
    expect((await plans.currentWeek(churchOnly))!.curriculum ?? null).toBeNull();

    await feed(community.groups, 'community.group.member-joined', `group-${groupId}`, { groupId, userId: joinsLater, role: 'member' });
    expect((await plans.currentWeek(joinsLater))!.curriculum).toMatchObject({ curriculumId: id, week: 1 });
  });

  it('ending an assignment takes the week off the curriculum and keeps what the member checked off', async () => {
    const { churchId, adminId, id } = await publishedCurriculum();
    const memberId = await onboardedMember();
    await joinChurch(churchId, memberId, 'member');
    const assignmentId = await commands.assign(adminId, id, { audience: 'church', groupIds: [], startDate: '2026-03-01' }, meta);
    const following = await weekOnceFollowed(memberId, true);
    const [done, notDone] = following.plan.dailyActivities[1].activities;
    await plans.toggleActivity(memberId, done.id, true, meta);

    await commands.endAssignment(adminId, id, assignmentId, meta);

    const after = await weekOnceFollowed(memberId, false);
    const ids = after.plan.dailyActivities.flatMap((d) => d.activities.map((a) => a.id));
    expect(ids).toContain(done.id);
    expect(ids).not.toContain(notDone.id);
    expect((await queries.detail(adminId, id)).assignments[0]).toMatchObject({ id: assignmentId, state: 'ended' });
  });

  it('reaches the members even when the follow-up runs before the assignments read model has the assignment', async () => {
    const { churchId, adminId, id } = await publishedCurriculum();
    const memberId = await onboardedMember();
    await joinChurch(churchId, memberId, 'member');
    await plans.currentWeek(memberId);
    // Both read models get the event at once; hold the assignments one back, as a slow write would.
    const projection = app.get(CurriculumProjection);
    const original = projection.apply.bind(projection);
    let release!: () => void;
    const gate = new Promise<void>((resolve) => (release = resolve));
    const held = jest.spyOn(projection, 'apply').mockImplementation(async (event) => {
      await gate;
      return original(event);
    });
    try {
      const assigning = commands.assign(adminId, id, { audience: 'church', groupIds: [], startDate: '2026-03-01' }, meta);
      await until(async () => (await db.collection('curriculum_follow_ups').countDocuments()) > 0);
      await followers.drain();
      expect((await plans.currentWeek(memberId))!.curriculum ?? null).toBeNull();
      expect(await db.collection('curriculum_follow_ups').countDocuments()).toBe(1);

      release();
      await assigning;
    } finally {
      held.mockRestore();
    }
    expect((await weekOnceFollowed(memberId, true)).curriculum).toMatchObject({ curriculumId: id, week: 1 });
    await until(async () => (await db.collection('curriculum_follow_ups').countDocuments()) === 0);
  });

  it('tries a member whose plan failed to follow again, and only them', async () => {
    const { churchId, adminId, id } = await publishedCurriculum();
    const [fails, follows] = [await onboardedMember(), await onboardedMember()];
    for (const userId of [fails, follows]) await joinChurch(churchId, userId, 'member');
    const original = plans.followCurriculum.bind(plans);
    const tried: string[] = [];
    let failing = true;
    const flaky = jest.spyOn(plans, 'followCurriculum').mockImplementation(async (userId, m) => {
      tried.push(userId);
      if (userId === fails && failing) throw new Error('the database blinked');
      return original(userId, m);
    });
    try {
      await commands.assign(adminId, id, { audience: 'church', groupIds: [], startDate: '2026-03-01' }, meta);
      await weekOnceFollowed(follows, true);
      await until(async () => tried.includes(fails));
      await followers.drain();
      expect((await plans.currentWeek(fails))!.curriculum ?? null).toBeNull();

      failing = false;
      tried.length = 0;
      await followers.drain(); // what the next sweep does
      expect(tried).toEqual([fails]);
      expect((await plans.currentWeek(fails))!.curriculum).toMatchObject({ curriculumId: id });
    } finally {
      flaky.mockRestore();
    }
  });

  it('“Catch me up” spreads the curriculum activities left behind over the rest of the week', async () => {
    const { churchId, adminId, id } = await publishedCurriculum();
    const memberId = await onboardedMember();
    await joinChurch(churchId, memberId, 'member');
    await commands.assign(adminId, id, { audience: 'church', groupIds: [], startDate: '2026-03-01' }, meta);
    await weekOnceFollowed(memberId, true);

    // Wednesday: Monday's two curriculum activities were left undone.
    const { plan, moved } = await plans.catchUp(memberId, meta);

    expect(moved).toBeGreaterThanOrEqual(2);
    const moves = plan.plan.dailyActivities.flatMap((d) => d.activities.filter((a) => a.fromCurriculum && a.movedFrom).map((a) => a.name));
    expect(moves).toEqual(expect.arrayContaining(['Read the Psalm', 'Pray it back']));
    expect(plan.curriculum).toMatchObject({ curriculumId: id, week: 1 });
  });
});

describe('progress per curriculum week', () => {
  it('counts members who share their progress and the curriculum activities they checked off, and follows undos', async () => {
    const { churchId, adminId, id } = await publishedCurriculum();
    const sharing = await onboardedMember();
    // Never chose: private, as sharing is asked, not assumed (#26).
    const private_ = await onboardedMember();
    for (const userId of [sharing, private_]) await joinChurch(churchId, userId, 'member');
    // Sharing is chosen per church on community's membership (#26); the old single setting counts for nothing here.
    const shares = (userId: string, on: boolean) =>
      feed(community.churches, 'community.church.member-sharing-changed', `church-${churchId}`, { churchId, userId, shares: on });
    await shares(sharing, true);
    await identityFeed('identity.user.settings-updated', private_, { userId: private_, shareProgressWithGroups: true });
    await commands.assign(adminId, id, { audience: 'church', groupIds: [], startDate: '2026-03-01' }, meta);
    for (const userId of [sharing, private_]) await weekOnceFollowed(userId, true);

    for (const userId of [sharing, private_]) {
      const monday = (await plans.currentWeek(userId))!.plan.dailyActivities[1].activities;
      for (const a of monday) await plans.toggleActivity(userId, a.id, true, meta);
    }
    const sharingMonday = (await plans.currentWeek(sharing))!.plan.dailyActivities[1].activities;
    await plans.toggleActivity(sharing, sharingMonday[1].id, false, meta);
    // An activity of the member's own plan is not the curriculum's.
    const own = (await plans.currentWeek(sharing))!.plan.dailyActivities[0].activities[0];
    await plans.toggleActivity(sharing, own.id, true, meta);

    const progress = await queries.progress(adminId, id);
    expect(progress.weeks.map((w) => [w.week, w.members, w.done])).toEqual([
      [1, 1, 1],
      [2, 0, 0],
    ]);
    expect(progress.weeks[0].activities.map((a) => [a.name, a.done])).toEqual([
      ['Read the Psalm', 1],
      ['Pray it back', 0],
      ['Walk and give thanks', 0],
    ]);
    const member = uuidv7();
    await joinChurch(churchId, member, 'member');
    expect(await refusalOf(queries.progress(member, id))).toMatchObject({ code: errorCodes.forbidden });

    // Stopping sharing with the church takes the member out of its figures at once.
    await shares(sharing, false);
    expect((await queries.progress(adminId, id)).weeks.map((w) => [w.week, w.members, w.done])).toEqual([
      [1, 0, 0],
      [2, 0, 0],
    ]);
  });
});
