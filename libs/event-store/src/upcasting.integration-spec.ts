import { EventRegistry, eventDefinitions, eventVersions, UnreadableEventError, userRegisteredV1 } from '@abide/contracts';
import { connectTestDatabase, dropTestDatabase, uniqueName } from '@abide/testing/src/test-engines';
import { Schema, type Connection, type Model } from 'mongoose';
import type { Decider } from './decider';
import { EVENTS_COLLECTION } from './event.schema';
import { EventStore } from './event-store';
import { eventKey } from './keys';
import { applyInOrder, type StreamLog } from './read-models/stream-order';
import type { Projection } from './projections/projection';
import { ProjectionRunner } from './projections/projection-runner';
import type { StoredEvent } from './stored-event';

/**
 * A registry in which `identity.user.registered` has been through a change: its v1 recorded no roles (every member was
 * a user then), v2 is the shape producers write today. Events stored at v1 must read as v2 everywhere.
 */
const registeredV1 = userRegisteredV1.omit({ roles: true });
const registry = new EventRegistry({
  ...eventDefinitions,
  'identity.user.registered': eventVersions(registeredV1).next(userRegisteredV1, (v1) => ({ ...v1, roles: ['user' as const] })),
});

const rolesDecider: Decider<{ roles: string[] }> = {
  name: 'roles',
  initialState: () => ({ roles: [] }),
  evolve: (state, event) => (event.type === 'identity.user.registered' ? { roles: event.data.roles } : state),
};

interface RolesView {
  _id: string;
  roles: string[];
  version: number;
}

class RolesProjection implements Projection<'identity.user.registered'> {
  readonly name = 'roles-view';
  readonly handles = ['identity.user.registered'] as const;
  readonly model: Model<RolesView>;
  constructor(
    connection: Connection,
    private readonly log: StreamLog,
  ) {
    this.model = connection.model<RolesView>(
      'RolesView',
      new Schema<RolesView>({ _id: String, roles: [String], version: Number }, { collection: 'roles_view' }),
    );
  }
  async apply(event: StoredEvent<'identity.user.registered'>): Promise<void> {
    await applyInOrder(this.model, event.streamId, event, this.log, () => ({ $set: { roles: event.data.roles } }));
  }
  async reset(): Promise<void> {
    await this.model.deleteMany({});
  }
}

describe('EventStore reading an earlier schema version', () => {
  let connection: Connection;
  let store: EventStore;

  /** Writes an event as an older build stored it (no append validates it against today's schema). */
  const storeAsWritten = async (streamId: string, schemaVersion: number, data: Record<string, unknown>) => {
    await connection.collection<Record<string, unknown> & { _id: string }>(EVENTS_COLLECTION).insertOne({
      _id: eventKey(streamId, 1),
      id: `${streamId}-1`,
      type: 'identity.user.registered',
      schemaVersion,
      streamId,
      version: 1,
      occurredAt: new Date('2025-01-01T00:00:00Z'),
      subjectId: 'u1',
      correlationId: 'c',
      causationId: null,
      data,
    });
    await store.heads.updateOne(
      { _id: streamId },
      { $set: { version: 1, snapshot: null, snapshotOf: null, subjectId: 'u1', updatedAt: new Date() } },
      { upsert: true },
    );
  };
  const v1Data = { userId: 'u1', name: 'Ada', email: 'ada@example.com', registeredAt: '2025-01-01T00:00:00.000Z' };

  beforeAll(async () => {
    connection = await connectTestDatabase(uniqueName('es_upcast'));
    store = new EventStore(connection, { service: 'test', registry });
    await store.init();
  });

  afterAll(async () => {
    await dropTestDatabase(connection);
  });

  it('returns a v1 event in the current shape from load, aggregate and a projection rebuild, and leaves the stored document as written', async () => {
    await storeAsWritten('user-old', 1, v1Data);

    const [event] = await store.load('user-old');
    expect(event).toMatchObject({ type: 'identity.user.registered', schemaVersion: 2, data: { ...v1Data, roles: ['user'] } });
    expect((await store.aggregate('user-old', rolesDecider)).state).toEqual({ roles: ['user'] });

    const projection = new RolesProjection(connection, store);
    await new ProjectionRunner(store, [projection]).rebuild('roles-view');
    await expect(projection.model.findById('user-old').lean()).resolves.toMatchObject({ roles: ['user'], version: 1 });

    await expect(
      connection.collection<{ _id: string }>(EVENTS_COLLECTION).findOne({ _id: eventKey('user-old', 1) }),
    ).resolves.toMatchObject({
      schemaVersion: 1,
      data: v1Data,
    });
  });

  it('refuses to fold an event of a version newer than this build reads, naming the stream and the version', async () => {
    await storeAsWritten('user-future', 3, { ...v1Data, roles: ['user'], nickname: 'A' });

    const load = store.load('user-future');
    await expect(load).rejects.toBeInstanceOf(UnreadableEventError);
    await expect(store.load('user-future')).rejects.toThrow(
      'user-future v1: schemaVersion 3 of identity.user.registered is newer than this build reads (2); it needs a later build',
    );
  });
});
