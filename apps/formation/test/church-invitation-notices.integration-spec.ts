import type { NestFastifyApplication } from '@nestjs/platform-fastify';
import type { EventOf } from '@abide/contracts';
import { MONGO_CONNECTION } from '@abide/platform';
import { foreignEvent } from '@abide/testing';
import type { Connection } from 'mongoose';
import { v7 as uuidv7 } from 'uuid';
import { ChurchDirectory } from '../src/churches/church-directory';
import { IdentityEvents } from '../src/members/identity-events';
import { ChurchInvitationNoticesConsumer } from '../src/notifications/church-invitation-notices.consumer';
import { NotificationStore } from '../src/notifications/notification.store';
import { identityEvent, startFormation } from './formation-app.stub';

const clock = { now: new Date('2026-11-02T15:00:00Z') };
let app: NestFastifyApplication;
let identity: IdentityEvents;
let notices: ChurchInvitationNoticesConsumer;
let bell: NotificationStore;

const tellIdentity = (event: ReturnType<typeof identityEvent>) =>
  (identity.handlers[event.type as 'identity.user.registered'] as (e: unknown) => Promise<void>)(event);

const register = async (name: string, channels?: Array<'in-app' | 'email'>) => {
  const userId = uuidv7();
  await tellIdentity(
    identityEvent('identity.user.registered', userId, { userId, name, email: `${userId}@example.org`, roles: ['user'], registeredAt: clock.now.toISOString() }),
  );
  if (channels) await tellIdentity(identityEvent('identity.user.settings-updated', userId, { userId, channels }));
  return userId;
};

const invited = (userId: string, invitedBy: string | null, invitationId = uuidv7(), expiresAt = '2026-11-16T15:00:00.000Z') =>
  ({
    ...foreignEvent(
      'identity.member-import.member-invited',
      'member-import-i1',
      { importId: 'i1', churchId: 'c1', invitationId, userId, churchName: 'Grace Chapel', expiresAt, invitedBy },
      { subjectId: userId, version: 2 },
    ),
    schemaVersion: 2,
  }) as EventOf<'identity.member-import.member-invited'>;

const deliver = (event: EventOf<'identity.member-import.member-invited'>) =>
  notices.handlers['identity.member-import.member-invited']!(event);

beforeAll(async () => {
  app = await startFormation(clock);
  identity = app.get(IdentityEvents);
  notices = app.get(ChurchInvitationNoticesConsumer);
  bell = app.get(NotificationStore);
});
afterAll(async () => {
  await app.get<Connection>(MONGO_CONNECTION).dropDatabase();
  await app.close();
});

describe('a church join notice in the bell', () => {
  it('shows once, naming the admin and linking to the invitation, however often the event or the invitation is told', async () => {
    const admin = await register('Barnabas');
    const member = await register('Priscilla');
    const event = invited(member, admin);

    await deliver(event);
    await deliver(event);
    await deliver({ ...event, id: uuidv7() });

    const { items, unreadCount } = await bell.list(member, 20);
    expect(items).toEqual([
      expect.objectContaining({
        title: 'You were invited to Grace Chapel',
        body: 'Barnabas added you to Grace Chapel on Abide. Accept to join them; nothing changes until you do.',
        link: `/invitations/${event.data.invitationId}`,
        readAt: null,
      }),
    ]);
    expect(unreadCount).toBe(1);
    expect((await bell.list(admin, 20)).items).toEqual([]);
  });

  it('is not shown to a member who turned in-app notifications off, nor kept for an unknown member', async () => {
    const admin = await register('Barnabas');
    const emailOnly = await register('Aquila', ['email']);
    const unknown = uuidv7();

    await deliver(invited(emailOnly, admin));
    await deliver(invited(unknown, admin));

    expect((await bell.list(emailOnly, 20)).items).toEqual([]);
    expect((await bell.list(unknown, 20)).items).toEqual([]);
  });

  it('is left out when it is old news: the invitation expired, or the member already belongs to the church', async () => {
    const admin = await register('Barnabas');
    const [late, joined] = [await register('Demas'), await register('Onesimus')];
    await app.get(ChurchDirectory).churchRole('c1', joined, 'member', 1);

    await deliver(invited(late, admin, uuidv7(), clock.now.toISOString()));
    await deliver(invited(joined, admin));

    expect((await bell.list(late, 20)).items).toEqual([]);
    expect((await bell.list(joined, 20)).items).toEqual([]);
  });

  it('names the church alone when the admin is not known (a deleted account, or a notice from before events named them)', async () => {
    const member = await register('Lydia');

    await deliver(invited(member, null));
    await deliver(invited(member, uuidv7()));

    expect((await bell.list(member, 20)).items.map((i) => i.body)).toEqual([
      'Grace Chapel added you to its members on Abide. Accept to join them; nothing changes until you do.',
      'Grace Chapel added you to its members on Abide. Accept to join them; nothing changes until you do.',
    ]);
  });
});
