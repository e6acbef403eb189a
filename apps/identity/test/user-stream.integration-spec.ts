import { Refusal } from '@abide/contracts';
import { CommandRunner, ConcurrencyError, EventStore, ProjectionRunner, snapshotTag, STREAM_HEADS_COLLECTION } from '@abide/event-store';
import { connectTestDatabase, dropTestDatabase, uniqueName } from '@abide/messaging/src/testing/test-engines';
import type { Connection } from 'mongoose';
import { v7 as uuidv7 } from 'uuid';
import { USER_PERSONAL_FIELDS } from '../src/personal-data/delete-account.commands';
import { userDecider } from '../src/accounts/domain/user.decider';
import { UserStream, userStreamId } from '../src/accounts/user-stream.commands';

const meta = { correlationId: 'test' };
const register = (userId: string, name = 'Ruth') =>
  ({ type: 'RegisterUser', userId, name, email: `${userId}@example.com`, now: new Date('2026-01-01T00:00:00Z') }) as const;
const registered = (userId: string) => userDecider.decide(register(userId), userDecider.initialState());

/** One service instance's write path: its own store, runner (and so its own per-stream turns) on its own connection. */
const instance = (connection: Connection) => {
  const store = new EventStore(connection, { service: 'identity' });
  return { store, stream: new UserStream(new CommandRunner(store, new ProjectionRunner(store, []), { kick: () => undefined }), store) };
};

describe('the user stream on the command runner', () => {
  let connection: Connection;
  let store: EventStore;
  let stream: UserStream;

  const headOf = (userId: string) => connection.collection(STREAM_HEADS_COLLECTION).findOne({ _id: userStreamId(userId) as never });

  beforeAll(async () => {
    connection = await connectTestDatabase(uniqueName('identity_stream'));
    ({ store, stream } = instance(connection));
    await store.init();
  });

  afterAll(async () => {
    await dropTestDatabase(connection);
  });

  it('reads a stream written before snapshots from its events, and the next command leaves a snapshot', async () => {
    const userId = uuidv7();
    // As the old write path left it: events and a head without a snapshot.
    await store.append(userStreamId(userId), 0, registered(userId), meta);
    await store.append(userStreamId(userId), 1, userDecider.decide({ type: 'RenameUser', userId, name: 'Naomi' }, { ...userDecider.initialState(), registered: true }), meta);
    expect(await headOf(userId)).toMatchObject({ version: 2, snapshot: null });

    expect(await stream.load(userId)).toEqual({ version: 2, state: expect.objectContaining({ registered: true, name: 'Naomi' }) });

    await stream.handle(
      { type: 'ChangeSettings', userId, settings: { reminderFrequency: 'weekly' }, phoneAfter: null, wantsSms: undefined, now: new Date() },
      meta,
    );
    expect(await headOf(userId)).toMatchObject({ version: 3, snapshotOf: snapshotTag(userDecider) });
    expect((await stream.load(userId)).state).toMatchObject({ registered: true, name: 'Naomi', deleted: false, roles: ['user'] });
  });

  it('refuses a command on an account that does not exist with a 404 refusal, and writes nothing', async () => {
    const userId = uuidv7();

    const attempt = stream.handle({ type: 'RenameUser', userId, name: 'Naomi' }, meta);

    await expect(attempt).rejects.toBeInstanceOf(Refusal);
    await expect(attempt).rejects.toMatchObject({ code: 'NOT_FOUND', message: 'This account was not found.' });
    expect(await stream.load(userId)).toEqual({ version: 0, state: userDecider.initialState() });
  });

  it('lets instances racing on one account each either write on the latest state or lose with a 409, never a lost rename', async () => {
    const userId = uuidv7();
    await stream.handle(register(userId), meta);
    const others = await Promise.all([1, 2, 3].map(() => connectTestDatabase(connection.name)));
    try {
      const writers = [stream, ...others.map((c) => instance(c).stream)];
      const results = await Promise.allSettled(
        writers.map((writer, i) => writer.handle({ type: 'RenameUser', userId, name: `Name ${i}` }, meta)),
      );

      for (const failed of results.filter((r) => r.status === 'rejected')) expect(failed.reason).toBeInstanceOf(ConcurrencyError);
      const won = results.flatMap((r, i) => (r.status === 'fulfilled' ? [i] : []));
      expect(won.length).toBeGreaterThan(0);
      const history = await store.load(userStreamId(userId));
      // Each winner appended exactly once, in turn, and the state is the last of them.
      expect(history.map((e) => e.version)).toEqual(history.map((_, i) => i + 1));
      expect(history.filter((e) => e.type === 'identity.user.profile-updated')).toHaveLength(won.length);
      const last = history.at(-1);
      expect((await stream.load(userId)).state.name).toBe(last?.type === 'identity.user.profile-updated' ? last.data.name : undefined);
    } finally {
      await Promise.all(others.map((c) => c.close()));
    }
  });

  it('drops the snapshot when the account is deleted and erased, so no personal field outlives the erasure in the head', async () => {
    const userId = uuidv7();
    await stream.handle(register(userId, 'Dorcas'), meta);
    await stream.handle({ type: 'DeleteUser', userId, now: new Date() }, meta);
    expect((await headOf(userId))?.snapshot).toContain('Dorcas');

    await store.eraseSubjectData(userId, USER_PERSONAL_FIELDS);

    expect(await headOf(userId)).toMatchObject({ snapshot: null, snapshotOf: null });
    expect((await stream.load(userId)).state).toMatchObject({ deleted: true, name: '[erased]', email: '[erased]' });
    await expect(stream.handle({ type: 'RenameUser', userId, name: 'Tabitha' }, meta)).rejects.toMatchObject({
      code: 'NOT_FOUND',
    });
  });
});
