import { CommandRunner, EventStore, ProjectionRunner } from '@abide/event-store';
import { connectTestDatabase, dropTestDatabase, uniqueName } from '@abide/messaging/src/testing/test-engines';
import { v7 as uuidv7 } from 'uuid';
import { UserProjection } from '../src/accounts/projections/user.projection';
import { UserStream } from '../src/accounts/user-stream.commands';
import { IdentityMigrations } from '../src/identity.migration';
import { endImplicitSharing } from '../src/settings/implicit-sharing.migration';
import { VerifiedNumbers } from '../src/sms/verified-numbers';

const meta = { correlationId: 'test' };
const quiet = { log: () => undefined, warn: () => undefined };

/** One identity replica on its own connection to the shared database: store, runner, read model, identity's migrations. */
const replica = async (dbName: string) => {
  const connection = await connectTestDatabase(dbName);
  const store = new EventStore(connection, { service: 'identity' });
  const views = new UserProjection(connection, store);
  const users = new UserStream(new CommandRunner(store, new ProjectionRunner(store, [views]), { kick: () => undefined }), store);
  await store.init();
  // Nest sets a migration's connection as a property (OneTimeMigration); outside Nest the spec does.
  const migrations = Object.assign(new IdentityMigrations(users, store, new VerifiedNumbers(connection)), { connection });
  return { connection, store, views, users, migrations };
};

describe(endImplicitSharing.name, () => {
  const dbName = uniqueName('identity_implicit_sharing');
  let replicas: Array<Awaited<ReturnType<typeof replica>>>;
  const one = () => replicas[0];

  const register = async (name: string) => {
    const userId = uuidv7();
    await one().users.handle(
      { type: 'RegisterUser', userId, name, email: `${userId}@example.com`, now: new Date('2026-01-05T08:00:00Z') },
      meta,
    );
    return userId;
  };
  const choose = (userId: string, shareProgressWithGroups: boolean) =>
    one().users.handle(
      { type: 'ChangeSettings', userId, settings: { shareProgressWithGroups }, phoneAfter: null, wantsSms: undefined, now: new Date() },
      meta,
    );
  /** What the release before showed: an account that never chose read as sharing (the old default, kept in its view). */
  const sharedByOldDefault = (userId: string) =>
    one()
      .connection.collection('users')
      .updateOne({ _id: userId as never }, { $set: { shareProgressWithGroups: true } });
  const sharingEvents = async (userId: string) =>
    (await one().store.load(`user-${userId}`))
      .flatMap((e) =>
        e.type === 'identity.user.settings-updated' ? [(e.data as { shareProgressWithGroups?: boolean }).shareProgressWithGroups] : [],
      )
      .filter((choice) => choice !== undefined);
  const shown = async (userId: string) => (await one().views.findById(userId))?.shareProgressWithGroups;

  beforeAll(async () => {
    replicas = await Promise.all([1, 2, 3].map(() => replica(dbName)));
  });

  afterAll(async () => {
    for (const r of replicas.slice(1)) await r.connection.close();
    await dropTestDatabase(one().connection);
  });

  it('turns the old default off and keeps every explicit choice, exactly once while three replicas start at once', async () => {
    const implicit = await register('Lydia');
    const explicitOn = await register('Priscilla');
    const explicitOff = await register('Phoebe');
    const onAfterOff = await register('Junia');
    const otherSettings = await register('Dorcas');
    await sharedByOldDefault(implicit);
    await choose(explicitOn, true);
    await choose(explicitOff, false);
    await choose(onAfterOff, false);
    await choose(onAfterOff, true);
    await one().users.handle(
      {
        type: 'ChangeSettings',
        userId: otherSettings,
        settings: { timeZone: 'Europe/Rome' },
        phoneAfter: null,
        wantsSms: undefined,
        now: new Date(),
      },
      meta,
    );
    await sharedByOldDefault(otherSettings);
    expect(await shown(implicit)).toBe(true);

    await Promise.all(replicas.map((r) => r.migrations.onApplicationBootstrap()));

    // The never-chosen become not sharing, by one event each that every read model (and community, over Kafka) follows.
    expect(await sharingEvents(implicit)).toEqual([false]);
    expect(await sharingEvents(otherSettings)).toEqual([false]);
    expect(await shown(implicit)).toBe(false);
    expect(await shown(otherSettings)).toBe(false);
    // Explicit choices stand, untouched.
    expect(await sharingEvents(explicitOn)).toEqual([true]);
    expect(await shown(explicitOn)).toBe(true);
    expect(await sharingEvents(explicitOff)).toEqual([false]);
    expect(await sharingEvents(onAfterOff)).toEqual([false, true]);
    expect(await shown(onAfterOff)).toBe(true);
    // The marker the release before wrote, word for word: a database already past this step never runs it again.
    expect(
      await one()
        .connection.collection('identity_migrations')
        .findOne({ _id: 'share-progress-implicit-ended' as never }),
    ).not.toBeNull();

    // Later starts do not look again: a member who turns sharing on after the migration keeps it.
    await choose(implicit, true);
    await Promise.all(replicas.map((r) => r.migrations.onApplicationBootstrap()));
    expect(await sharingEvents(implicit)).toEqual([false, true]);
    expect(await shown(implicit)).toBe(true);
  });

  it('decides nothing twice when run again by hand (a run cut short before its marker)', async () => {
    const member = await register('Tabitha');
    expect(await endImplicitSharing(one().users, one().store, quiet)).toBe(1);
    expect(await endImplicitSharing(replicas[1].users, replicas[1].store, quiet)).toBe(0);
    expect(await sharingEvents(member)).toEqual([false]);
  });
});
