import type { NestFastifyApplication } from '@nestjs/platform-fastify';
import { MONGO_CONNECTION } from '@abide/platform';
import { failNextSends, foreignEvent, mailsTo, newSmsAccount, optOutAtProvider, type SmsTestAccount, textsTo } from '@abide/testing';
import { queues } from '@abide/contracts';
import { Queue } from 'bullmq';
import { Redis } from 'ioredis';
import type { Connection } from 'mongoose';
import { v7 as uuidv7 } from 'uuid';
import { FORMATION_CONFIG, type FormationConfig } from '../src/config/env.schema';
import { NudgeJobs } from '../src/nudges/jobs/nudge-jobs';
import { ERASED, EVENTS_COLLECTION } from '@abide/event-store';
import { IdentityEvents } from '../src/members/identity-events';
import { FormationMigrations } from '../src/formation.migration';
import { MemberProjection } from '../src/members/projections/member.projection';
import { NudgeService } from '../src/nudges/nudge.service';
import { ActivityCalendarProjection } from '../src/stats/projections/activity-calendar.projection';
import { identityEvent, startFormation } from './formation-app.stub';

// 2026-03-04 is a Wednesday; Chicago is on CST (UTC-6) until 2026-03-08.
const clock = { now: new Date('2026-03-04T13:35:00Z') }; // 07:35 in Chicago
const tomorrow = () => new Date(clock.now.getTime() + 24 * 3600_000);
let app: NestFastifyApplication;
let db: Connection;
let identity: IdentityEvents;
let nudges: NudgeService;
let sms: SmsTestAccount;

/** A number no other test of this run texts (the fake's inbox is shared by the app's account). */
const newPhoneNumber = () => `+1415${String(Math.floor(Math.random() * 1e7)).padStart(7, '0')}`;

const join = async (
  options: { channels?: Array<'in-app' | 'email' | 'sms'>; reminderFrequency?: 'daily' | 'weekly' | 'none'; smsOptIn?: boolean } = {},
) => {
  const userId = uuidv7();
  const email = `nudge-${userId.slice(-12)}@test.abide.local`;
  const phoneNumber = newPhoneNumber();
  await handle(
    identityEvent('identity.user.registered', userId, {
      userId,
      name: 'Ruth',
      email,
      roles: ['user'],
      registeredAt: clock.now.toISOString(),
    }),
  );
  await handle(
    identityEvent('identity.user.onboarding-completed', userId, {
      userId,
      name: 'Ruth',
      spiritualGoals: ['Deeper prayer life'],
      connectionPreferences: ['prayer'],
      reminderFrequency: options.reminderFrequency ?? 'daily',
      phoneNumber,
      timeZone: 'America/Chicago',
      completedAt: clock.now.toISOString(),
    }),
  );
  await handle(
    identityEvent('identity.user.settings-updated', userId, { userId, channels: options.channels ?? ['in-app', 'email', 'sms'] }),
  );
  if (options.smsOptIn ?? true) await optIn(userId, phoneNumber);
  return { userId, email, phoneNumber };
};

const optIn = (userId: string, phoneNumber: string) =>
  handle(
    identityEvent('identity.user.sms-opted-in', userId, { userId, phoneNumber, optedInAt: clock.now.toISOString(), source: 'onboarding' }),
  );

/** Formation learns members from identity's events, as the Kafka consumer feeds them. */
const handle = (event: ReturnType<typeof identityEvent>) =>
  (identity.handlers[event.type as 'identity.user.registered'] as (e: unknown) => Promise<void>)(event);
const bellOf = (userId: string) => db.collection('notifications').find({ userId }).toArray();
const deliveryOf = (key: string) => db.collection('nudge_deliveries').findOne({ _id: key as never });
const mine = <T extends { userId: string }>(list: T[], userId: string) => list.filter((n) => n.userId === userId);

beforeAll(async () => {
  sms = await newSmsAccount({ label: 'nudges integration' });
  app = await startFormation(clock, sms);
  await app.getHttpAdapter().getInstance().ready();
  db = app.get<Connection>(MONGO_CONNECTION);
  identity = app.get(IdentityEvents);
  nudges = app.get(NudgeService);
});
afterAll(async () => {
  await db.dropDatabase();
  await db.useDb(`${db.name}_journal`).dropDatabase();
  await app.close();
});

