import { connectTestDatabase, dropTestDatabase, uniqueName } from '@abide/testing/src/test-engines';
import { Schema, type Connection, type Model } from 'mongoose';
import { EventStore } from '../event-store';
import { userRegistered } from '../test-fixtures';
import { eventKey } from '../keys';
import { applyInOrder, type StreamLog } from '../read-models/stream-order';
import type { StoredEvent } from '../stored-event';
import { afterProjections } from './after-projections';
import type { Projection } from './projection';
import { ProjectionRunner } from './projection-runner';

interface UserView {
  _id: string;
  name: string;
  email: string;
  /** Counts applications: a non-idempotent projection would over-count on replays. */
  applied: number;
  version: number;
}

/** A read model like the services write: one document per stream, versioned for idempotence. */
class UserDirectoryProjection implements Projection<'identity.user.registered'> {
  readonly name: string = 'user-directory';
  readonly handles = ['identity.user.registered'] as const;
  readonly model: Model<UserView>;

  constructor(
    connection: Connection,
    private readonly log: StreamLog,
    collection = 'user_directory',
  ) {
    const schema = new Schema<UserView>(
      { _id: String, name: String, email: String, applied: Number, version: Number },
      { collection, versionKey: false },
    );
    this.model = connection.model<UserView>(`${collection}_view`, schema);
  }

  async apply(event: StoredEvent<'identity.user.registered'>): Promise<void> {
    const { data } = event;
    await applyInOrder(this.model, event.streamId, event, this.log, () => ({
      $set: { name: data.name, email: data.email },
      $inc: { applied: 1 },
    }));
  }

  async reset(): Promise<void> {
    await this.model.deleteMany({});
  }

  async purgeSubject(subjectId: string): Promise<void> {
    await this.model.deleteMany({ _id: subjectId });
  }

  snapshot(): Promise<UserView[]> {
    return this.model.find().sort({ _id: 1 }).lean<UserView[]>();
  }
}

