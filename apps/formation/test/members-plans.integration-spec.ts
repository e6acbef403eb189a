import type { NestFastifyApplication } from '@nestjs/platform-fastify';
import { EventStore } from '@abide/event-store';
import { MONGO_CONNECTION } from '@abide/platform';
import type { Connection } from 'mongoose';
import { v7 as uuidv7 } from 'uuid';
import { HabitCommands } from '../src/habits/commands/habit.commands';
import { PlanRollover } from '../src/plans/jobs/plan-rollover';
import { MemberStream } from '../src/members/commands/member-stream.commands';
import { IdentityEvents } from '../src/members/identity-events';
import { PlanCommands } from '../src/plans/commands/plan.commands';
import { planDecider } from '../src/plans/domain/plan.decider';
import { identityEvent, startFormation } from './formation-app.stub';

const clock = { now: new Date('2026-03-04T15:00:00Z') }; // a Wednesday
let app: NestFastifyApplication;
let identity: IdentityEvents;
let db: Connection;

const onboarded = (userId: string, completedAt = clock.now.toISOString()) =>
  identityEvent('identity.user.onboarding-completed', userId, {
    userId,
    name: 'Ruth',
    spiritualGoals: ['Deeper prayer life'],
    connectionPreferences: ['prayer', 'nature'],
    reminderFrequency: 'daily',
    phoneNumber: '(555) 123-4567',
    timeZone: 'America/New_York',
    completedAt,
  });
const handle = (event: ReturnType<typeof identityEvent>) =>
  (identity.handlers[event.type as 'identity.user.registered'] as (e: unknown) => Promise<void>)(event);
const plansOf = (userId: string) => db.collection('plans').find({ userId }).toArray();

beforeAll(async () => {
  app = await startFormation(clock);
  identity = app.get(IdentityEvents);
  db = app.get<Connection>(MONGO_CONNECTION);
});
afterAll(async () => {
  await db.dropDatabase();
  await app.close();
});

describe('onboarding → first plan', () => {
  it('generates one plan when the onboarding event arrives twice, even at the same moment', async () => {
    const userId = uuidv7();
    const event = onboarded(userId);

    await Promise.all([handle(event), handle({ ...event, id: uuidv7() })]);
    await handle(event);

    const plans = await plansOf(userId);
    expect(plans).toHaveLength(1);
    expect(plans[0]).toMatchObject({ weekStart: '2026-03-01', source: 'built-in' });
    const generated = (await app.get(EventStore).load(`plan-${userId}-2026-03-01`)).filter((e) => e.type === 'formation.plan.generated');
    expect(generated).toHaveLength(1);
    expect(await db.collection('members').findOne({ _id: userId as never })).toMatchObject({
      timeZone: 'America/New_York',
      onboarded: true,
    });
  });
});

describe('My Plan asks for the current plan right after onboarding', () => {
  it('returns the plan the onboarding event made even while its read models are still being written', async () => {
    const userId = uuidv7();
    await handle(onboarded(userId));
    // As if the consumer had appended the plan and not yet updated the read models when My Plan asked.
    await db.collection('plans').deleteMany({ userId });
    await db.collection('plan_members').deleteOne({ _id: userId as never });
    await db.collection('current_plans').deleteOne({ _id: userId as never });

    const plan = await app.get(PlanCommands).ensureCurrent(userId, { correlationId: 'my-plan' });

    expect(plan).toMatchObject({ userId, weekStart: '2026-03-01' });
    expect(await plansOf(userId)).toHaveLength(1);
  });
});

describe('streams written before members and plans had snapshots', () => {
  it('fold from their events, and the next command stores a snapshot', async () => {
    const userId = uuidv7();
    await handle(onboarded(userId));
    const planStream = `plan-${userId}-2026-03-01`;
    const heads = db.collection<{ _id: string; snapshot: string | null; snapshotOf: string | null }>('streams');
    // As the heads of the earlier writer were: a version, no state.
    for (const id of [`member-${userId}`, planStream]) await heads.updateOne({ _id: id }, { $set: { snapshot: null, snapshotOf: null } });

    expect(await app.get(MemberStream).load(userId)).toMatchObject({ onboarded: true, timeZone: 'America/New_York' });
    const activity = (await plansOf(userId))[0].plan.dailyActivities[3].activities[0].id;
    const plan = await app.get(PlanCommands).toggleActivity(userId, activity, true, { correlationId: 'test' });
    expect(plan.completed.map((c) => c.activityId)).toEqual([activity]);

    expect((await heads.findOne({ _id: planStream }))?.snapshotOf).toBe(`plan@${planDecider.stateVersion}`);
    const { state } = await app.get(EventStore).aggregate(planStream, planDecider);
    expect([...state.completed.keys()]).toEqual([activity]);
  });
});

