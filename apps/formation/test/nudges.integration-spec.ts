import type { NestFastifyApplication } from '@nestjs/platform-fastify';
import { MONGO_CONNECTION } from '@abide/platform';
import { mailsTo } from '@abide/testing';
import type { Connection } from 'mongoose';
import { v7 as uuidv7 } from 'uuid';
import { SMS_OUTBOX_COLLECTION } from '../src/delivery/delivery.port';
import { NudgeJobs } from '../src/nudges/jobs/nudge-jobs';
import { ERASED, EVENTS_COLLECTION } from '@abide/event-store';
import { IdentityEvents } from '../src/members/identity-events';
import { MemberContactsMigration } from '../src/members/member-contacts.migration';
import { MemberProjection } from '../src/members/members.port';
import { NudgeService } from '../src/nudges/nudge.service';
import { identityEvent, startFormation } from './formation-app.stub';

// 2026-03-04 is a Wednesday; Chicago is on CST (UTC-6) until 2026-03-08.
const clock = { now: new Date('2026-03-04T13:35:00Z') }; // 07:35 in Chicago
let app: NestFastifyApplication;
let db: Connection;
let identity: IdentityEvents;
let nudges: NudgeService;

const join = async (options: { channels?: Array<'in-app' | 'email' | 'sms'>; reminderFrequency?: 'daily' | 'weekly' | 'none' } = {}) => {
  const userId = uuidv7();
  const email = `nudge-${userId.slice(-12)}@test.abide.local`;
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
      phoneNumber: '+1 555 0100',
      timeZone: 'America/Chicago',
      completedAt: clock.now.toISOString(),
    }),
  );
  await handle(
    identityEvent('identity.user.settings-updated', userId, { userId, channels: options.channels ?? ['in-app', 'email', 'sms'] }),
  );
  return { userId, email };
};

/** Formation learns members from identity's events, as the Kafka consumer feeds them. */
const handle = (event: ReturnType<typeof identityEvent>) =>
  (identity.handlers[event.type as 'identity.user.registered'] as (e: unknown) => Promise<void>)(event);
const bellOf = (userId: string) => db.collection('notifications').find({ userId }).toArray();
const smsTo = (userId: string) =>
  db
    .collection(SMS_OUTBOX_COLLECTION)
    .find({ _id: { $regex: `^${userId}:` } as never })
    .toArray();
const mine = <T extends { userId: string }>(list: T[], userId: string) => list.filter((n) => n.userId === userId);

beforeAll(async () => {
  app = await startFormation(clock);
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
    const { userId, email } = await join();

    const first = mine(await nudges.scan(clock.now), userId);
    const again = mine(await nudges.scan(clock.now), userId);
    expect(first.map((n) => n.key)).toEqual([`${userId}:daily:2026-03-04`]);
    expect(again).toEqual([]);

    expect(await nudges.deliver(first[0].key)).toBe('delivered');
    expect(await nudges.deliver(first[0].key)).toBe('delivered');

    expect(await bellOf(userId)).toMatchObject([{ title: 'Your daily time with God', readAt: null }]);
    expect(await smsTo(userId)).toHaveLength(1);
    const mails = await waitForMails(email, 1);
    expect(mails).toHaveLength(1);
    expect(mails[0].subject).toBe('Your daily time with God');
    expect(mails[0].text).toMatch(/\/api\/nudges\/unsubscribe\?token=/);
  });

  it('turns e-mail reminders off through the link in the e-mail, and the next day brings no e-mail', async () => {
    const { userId, email } = await join();
    const [nudge] = mine(await nudges.scan(clock.now), userId);
    await nudges.deliver(nudge.key);
    const [mail] = await waitForMails(email, 1);
    const link = new URL(/https?:\/\/\S+\/nudges\/unsubscribe\?token=\S+/.exec(mail.text ?? '')![0]);

    const res = await app.inject({ method: 'GET', url: `/nudges/unsubscribe${link.search}` });
    expect(res.statusCode).toBe(200);
    expect(res.body).toContain('E-mail reminders are off');
    const forged = await app.inject({ method: 'GET', url: `/nudges/unsubscribe?token=${link.searchParams.get('token')!.slice(0, -3)}abc` });
    expect(forged.statusCode).toBe(400);

    const tomorrow = new Date(clock.now.getTime() + 24 * 3600_000);
    const [next] = mine(await nudges.scan(tomorrow), userId);
    expect(next.channels).toEqual(['in-app', 'sms']);
    await nudges.deliver(next.key);
    expect(await bellOf(userId)).toHaveLength(2);
    await new Promise((r) => setTimeout(r, 500));
    expect(await mailsTo(email)).toHaveLength(1);
  });

  it('sends nothing to a deleted member, even a reminder claimed before the deletion', async () => {
    const { userId, email } = await join();
    const [claimed] = mine(await nudges.scan(clock.now), userId);

    await handle(identityEvent('identity.user.deleted', userId, { userId, deletedAt: clock.now.toISOString() }));

    // Forgetting the member forgets the reminders claimed for them, so the delivery job finds nothing to send.
    expect(await nudges.deliver(claimed.key)).toBe('unknown');
    expect(mine(await nudges.scan(new Date(clock.now.getTime() + 24 * 3600_000)), userId)).toEqual([]);
    expect(await bellOf(userId)).toEqual([]);
    expect(await smsTo(userId)).toEqual([]);
    expect(await mailsTo(email)).toEqual([]);
    // The name and address formation kept to reach them are gone from its log too.
    const contacts = await db.collection(EVENTS_COLLECTION).find({ subjectId: userId, type: 'formation.member.contact-changed' }).toArray();
    expect(contacts.length).toBeGreaterThan(0);
    expect(contacts.map((e) => [e.data.name, e.data.email])).toEqual(contacts.map(() => [ERASED, ERASED]));
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

    await app.get(MemberContactsMigration).onApplicationBootstrap();

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
    const { userId } = await join({ channels: ['in-app'], reminderFrequency: 'none' });
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
    await db
      .collection('activity_days')
      .insertOne({
        _id: `${userId}|habit|${userId}-b|2026-03-04` as never,
        userId,
        date: '2026-03-04',
        source: 'habit',
        ref: `${userId}-b`,
      });

    expect(mine(await nudges.scan(clock.now), userId).map((n) => n.slot)).toEqual([`habit-${userId}-a`]);
  });

  it('delivers through the BullMQ jobs: the scan job enqueues, the delivery worker sends, a second run sends nothing more', async () => {
    const { userId } = await join({ channels: ['in-app'] });
    const jobs = app.get(NudgeJobs);
    await jobs.start();
    try {
      await jobs.scanAndEnqueue(clock.now);
      await waitUntil(async () => (await bellOf(userId)).length === 1);
      await jobs.scanAndEnqueue(clock.now);
      await new Promise((r) => setTimeout(r, 500));
      expect(await bellOf(userId)).toHaveLength(1);
    } finally {
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
