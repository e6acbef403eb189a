import type { NestFastifyApplication } from '@nestjs/platform-fastify';
import { connectTestDatabase } from '@abide/messaging/src/testing/test-engines';
import { LiveSignals } from '@abide/messaging';
import { MONGO_CONNECTION } from '@abide/platform';
import type { Connection } from 'mongoose';
import { v7 as uuidv7 } from 'uuid';
import { FormationMigrations } from '../src/formation.migration';
import { notificationIdOf, NotificationStore } from '../src/notifications/notification.store';
import { startFormation } from './formation-app.stub';

const clock = { now: new Date('2026-03-04T15:00:00Z') };
let app: NestFastifyApplication;
let db: Connection;
let store: NotificationStore;

beforeAll(async () => {
  app = await startFormation(clock);
  db = app.get<Connection>(MONGO_CONNECTION);
  store = app.get(NotificationStore);
});
afterAll(async () => {
  await db.dropDatabase();
  await app.close();
});

const minute = (n: number) => new Date(Date.UTC(2026, 2, 4, 8, n));
const notice = (userId: string, key: string) => ({ userId, key, title: `Title ${key}`, body: 'Body', link: '/plan' });

describe('the bell (one inbox per member)', () => {
  it('lists each notification once, newest first, with the unread count, right after each add and read', async () => {
    const [userId, other] = [uuidv7(), uuidv7()];
    expect(await store.add(notice(userId, `k1-${userId}`), minute(1))).toBe(true);
    expect(await store.add(notice(userId, `k2-${userId}`), minute(2))).toBe(true);
    expect(await store.add(notice(userId, `k3-${userId}`), minute(3))).toBe(true);
    expect(await store.add(notice(userId, `k1-${userId}`), minute(4))).toBe(false);
    await store.add(notice(other, `k1-${other}`), minute(5));

    const first = await store.list(userId, 20);
    expect(first.items.map((i) => i.title)).toEqual([`Title k3-${userId}`, `Title k2-${userId}`, `Title k1-${userId}`]);
    expect(first.items[0]).toEqual({
      id: notificationIdOf(`k3-${userId}`),
      title: `Title k3-${userId}`,
      body: 'Body',
      link: '/plan',
      createdAt: minute(3).toISOString(),
      readAt: null,
    });
    expect(first.unreadCount).toBe(3);
    expect((await store.list(userId, 2)).items).toHaveLength(2);

    expect(await store.markRead(userId, first.items[1].id, minute(6))).toBe(true);
    expect(await store.markRead(userId, first.items[1].id, minute(7))).toBe(true);
    expect(await store.markRead(other, first.items[0].id, minute(7))).toBe(false);
    expect(await store.markRead(userId, 'no-such-id', minute(7))).toBe(false);
    expect(await store.list(userId, 20)).toMatchObject({
      items: [{ readAt: null }, { readAt: minute(6).toISOString() }, { readAt: null }],
      unreadCount: 2,
    });

    expect(await store.markAllRead(userId, minute(8))).toBe(2);
    expect(await store.markAllRead(userId, minute(9))).toBe(0);
    expect((await store.list(userId, 20)).unreadCount).toBe(0);
    expect((await store.list(other, 20)).unreadCount).toBe(1);
    // Each notification's own document follows, by key.
    expect((await store.model.find({ userId }).lean()).map((n) => n.readAt?.toISOString()).sort()).toEqual(
      [minute(6), minute(8), minute(8)].map((d) => d.toISOString()),
    );
  });

  it('still lists a notification whose add stopped before the inbox was changed, once it is added again', async () => {
    const userId = uuidv7();
    const key = `k-${userId}`;
    await store.model.create({ _id: notificationIdOf(key), ...notice(userId, key), createdAt: minute(1), readAt: null });
    expect((await store.list(userId, 20)).items).toEqual([]);

    expect(await store.add(notice(userId, key), minute(2))).toBe(false);

    expect(await store.list(userId, 20)).toMatchObject({
      items: [{ id: notificationIdOf(key), createdAt: minute(1).toISOString() }],
      unreadCount: 1,
    });
  });

  it('fills the inboxes once from the notifications kept before inboxes existed', async () => {
    const [userId, other] = [uuidv7(), uuidv7()];
    const legacy = (owner: string, n: number, readAt: Date | null) => ({
      _id: uuidv7(),
      ...notice(owner, `legacy-${owner}-${n}`),
      createdAt: minute(n),
      readAt,
    });
    const docs = [legacy(userId, 1, minute(2)), legacy(userId, 3, null), legacy(other, 4, null)];
    await store.model.insertMany(docs);
    await db.collection('formation_migrations').deleteOne({ _id: 'notification-inboxes-versioned' as never });

    await app.get(FormationMigrations).onApplicationBootstrap();
    await store.add(notice(userId, `new-${userId}`), minute(5));
    await db.collection('formation_migrations').deleteOne({ _id: 'notification-inboxes-versioned' as never });
    await app.get(FormationMigrations).onApplicationBootstrap();

    expect(await store.list(userId, 20)).toEqual({
      items: [
        expect.objectContaining({ id: notificationIdOf(`new-${userId}`) }),
        expect.objectContaining({ id: docs[1]._id, readAt: null }),
        expect.objectContaining({ id: docs[0]._id, readAt: minute(2).toISOString() }),
      ],
      unreadCount: 2,
    });
    expect((await store.list(other, 20)).items.map((i) => i.id)).toEqual([docs[2]._id]);
    expect(await db.collection('formation_migrations').findOne({ _id: 'notification-inboxes-versioned' as never })).not.toBeNull();
  });

  it('forgets the member on account deletion', async () => {
    const userId = uuidv7();
    await store.add(notice(userId, `gone-${userId}`), minute(1));

    await store.purge(userId);

    expect(await store.list(userId, 20)).toEqual({ items: [], unreadCount: 0 });
    expect(await db.collection('notification_inboxes_versioned').findOne({ _id: userId as never })).toBeNull();
  });
});

describe('the bell written by two replicas at once', () => {
  let replicaB: Connection;
  let storeB: NotificationStore;
  beforeAll(async () => {
    replicaB = await connectTestDatabase(db.name);
    storeB = new NotificationStore(replicaB, app.get(LiveSignals));
  });
  afterAll(async () => {
    await replicaB.close();
  });

  it('keeps every notification added through either replica, and each read marked, at the same moment', async () => {
    const userId = uuidv7();
    const keys = Array.from({ length: 40 }, (_, i) => `burst-${userId}-${i}`);

    await Promise.all(keys.map((key, i) => (i % 2 ? store : storeB).add(notice(userId, key), minute(i))));
    const read = keys.slice(0, 10).map(notificationIdOf);
    await Promise.all(read.map((id, i) => (i % 2 ? storeB : store).markRead(userId, id)));

    const inbox = await store.list(userId, 100);
    expect(new Set(inbox.items.map((i) => i.id))).toEqual(new Set(keys.map(notificationIdOf)));
    expect(inbox.unreadCount).toBe(30);
    expect(
      inbox.items
        .filter((i) => i.readAt !== null)
        .map((i) => i.id)
        .sort(),
    ).toEqual([...read].sort());
  }, 60_000);
});