describe(ProjectionRunner.name, () => {
  let connection: Connection;
  let store: EventStore;
  let projection: UserDirectoryProjection;
  let sut: ProjectionRunner;

  const appendAndProject = async (streamId: string, expected: number, name: string) => {
    const events = await store.append(streamId, expected, [userRegistered(streamId, name)], { correlationId: 'c' });
    await sut.apply(events);
    await store.markProjected(events.map((e) => eventKey(e.streamId, e.version)));
    return events;
  };
  const unprojected = async () => (await store.outboxToProject()).map((e) => e._id);

  beforeAll(async () => {
    connection = await connectTestDatabase(uniqueName('es_proj'));
    store = new EventStore(connection, { service: 'test' });
    projection = new UserDirectoryProjection(connection, store);
    sut = new ProjectionRunner(store, [projection]);
  });

  afterAll(async () => {
    await dropTestDatabase(connection);
  });

  it('returns read-your-writes after apply, and the outbox entry no longer waits for the read models', async () => {
    await appendAndProject('user-1', 0, 'First');
    await expect(projection.model.findById('user-1').lean()).resolves.toMatchObject({ name: 'First', version: 1 });
    expect(await unprojected()).toEqual([]);
  });

  it('applies an event once when it is handed over twice', async () => {
    const events = await appendAndProject('user-1', 1, 'Second');
    await sut.apply(events);
    await expect(projection.model.findById('user-1').lean()).resolves.toMatchObject({ name: 'Second', applied: 2, version: 2 });
  });

  it('returns the newest version when two versions of one document are applied at the same moment, out of order', async () => {
    const [v1] = await store.append('user-race', 0, [userRegistered('user-race', 'One')], { correlationId: 'c' });
    const [v2] = await store.append('user-race', 1, [userRegistered('user-race', 'Two')], { correlationId: 'c' });
    await Promise.all([sut.apply([v2]), sut.apply([v1])]);
    await expect(projection.model.findById('user-race').lean()).resolves.toMatchObject({ name: 'Two', version: 2 });
  });

  it('heals from the outbox after a crash between append and projection, and leaves young entries to their request', async () => {
    // Crash: appended, never projected.
    await store.append('user-2', 0, [userRegistered('user-2', 'Lost')], { correlationId: 'c' });
    await appendAndProject('user-3', 0, 'Later');
    expect(await sut.heal()).toBe(0);
    await expect(projection.model.findById('user-2').lean()).resolves.toBeNull();

    const restarted = new ProjectionRunner(store, [projection]);
    expect(await restarted.heal(0)).toBeGreaterThanOrEqual(1);

    await expect(projection.model.findById('user-2').lean()).resolves.toMatchObject({ name: 'Lost', applied: 1 });
    await expect(projection.model.findById('user-1').lean()).resolves.toMatchObject({ name: 'Second', applied: 2 });
    expect(await unprojected()).toEqual([]);
  });

  it('removes a crashed writer’s old entry whose event never came, and leaves a young one to its append', async () => {
    const entry = (stream: string, ageMs: number) => ({
      _id: eventKey(stream, 1),
      eventId: `never-stored-${stream}`,
      streamId: stream,
      version: 1,
      type: 'identity.user.registered',
      createdAt: new Date(Date.now() - ageMs),
      unprojected: true,
    });
    await store.outbox.insertMany([entry('user-orphan', 60_000), entry('user-in-flight', 0)]);

    await new ProjectionRunner(store, [projection]).heal(0);

    expect(await unprojected()).toEqual([eventKey('user-in-flight', 1)]);
    await store.outbox.deleteMany({ _id: eventKey('user-in-flight', 1) });
  });

  it('returns the same read model from a rebuild as from live projection', async () => {
    for (let i = 0; i < 12; i++) await appendAndProject(`user-${10 + (i % 4)}`, Math.floor(i / 4), `Name ${i}`);
    const live = await projection.snapshot();

    await sut.rebuild('user-directory');

    const rebuilt = await projection.snapshot();
    expect(rebuilt.map(({ applied: _a, ...rest }) => rest)).toEqual(live.map(({ applied: _a, ...rest }) => rest));
  });

  it('deletes the subject from projections that support purging', async () => {
    await sut.purgeSubject('user-2');
    await expect(projection.model.findById('user-2').lean()).resolves.toBeNull();
  });

  it('never brings back a purged subject in a rebuild', async () => {
    await appendAndProject('user-30', 0, 'Erased');
    await appendAndProject('user-31', 0, 'Kept');
    await sut.purgeSubject('user-30');

    await sut.rebuild('user-directory');

    await expect(projection.model.findById('user-30').lean()).resolves.toBeNull();
    await expect(projection.model.findById('user-31').lean()).resolves.toMatchObject({ name: 'Kept' });
  });

  it('leaves out of a rebuild the members its log says were deleted before purges were recorded', async () => {
    await appendAndProject('user-40', 0, 'Deleted long ago');
    const runner = new ProjectionRunner(store, [projection], { erasedSubjects: async () => ['user-40'] });

    await runner.rebuild('user-directory');

    await expect(projection.model.findById('user-40').lean()).resolves.toBeNull();
    await expect(projection.model.findById('user-31').lean()).resolves.toMatchObject({ name: 'Kept' });
  });

  it('fills a read model added later from the whole log once, at the first start that has it', async () => {
    class LateDirectory extends UserDirectoryProjection {
      override readonly name = 'late-directory';
      readonly backfill = true;
    }
    const late = new LateDirectory(connection, store, 'late_directory');
    await late.reset();
    await appendAndProject('user-20', 0, 'Before the new read model');

    const first = new ProjectionRunner(store, [projection, late]);
    await first.onApplicationBootstrap();
    first.onApplicationShutdown();
    await expect(late.model.findById('user-20').lean()).resolves.toMatchObject({ name: 'Before the new read model' });
    expect(await store.projectionBuilt('late-directory')).toBe(true);

    // A later start does not empty and refill it: what is there stays, nothing is applied twice.
    await late.model.updateOne({ _id: 'user-20' }, { $set: { name: 'Kept' } });
    const second = new ProjectionRunner(store, [projection, late]);
    await second.onApplicationBootstrap();
    second.onApplicationShutdown();
    await expect(late.model.findById('user-20').lean()).resolves.toMatchObject({ name: 'Kept' });
  });
  it('applies a projection that reads another’s documents after that one, and refuses one named before it is registered', async () => {
    const directory = new UserDirectoryProjection(connection, store, 'first_directory');
    /** Copies the name the directory holds when it applies the same event: empty unless the directory went first. */
    class CopyingDirectory extends UserDirectoryProjection {
      override readonly name = 'copying-directory';
      readonly after = [directory.name];
      copied = '';
      override async apply(event: StoredEvent<'identity.user.registered'>): Promise<void> {
        this.copied = (await directory.model.findById(event.streamId).lean())?.name ?? '';
      }
    }
    const copying = new CopyingDirectory(connection, store, 'copying_directory');
    const [event] = await store.append('user-52', 0, [userRegistered('user-52', 'First')], { correlationId: 'c' });

    // The one it reads is slow to write: it still waits for it.
    const runner = new ProjectionRunner(store, [directory, copying]);
    const slowApply = directory.apply.bind(directory);
    directory.apply = async (e) => {
      await new Promise((resolve) => setTimeout(resolve, 50));
      await slowApply(e);
    };
    await runner.apply([event]);

    expect(copying.copied).toBe('First');
    expect(() => new ProjectionRunner(store, [copying])).toThrow('copying-directory is applied after user-directory: register that first');
  });

  describe('work that follows the projections’ writes (afterProjections)', () => {
    /** A directory that, after its write, asks for the user's `tally` to be counted (the same work for every directory). */
    class TallyingDirectory extends UserDirectoryProjection {
      constructor(
        readonly name: string,
        private readonly tally: (userId: string) => Promise<void>,
        private readonly fails = false,
      ) {
        super(connection, store, name);
      }
      override async apply(event: StoredEvent<'identity.user.registered'>): Promise<void> {
        await super.apply(event);
        if (this.fails) throw new Error(`${this.name} failed`);
        await afterProjections(`tally:${event.streamId}`, () => this.tally(event.streamId));
      }
    }

    it('is done once per key after every projection of the event wrote, and at once outside a runner', async () => {
      const seen: string[][] = [];
      const directories: TallyingDirectory[] = [];
      const tally = async () => {
        seen.push(await Promise.all(directories.map(async (d) => (await d.model.findById('user-50').lean())?.name ?? '-')));
      };
      directories.push(new TallyingDirectory('tally_a', tally), new TallyingDirectory('tally_b', tally));
      const [event] = await store.append('user-50', 0, [userRegistered('user-50', 'Tallied')], { correlationId: 'c' });

      await new ProjectionRunner(store, directories).apply([event]);

      expect(seen).toEqual([['Tallied', 'Tallied']]);
      await directories[0].apply(event as StoredEvent<'identity.user.registered'>);
      expect(seen).toHaveLength(2);
    });

    it('is done also when another projection of the event failed, and the failure still reaches the caller', async () => {
      let tallied = 0;
      const tally = async () => void (tallied += 1);
      const runner = new ProjectionRunner(store, [new TallyingDirectory('tally_c', tally), new TallyingDirectory('tally_d', tally, true)]);
      const [event] = await store.append('user-51', 0, [userRegistered('user-51', 'Half')], { correlationId: 'c' });

      await expect(runner.apply([event])).rejects.toThrow('tally_d failed');
      expect(tallied).toBe(1);
    });
  });
});