describe('nudge delivery', () => {
  it('delivers the daily reminder once in the bell, by e-mail with an unsubscribe link and by SMS, however often the jobs run', async () => {
    const { userId, email, phoneNumber } = await join();

    const first = mine(await nudges.scan(clock.now), userId);
    const again = mine(await nudges.scan(clock.now), userId);
    expect(first.map((n) => n.key)).toEqual([`${userId}:daily:2026-03-04`]);
    expect(again).toEqual([]);

    expect(await nudges.deliver(first[0].key, clock.now)).toBe('delivered');
    expect(await nudges.deliver(first[0].key, clock.now)).toBe('delivered');

    expect(await bellOf(userId)).toMatchObject([{ title: 'Your daily time with God', readAt: null }]);
    const texts = await textsTo(sms.sid, phoneNumber);
    expect(texts.map((t) => [t.from, t.body])).toEqual([
      [
        sms.from,
        'Abide: Your daily time with God. Take a few minutes today for prayer, scripture or a journal reflection. Reply STOP to opt out.',
      ],
    ]);
    expect((await deliveryOf(first[0].key))?.outcomes).toContainEqual(
      expect.objectContaining({ channel: 'sms', outcome: 'sent', detail: texts[0].sid }),
    );
    const mails = await waitForMails(email, 1);
    expect(mails).toHaveLength(1);
    expect(mails[0].subject).toBe('Your daily time with God');
    expect(mails[0].text).toMatch(/\/api\/nudges\/unsubscribe\?token=/);
  });

  it('turns e-mail reminders off through the link in the e-mail, and the next day brings no e-mail', async () => {
    const { userId, email } = await join();
    const [nudge] = mine(await nudges.scan(clock.now), userId);
    await nudges.deliver(nudge.key, clock.now);
    const [mail] = await waitForMails(email, 1);
    const link = new URL(/https?:\/\/\S+\/nudges\/unsubscribe\?token=\S+/.exec(mail.text ?? '')![0]);

    const res = await app.inject({ method: 'GET', url: `/nudges/unsubscribe${link.search}` });
    expect(res.statusCode).toBe(200);
    expect(res.body).toContain('E-mail reminders are off');
    const forged = await app.inject({ method: 'GET', url: `/nudges/unsubscribe?token=${link.searchParams.get('token')!.slice(0, -3)}abc` });
    expect(forged.statusCode).toBe(400);

    const [next] = mine(await nudges.scan(tomorrow()), userId);
    expect(next.channels).toEqual(['in-app', 'sms']);
    await nudges.deliver(next.key, tomorrow());
    expect(await bellOf(userId)).toHaveLength(2);
    await new Promise((r) => setTimeout(r, 500));
    expect(await mailsTo(email)).toHaveLength(1);
  });

  it('sends nothing to a deleted member, even a reminder claimed before the deletion', async () => {
    const { userId, email, phoneNumber } = await join();
    const [claimed] = mine(await nudges.scan(clock.now), userId);

    await handle(identityEvent('identity.user.deleted', userId, { userId, deletedAt: clock.now.toISOString() }));

    // Forgetting the member forgets the reminders claimed for them, so the delivery job finds nothing to send.
    expect(await nudges.deliver(claimed.key)).toBe('unknown');
    expect(mine(await nudges.scan(tomorrow()), userId)).toEqual([]);
    expect(await bellOf(userId)).toEqual([]);
    expect(await textsTo(sms.sid, phoneNumber)).toEqual([]);
    expect(await mailsTo(email)).toEqual([]);
    // The name, address and number formation kept to reach them are gone from its log too.
    const contacts = await db.collection(EVENTS_COLLECTION).find({ subjectId: userId, type: 'formation.member.contact-changed' }).toArray();
    expect(contacts.length).toBeGreaterThan(0);
    expect(contacts.map((e) => [e.data.name, e.data.email])).toEqual(contacts.map(() => [ERASED, ERASED]));
    const optIns = await db.collection(EVENTS_COLLECTION).find({ subjectId: userId, type: 'formation.member.sms-opted-in' }).toArray();
    expect(optIns.map((e) => e.data.phoneNumber)).toEqual([ERASED]);
  });

  it('moves what the reminders’ old member copy knew (contact, an unsubscribe) onto the member, once', async () => {
    const { userId } = await join();
    await db.collection('nudge_members').insertOne({
      _id: userId as never,
      name: 'Naomi',
      email: 'naomi@test.abide.local',
      emailUnsubscribedAt: new Date('2026-03-01T10:00:00Z'),
      deleted: false,
    });
    await db.collection('formation_migrations').deleteOne({ _id: 'member-contacts' as never });

    await app.get(FormationMigrations).onApplicationBootstrap();

    expect(await app.get(MemberProjection).find(userId)).toMatchObject({
      name: 'Naomi',
      email: 'naomi@test.abide.local',
      emailUnsubscribedAt: new Date('2026-03-01T10:00:00Z'),
    });
    expect((await db.listCollections()).map((c) => c.name)).not.toContain('nudge_members');
    const [next] = mine(await nudges.scan(clock.now), userId);
    expect(next.channels).toEqual(['in-app', 'sms']);
  });

  it('reminds of an active habit at its time, not once it is done, never for a paused one', async () => {
    const { userId } = await join({ channels: ['in-app'], reminderFrequency: 'none', smsOptIn: false });
    const habit = (id: string, reminderTime: string, isActive = true) => ({
      _id: id as never,
      userId,
      name: `Habit ${id}`,
      reminderTime,
      isActive,
      archived: false,
      frequency: { kind: 'daily' },
    });
    await db
      .collection('habits')
      .insertMany([habit(`${userId}-a`, '07:00'), habit(`${userId}-b`, '07:10'), habit(`${userId}-c`, '07:20', false)]);
    // Habit b checked in today (its stream's first event, as the scan reads it from the member's activity calendar).
    const checkedIn = { habitId: `${userId}-b`, userId, date: '2026-03-04', completedAt: clock.now.toISOString() };
    await app.get(ActivityCalendarProjection).apply(foreignEvent('formation.habit.checked-in', `habit-${userId}-b`, checkedIn) as never);

    expect(mine(await nudges.scan(clock.now), userId).map((n) => n.slot)).toEqual([`habit-${userId}-a`]);
  });

  it('texts a member who has a number and chose SMS only once they opt in, and no more once they opt out', async () => {
    const { userId, phoneNumber } = await join({ smsOptIn: false });
    const [first] = mine(await nudges.scan(clock.now), userId);
    expect(first.channels).toEqual(['in-app', 'email']);
    await nudges.deliver(first.key, clock.now);
    expect(await textsTo(sms.sid, phoneNumber)).toEqual([]);

    await optIn(userId, phoneNumber);
    const [second] = mine(await nudges.scan(tomorrow()), userId);
    expect(second.channels).toEqual(['in-app', 'email', 'sms']);
    // A STOP after the scan claimed the reminder, before its delivery: the member's choice at delivery wins.
    await handle(
      identityEvent('identity.user.sms-opted-out', userId, { userId, phoneNumber, optedOutAt: tomorrow().toISOString(), source: 'reply' }),
    );
    await nudges.deliver(second.key, tomorrow());
    expect(await textsTo(sms.sid, phoneNumber)).toEqual([]);
    expect((await deliveryOf(second.key))?.outcomes).toContainEqual(expect.objectContaining({ channel: 'sms', outcome: 'unreachable' }));
    expect((await app.get(MemberProjection).find(userId))?.channels).toEqual(['in-app', 'email']);
  });

  it('texts no more reminders once identity ends an opt-in at a number never proved (number-not-verified)', async () => {
    // Opted in before numbers had to be proved: formation holds the opt-in, and the scan claims a text.
    const { userId, phoneNumber } = await join();
    const [claimed] = mine(await nudges.scan(clock.now), userId);
    expect(claimed.channels).toEqual(['in-app', 'email', 'sms']);

    // Identity's start-up migration ends it (opt-out v2): the reminder claimed before goes out without the text.
    await handle({
      ...identityEvent('identity.user.sms-opted-out', userId, {
        userId,
        phoneNumber,
        optedOutAt: clock.now.toISOString(),
        source: 'number-not-verified',
      }),
      schemaVersion: 2,
    });
    await nudges.deliver(claimed.key, clock.now);
    const [next] = mine(await nudges.scan(tomorrow()), userId);
    await nudges.deliver(next.key, tomorrow());

    expect(await textsTo(sms.sid, phoneNumber)).toEqual([]);
    expect((await deliveryOf(claimed.key))?.outcomes).toContainEqual(expect.objectContaining({ channel: 'sms', outcome: 'unreachable' }));
    expect(next.channels).toEqual(['in-app', 'email']);
    expect(await app.get(MemberProjection).find(userId)).toMatchObject({ channels: ['in-app', 'email'], smsOptedInAt: null });
    const ended = await db.collection(EVENTS_COLLECTION).find({ subjectId: userId, type: 'formation.member.sms-opted-out' }).toArray();
    expect(ended.map((e) => [e.schemaVersion, e.data.source])).toEqual([[2, 'number-not-verified']]);
  });

  it('records a text the provider refuses for good (the number opted out there) and does not try it again', async () => {
    const { userId, email, phoneNumber } = await join();
    await optOutAtProvider(sms.sid, phoneNumber);
    const [nudge] = mine(await nudges.scan(clock.now), userId);

    expect(await nudges.deliver(nudge.key, clock.now)).toBe('delivered');

    expect(await textsTo(sms.sid, phoneNumber)).toEqual([]);
    expect(await bellOf(userId)).toHaveLength(1);
    expect(await waitForMails(email, 1)).toHaveLength(1);
    expect((await deliveryOf(nudge.key))?.outcomes).toContainEqual(
      expect.objectContaining({ channel: 'sms', outcome: 'refused', code: '21610', detail: 'Attempt to send to unsubscribed recipient' }),
    );
  });

  it('sends no text or e-mail when a retried delivery reaches the member’s quiet hours (the bell still rings)', async () => {
    const { userId, email, phoneNumber } = await join();
    const [nudge] = mine(await nudges.scan(clock.now), userId);
    const lateAtNight = new Date('2026-03-05T04:00:00Z'); // 22:00 in Chicago

    await nudges.deliver(nudge.key, lateAtNight);

    expect(await bellOf(userId)).toHaveLength(1);
    expect(await textsTo(sms.sid, phoneNumber)).toEqual([]);
    await new Promise((r) => setTimeout(r, 500));
    expect(await mailsTo(email)).toEqual([]);
    expect(((await deliveryOf(nudge.key))?.outcomes as Array<{ outcome: string }>).map((o) => o.outcome)).toEqual([
      'sent',
      'quiet-hours',
      'quiet-hours',
    ]);
  });

  it('delivers through the BullMQ jobs, retrying a text the provider could not take (503) with back-off; the retry sends only the text, a second scan nothing', async () => {
    const { userId, email, phoneNumber } = await join();
    const jobs = app.get(NudgeJobs);
    await failNextSends(sms.sid, { status: 503, to: phoneNumber });
    await jobs.start();
    const config = app.get<FormationConfig>(FORMATION_CONFIG, { strict: false });
    const redis = new Redis(config.REDIS_URL, { maxRetriesPerRequest: null });
    const queue = new Queue(queues.formationNudgeDelivery, { connection: redis, prefix: `${config.REDIS_KEY_PREFIX}:bull` });
    try {
      await jobs.scanAndEnqueue(clock.now);
      const jobId = `${userId}|daily|2026-03-04`;
      // The first attempt delivers the bell and the e-mail, fails on the text and waits for its retry.
      await waitUntil(async () => (await queue.getJob(jobId))?.attemptsMade === 1 && (await queue.getJobState(jobId)) === 'delayed');
      expect(await bellOf(userId)).toHaveLength(1);
      expect(await textsTo(sms.sid, phoneNumber)).toEqual([]);

      await (await queue.getJob(jobId))!.promote(); // the back-off's wait, skipped
      await waitUntil(async () => (await textsTo(sms.sid, phoneNumber)).length === 1);
      await waitUntil(async () => (await queue.getJobState(jobId)) === 'completed');
      expect((await queue.getJob(jobId))?.attemptsMade).toBe(2);
      expect(await bellOf(userId)).toHaveLength(1);
      expect(await waitForMails(email, 1)).toHaveLength(1);

      // A second run of the scan job sends nothing more.
      await jobs.scanAndEnqueue(clock.now);
      await new Promise((r) => setTimeout(r, 500));
      expect(await bellOf(userId)).toHaveLength(1);
      expect(await textsTo(sms.sid, phoneNumber)).toHaveLength(1);
    } finally {
      await queue.close();
      redis.disconnect();
      await jobs.onApplicationShutdown();
    }
  });
});

const waitUntil = async (probe: () => Promise<boolean>, timeoutMs = 10_000) => {
  const started = Date.now();
  while (!(await probe())) {
    if (Date.now() - started > timeoutMs) throw new Error('condition not met in time');
    await new Promise((r) => setTimeout(r, 100));
  }
};

const waitForMails = async (email: string, count: number) => {
  await waitUntil(async () => (await mailsTo(email)).length >= count);
  return mailsTo(email);
};
