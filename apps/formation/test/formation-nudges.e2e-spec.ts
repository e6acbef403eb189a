import type { ProblemDetails } from '@abide/contracts';
import { LiveSignals } from '@abide/messaging';
import { call, UserSession, withServiceDb } from '@abide/testing';
import { createHmac, randomUUID } from 'node:crypto';
import { NotificationStore } from '../src/notifications/notification.store';

interface Bell {
  items: Array<{ id: string; title: string; body: string; readAt: string | null; link: string | null }>;
  unreadCount: number;
}

/** The bell's live signals are not what these tests are about (apps/gateway/test/live.e2e-spec.ts is). */
const unheard = new LiveSignals({ publishRaw: async () => undefined });

/**
 * Puts a notification in a member's bell the way the delivery job does, through formation's store (the notification's
 * document and the member's inbox); the job itself is covered by formation's integration tests.
 */
const notify = (userId: string, title: string, createdAt: Date) =>
  withServiceDb('formation', (db) =>
    new NotificationStore(db, unheard).add(
      { userId, key: `${userId}:test-${randomUUID()}:2025-01-01`, title, body: `${title} body`, link: '/plan' },
      createdAt,
    ),
  );

describe('notification bell', () => {
  it('lists the newest first with the unread count, marks one and then all read', async () => {
    const member = await UserSession.signUp();
    await notify(member.user.id, 'Older', new Date(Date.now() - 60_000));
    await notify(member.user.id, 'Newer', new Date());

    const bell = await member.get<Bell>('/api/notifications');
    expect(bell.status).toBe(200);
    expect(bell.body.items.map((n) => n.title)).toEqual(['Newer', 'Older']);
    expect(bell.body.unreadCount).toBe(2);
    expect((await member.get<Bell>('/api/notifications?limit=1')).body.items).toHaveLength(1);

    expect((await member.post(`/api/notifications/${bell.body.items[0].id}/read`)).status).toBe(204);
    const after = await member.get<Bell>('/api/notifications');
    expect(after.body.unreadCount).toBe(1);
    expect(after.body.items[0].readAt).not.toBeNull();

    expect((await member.post<{ marked: number }>('/api/notifications/read-all')).body).toEqual({ marked: 1 });
    expect((await member.get<Bell>('/api/notifications')).body.unreadCount).toBe(0);
  });

  it("never lists or marks another member's notifications", async () => {
    const [ruth, naomi] = await Promise.all([UserSession.signUp(), UserSession.signUp()]);
    await notify(ruth.user.id, 'For Ruth', new Date());
    const id = (await ruth.get<Bell>('/api/notifications')).body.items[0].id;

    expect((await naomi.get<Bell>('/api/notifications')).body).toEqual({ items: [], unreadCount: 0 });
    expect((await naomi.post<ProblemDetails>(`/api/notifications/${id}/read`)).status).toBe(404);
    await naomi.post('/api/notifications/read-all');
    expect((await ruth.get<Bell>('/api/notifications')).body.unreadCount).toBe(1);
    expect((await call('GET', '/api/notifications')).status).toBe(401);
    expect((await ruth.get<ProblemDetails>('/api/notifications?limit=0')).status).toBe(400);
  });
});

describe('unsubscribe link', () => {
  it('refuses a forged token without signing in, and answers a page', async () => {
    const forged = `${Buffer.from('someone').toString('base64url')}.${createHmac('sha256', 'guess').update('x').digest('base64url')}`;

    const res = await fetch(`${process.env.E2E_API_URL}/api/nudges/unsubscribe?token=${forged}`);

    expect(res.status).toBe(400);
    expect(res.headers.get('content-type')).toContain('text/html');
    expect(await res.text()).toContain('This link is not valid');
  });
});
