import { CommandRunner, EventStore, ProjectionRunner } from '@abide/event-store';
import { connectTestDatabase, dropTestDatabase, uniqueName } from '@abide/messaging/src/testing/test-engines';
import { newPhoneNumber } from '@abide/testing';
import { v7 as uuidv7 } from 'uuid';
import { UserProjection } from '../src/accounts/projections/user.projection';
import { UserStream } from '../src/accounts/user-stream.commands';
import type { IdentityConfig } from '../src/config/env.schema';
import { IdentityMigrations } from '../src/identity.migration';
import { toSettingsResponse } from '../src/settings/settings-response';
import { SmsOptIns } from '../src/sms/sms-opt-ins';
import { SmsPermissions } from '../src/sms/sms-permissions';
import { SmsStops } from '../src/sms/sms-stops';
import { endUnprovedOptIns } from '../src/sms/unproved-opt-ins.migration';
import { VerifiedNumbers } from '../src/sms/verified-numbers';

const meta = { correlationId: 'test' };
const config = { SMS_FROM: '+15005550006' } as IdentityConfig;
const quiet = { log: () => undefined, warn: () => undefined };

/** One identity replica on its own connection to the shared database: store, runner, read model, identity's migrations. */
const replica = async (dbName: string) => {
  const connection = await connectTestDatabase(dbName);
  const store = new EventStore(connection, { service: 'identity' });
  const views = new UserProjection(connection, store);
  const users = new UserStream(new CommandRunner(store, new ProjectionRunner(store, [views]), { kick: () => undefined }), store);
  const verified = new VerifiedNumbers(connection);
  const stops = new SmsStops(connection);
  const optIns = new SmsOptIns(users, new SmsPermissions(stops, verified, config), stops, verified);
  await store.init();
  // Nest sets a migration's connection as a property (OneTimeMigration); outside Nest the spec does.
  const migrations = Object.assign(new IdentityMigrations(users, store, verified), { connection });
  const endOptIns = () => endUnprovedOptIns(users, store, verified, quiet);
  return { connection, store, views, users, verified, optIns, migrations, endOptIns };
};

describe(endUnprovedOptIns.name, () => {
  const dbName = uniqueName('identity_unproved_opt_ins');
  let one: Awaited<ReturnType<typeof replica>>;
  let two: Awaited<ReturnType<typeof replica>>;

  /** A member who opted in to texts at a number as the release before recorded it: no proof asked for. */
  const optedInTheOldWay = async (number: string) => {
    const userId = uuidv7();
    const now = new Date('2026-01-05T08:00:00Z');
    await one.users.handle({ type: 'RegisterUser', userId, name: 'Lydia', email: `${userId}@example.com`, now }, meta);
    await one.users.handle(
      { type: 'ChangeSettings', userId, settings: { phoneNumber: number }, phoneAfter: number, wantsSms: true, now },
      meta,
    );
    return userId;
  };

  const optOutsOf = async (userId: string) =>
    (await one.store.load(`user-${userId}`)).filter((e) => e.type === 'identity.user.sms-opted-out').map((e) => e.data);

  const settingsOf = async (userId: string) => {
    const view = await one.views.findById(userId);
    if (!view) throw new Error(`no view of ${userId}`);
    return toSettingsResponse(view, await one.optIns.statusOf(userId, view.phoneNumber));
  };

  beforeAll(async () => {
    one = await replica(dbName);
    two = await replica(dbName);
  });

  afterAll(async () => {
    await two.connection.close();
    await dropTestDatabase(one.connection);
  });

  it('ends an opt-in at a number nobody proved exactly once while two replicas run it at the same start, and leaves a proved one alone', async () => {
    const unproved = newPhoneNumber().e164;
    const proved = newPhoneNumber().e164;
    const stranger = await optedInTheOldWay(unproved);
    const owner = await optedInTheOldWay(proved);
    await one.verified.add(owner, proved);
    expect((await settingsOf(stranger)).sms.state).toBe('on');

    await Promise.all([one.migrations.onApplicationBootstrap(), two.migrations.onApplicationBootstrap()]);

    expect(await optOutsOf(stranger)).toEqual([
      { userId: stranger, phoneNumber: unproved, optedOutAt: expect.any(String), source: 'number-not-verified' },
    ]);
    expect((await one.users.load(stranger)).state.smsOptedInNumber).toBeNull();
    // What the member reads in Settings: texts off, and why.
    expect(await settingsOf(stranger)).toMatchObject({
      channels: expect.not.arrayContaining(['sms']),
      sms: { state: 'off', verified: false, endedBy: 'number-not-verified' },
    });
    expect(await optOutsOf(owner)).toEqual([]);
    expect((await settingsOf(owner)).sms).toMatchObject({ state: 'on', verified: true });

    // Later starts change nothing more: one finds nothing left and leaves the marker, the next does not look again.
    await Promise.all([one.migrations.onApplicationBootstrap(), two.migrations.onApplicationBootstrap()]);
    await one.migrations.onApplicationBootstrap();
    // The marker the release before wrote, word for word: a database already past this step never runs it again.
    expect(await one.connection.collection('identity_migrations').findOne({ _id: 'sms-unproved-opt-ins-ended' as never })).not.toBeNull();
    expect(await optOutsOf(stranger)).toHaveLength(1);
  });

  it('lets a member whose opt-in was ended prove the number and opt in again', async () => {
    const number = newPhoneNumber().e164;
    const member = await optedInTheOldWay(number);
    await one.endOptIns();
    await expect(one.optIns.assertMayOptIn(member, number)).rejects.toMatchObject({ status: 400 });

    await one.verified.add(member, number);
    await one.optIns.assertMayOptIn(member, number);
    await one.users.handle(
      { type: 'ChangeSettings', userId: member, settings: {}, phoneAfter: number, wantsSms: true, now: new Date() },
      meta,
    );

    expect((await settingsOf(member)).sms).toMatchObject({ state: 'on', verified: true, endedBy: null });
    expect(await one.endOptIns()).toBe(0);
  });
});