describe('weekly rollover', () => {
  it('generates the new week’s plan once the member’s own week has begun, once', async () => {
    const userId = uuidv7();
    await handle(onboarded(userId));
    const rollover = app.get(PlanRollover);

    // Saturday 22:00 in New York: already Sunday in UTC, not yet for the member.
    expect((await rollover.run(new Date('2026-03-08T03:00:00Z'))).generated).toBe(0);
    const results = await Promise.all([rollover.run(new Date('2026-03-08T06:00:00Z')), rollover.run(new Date('2026-03-08T06:00:00Z'))]);
    expect(results.reduce((sum, r) => sum + r.generated, 0)).toBeGreaterThanOrEqual(1);
    expect((await rollover.run(new Date('2026-03-08T07:00:00Z'))).checked).toBe(0);

    const plans = await plansOf(userId);
    expect(plans.map((p) => p.weekStart).sort()).toEqual(['2026-03-01', '2026-03-08']);
    const [first, second] = plans.sort((a, b) => a.weekStart.localeCompare(b.weekStart));
    expect(second.plan.themeId).not.toBe(first.plan.themeId);
    expect((await app.get(PlanCommands).latest(userId))?.weekStart).toBe('2026-03-08');
  });

  it("follows the member's zone as they change it: My Plan's week ends at their midnight, not the server's", async () => {
    const userId = uuidv7();
    await handle(onboarded(userId));
    const commands = app.get(PlanCommands);
    // Saturday 22:00 in New York, Sunday 03:00 in London.
    clock.now = new Date('2026-03-08T03:00:00Z');
    try {
      expect((await commands.currentWeek(userId))?.weekStart).toBe('2026-03-01');
      await handle(identityEvent('identity.user.settings-updated', userId, { userId, timeZone: 'Europe/London' }));
      expect(await commands.currentWeek(userId)).toBeNull();
    } finally {
      clock.now = new Date('2026-03-04T15:00:00Z');
    }
  });

  it("makes the new week's plan when the member opens My Plan before the job ran, and a read alone never writes", async () => {
    const userId = uuidv7();
    await handle(onboarded(userId));
    clock.now = new Date('2026-03-16T12:00:00Z');
    try {
      const commands = app.get(PlanCommands);
      expect(await commands.currentWeek(userId)).toBeNull();
      expect((await plansOf(userId)).map((p) => p.weekStart)).toEqual(['2026-03-01']);
      const current = await commands.ensureCurrent(userId, { correlationId: 'test' });
      expect(current?.weekStart).toBe('2026-03-15');
      expect((await commands.currentWeek(userId))?.weekStart).toBe('2026-03-15');
      // Idempotent: asking again keeps the plan it made.
      expect((await commands.ensureCurrent(userId, { correlationId: 'test' }))?.planId).toBe(current?.planId);
    } finally {
      clock.now = new Date('2026-03-04T15:00:00Z');
    }
  });
});

describe('account deletion', () => {
  it('purges everything formation holds on the member and erases their words from the log', async () => {
    const userId = uuidv7();
    await handle(
      identityEvent('identity.user.registered', userId, {
        userId,
        name: 'Dorcas',
        email: 'd@example.com',
        roles: ['user'],
        registeredAt: clock.now.toISOString(),
      }),
    );
    await handle(onboarded(userId));
    const habits = app.get(HabitCommands);
    const habitId = await habits.create(userId, { name: 'Sewing for widows', category: 'service' }, { correlationId: 'test' });
    await habits.checkIn(userId, habitId, { completed: true, note: 'Made two tunics' }, { correlationId: 'test' });
    const plan = (await plansOf(userId))[0];
    await app.get(PlanCommands).toggleActivity(userId, plan.plan.dailyActivities[3].activities[0].id, true, { correlationId: 'test' });
    expect(await db.collection('activity_calendars_ordered').countDocuments({ _id: userId as never })).toBe(1);
    const snapshots = () => db.collection('streams').countDocuments({ subjectId: userId, snapshot: { $ne: null } });
    expect(await snapshots()).toBeGreaterThanOrEqual(3);

    await handle(identityEvent('identity.user.deleted', userId, { userId, deletedAt: clock.now.toISOString() }));

    for (const [collection, filter] of [
      ['members', { _id: userId }],
      ['profiles', { _id: userId }],
      ['plans', { userId }],
      ['plan_members', { _id: userId }],
      ['current_plans', { _id: userId }],
      ['habits', { userId }],
      ['activity_calendars_ordered', { _id: userId }],
      ['habit_boards_ordered', { _id: userId }],
    ] as const) {
      expect({ collection, count: await db.collection(collection).countDocuments(filter as never) }).toEqual({ collection, count: 0 });
    }
    const events = await db.collection('events').find({ subjectId: userId }).toArray();
    const personal = events.flatMap((e) => ['phoneNumber', 'name', 'description', 'note'].filter((f) => f in e.data).map((f) => e.data[f]));
    expect(personal.length).toBeGreaterThanOrEqual(4);
    expect(new Set(personal)).toEqual(new Set(['[erased]']));
    // Stream heads keep each aggregate's state: none of the member's is left there either.
    expect(await snapshots()).toBe(0);
    // A late onboarding message for a deleted member brings nothing back.
    await handle(onboarded(userId));
    expect(await plansOf(userId)).toEqual([]);
  });
});
