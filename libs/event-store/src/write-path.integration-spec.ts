// The write path's round trips and the guarantees kept while cutting them: a command trusts its stream head, and
// read models start their compare-and-set from the row last seen. Two connections stand for two replicas.
import { testMongoUrl, uniqueName } from '@abide/testing/src/test-engines';
import mongoose, { type Connection } from 'mongoose';
import { CommandHandler } from './command-handler';
import { CommandRunner } from './command-runner';
import type { CommandDecider } from './decider';
import { encodeState } from './state-codec';
import { EventStore } from './event-store';
import { eventKey } from './keys';
import { ProjectionRunner } from './projections/projection-runner';
import { unchanged, VersionedDocuments } from './read-models/versioned-documents';
import { applyInOrder } from './read-models/stream-order';
import type { StoredEvent } from './stored-event';
import { userRegistered } from './test-fixtures';

type AddName = { type: 'AddName'; rosterId: string; name: string };
interface Roster {
  names: string[];
}

const rosterDecider: CommandDecider<AddName, Roster> = {
  name: 'roster',
  initialState: () => ({ names: [] }),
  evolve: (state, event: StoredEvent) => (event.type === 'identity.user.registered' ? { names: [...state.names, event.data.name] } : state),
  decide: (command, state) => (state.names.includes(command.name) ? [] : [userRegistered(command.rosterId, command.name)]),
};

const meta = { correlationId: 'spec' };

/** A connection whose driver reports each command, as a service's does (db_commands_total). */
const monitored = async (dbName: string): Promise<{ connection: Connection; sent: string[] }> => {
  const connection = await mongoose
    .createConnection(testMongoUrl(), { dbName, serverSelectionTimeoutMS: 5000, monitorCommands: true })
    .asPromise();
  const sent: string[] = [];
  connection.getClient().on('commandStarted', (event) => {
    const command = event.command as Record<string, unknown>;
    sent.push(`${event.commandName} ${String(command[event.commandName])}`);
  });
  return { connection, sent };
};

/** What `run` sent, as `command collection`. */
const commandsOf = async (sent: string[], run: () => Promise<unknown>): Promise<string[]> => {
  const from = sent.length;
  await run();
  return sent.slice(from);
};

describe('the write path', () => {
  const dbName = uniqueName('write_path');
  let a: { connection: Connection; sent: string[] };
  let b: { connection: Connection; sent: string[] };

  const replica = (connection: Connection) => {
    const store = new EventStore(connection, { service: 'test' });
    const runner = new CommandRunner(store, new ProjectionRunner(store, []), { kick: () => undefined });
    return { store, handler: new CommandHandler(runner, rosterDecider, { streamOf: (c) => `roster-${c.rosterId}`, maxAttempts: 20 }) };
  };

  beforeAll(async () => {
    a = await monitored(dbName);
    b = await monitored(dbName);
    await new EventStore(a.connection, { service: 'test' }).init();
  });

  afterAll(async () => {
    await b.connection.close();
    await a.connection.dropDatabase();
    await a.connection.close();
  });

  describe('a command', () => {
    it('on a stream whose head another replica wrote reads the head and nothing past it', async () => {
      await replica(b.connection).handler.handle({ type: 'AddName', rosterId: 'trips', name: 'Ada' }, meta);
      const { handler, store } = replica(a.connection);
      await store.init();

      const sent = await commandsOf(a.sent, () => handler.handle({ type: 'AddName', rosterId: 'trips', name: 'Bea' }, meta));

      // The head; the work (both duties), the event, the head; then the read models' duty cleared.
      expect(sent).toEqual(['find streams', 'insert outbox', 'insert events', 'update streams', 'findAndModify outbox']);
    });

    it('on a stream whose head this replica wrote last reads nothing before it appends', async () => {
      const { handler } = replica(a.connection);
      await handler.handle({ type: 'AddName', rosterId: 'own', name: 'Ada' }, meta);

      const sent = await commandsOf(a.sent, () => handler.handle({ type: 'AddName', rosterId: 'own', name: 'Bea' }, meta));

      expect(sent).toEqual(['insert outbox', 'insert events', 'update streams', 'findAndModify outbox']);
      expect((await handler.handle({ type: 'AddName', rosterId: 'own', name: 'Cy' }, meta)).state.names).toEqual(['Ada', 'Bea', 'Cy']);
    });

    it('decides again on the stream as it is when another replica appended after the head this replica remembers', async () => {
      const [mine, theirs] = [replica(a.connection), replica(b.connection)];
      await mine.handler.handle({ type: 'AddName', rosterId: 'moved', name: 'Ada' }, meta);
      await theirs.handler.handle({ type: 'AddName', rosterId: 'moved', name: 'Bea' }, meta);

      // Bea again is nothing to do on the stream as it is (a remembered state without her would have added her).
      expect((await mine.handler.handle({ type: 'AddName', rosterId: 'moved', name: 'Bea' }, meta)).events).toEqual([]);
      const result = await mine.handler.handle({ type: 'AddName', rosterId: 'moved', name: 'Cy' }, meta);

      expect(result.version).toBe(3);
      expect((await mine.store.load('roster-moved')).map((e) => (e.data as { name: string }).name)).toEqual(['Ada', 'Bea', 'Cy']);
    });

    it('never writes a remembered state over a head that something else changed since (an erasure)', async () => {
      const { handler, store } = replica(a.connection);
      await handler.handle({ type: 'AddName', rosterId: 'erased', name: 'Ada' }, meta);
      // Another replica erases the stream's subject: its snapshot goes, its events keep "[erased]".
      const other = replica(b.connection).store;
      await other.events.updateOne({ _id: eventKey('roster-erased', 1) }, { $set: { 'data.name': '[erased]' } });
      await other.heads.updateOne({ _id: 'roster-erased' }, { $set: { snapshot: null, snapshotOf: null, updatedAt: new Date() } });

      await handler.handle({ type: 'AddName', rosterId: 'erased', name: 'Bea' }, meta);

      // The head was not written over with the remembered state (which still held Ada), and the next command reads.
      const head = await store.heads.findById('roster-erased').lean();
      expect(head).toMatchObject({ version: 1, snapshot: null });
      const next = await handler.handle({ type: 'AddName', rosterId: 'erased', name: 'Cy' }, meta);
      expect(next.state.names).toEqual(['[erased]', 'Bea', 'Cy']);
      expect((await store.heads.findById('roster-erased').lean())?.snapshot).toEqual(encodeState({ names: ['[erased]', 'Bea', 'Cy'] }));
    });

    it('lands on the latest state when the head was left behind by another writer', async () => {
      const { handler, store } = replica(a.connection);
      await handler.handle({ type: 'AddName', rosterId: 'behind', name: 'Ada' }, meta);
      const headAtOne = await store.heads.findById('roster-behind').lean();
      // Another replica appends, and its head write never lands (it crashed first, or the write failed).
      await replica(b.connection).store.append('roster-behind', 1, [userRegistered('roster-behind', 'Bea')], meta);
      await store.heads.replaceOne({ _id: 'roster-behind' }, headAtOne!);
      expect((await store.heads.findById('roster-behind').lean())?.version).toBe(1);

      const result = await handler.handle({ type: 'AddName', rosterId: 'behind', name: 'Cy' }, meta);

      expect(result.version).toBe(3);
      expect(result.state.names).toEqual(['Ada', 'Bea', 'Cy']);
      expect((await store.load('roster-behind')).map((e) => (e.data as { name: string }).name)).toEqual(['Ada', 'Bea', 'Cy']);
      // The head is current again, so the next command is back to one read.
      const head = await store.heads.findById('roster-behind').lean();
      expect(head?.version).toBe(3);
      expect(head?.snapshot).toEqual(encodeState({ names: ['Ada', 'Bea', 'Cy'] }));
    });

    it('lands after events whose writer never wrote a head at all', async () => {
      const { handler, store } = replica(a.connection);
      await store.append('roster-headless', 0, [userRegistered('roster-headless', 'Ada')], meta);
      await store.heads.deleteOne({ _id: 'roster-headless' });

      const result = await handler.handle({ type: 'AddName', rosterId: 'headless', name: 'Ada' }, meta);

      // Ada is there already (read past the missing head): nothing to add.
      expect(result.events).toEqual([]);
      expect((await handler.handle({ type: 'AddName', rosterId: 'headless', name: 'Bea' }, meta)).version).toBe(2);
    });

    it('never moves a head back when a slower writer records an earlier version after a later one', async () => {
      const { store } = replica(a.connection);
      const [first] = await store.append('roster-slow', 0, [userRegistered('roster-slow', 'Ada')], meta);
      await store.append('roster-slow', 1, [userRegistered('roster-slow', 'Bea')], meta);
      // The first append's head write, delayed past the second's (a replica paused between its insert and its head).
      const writeHead = (store as unknown as { writeHead: (id: string, stored: StoredEvent[], snapshot?: unknown) => Promise<void> })
        .writeHead;
      await writeHead.call(store, 'roster-slow', [first]);

      expect((await store.heads.findById('roster-slow').lean())?.version).toBe(2);
    });

    it('from replicas racing on one stream all land, in order', async () => {
      const replicas = [replica(a.connection), replica(b.connection)];
      await Promise.all(
        Array.from({ length: 16 }, (_, i) => replicas[i % 2].handler.handle({ type: 'AddName', rosterId: 'race', name: `n${i}` }, meta)),
      );
      const events = await replicas[0].store.load('roster-race');
      expect(events.map((e) => e.version)).toEqual(Array.from({ length: 16 }, (_, i) => i + 1));
      expect(new Set(events.map((e) => (e.data as { name: string }).name)).size).toBe(16);
    });
  });

  describe('a command that makes its stream', () => {
    const creating = (connection: Connection) => {
      const store = new EventStore(connection, { service: 'test' });
      const runner = new CommandRunner(store, new ProjectionRunner(store, []), { kick: () => undefined });
      const handler = new CommandHandler(runner, rosterDecider, { streamOf: (c) => `roster-${c.rosterId}`, makesStream: () => true });
      return { store, handler };
    };

    it('reads nothing before it appends', async () => {
      const { handler, store } = creating(a.connection);
      await store.init();

      const sent = await commandsOf(a.sent, () => handler.handle({ type: 'AddName', rosterId: 'fresh', name: 'Ada' }, meta));

      expect(sent).toEqual(['insert outbox', 'insert events', 'update streams', 'findAndModify outbox']);
    });

    it('decides again on the stream as it is when the stream was there after all', async () => {
      await replica(b.connection).handler.handle({ type: 'AddName', rosterId: 'taken', name: 'Ada' }, meta);
      const { handler, store } = creating(a.connection);

      // On the stream as it is, Bea comes after Ada; Ada again is nothing to do (never decided on an assumed empty stream).
      expect((await handler.handle({ type: 'AddName', rosterId: 'taken', name: 'Bea' }, meta)).version).toBe(2);
      expect((await handler.handle({ type: 'AddName', rosterId: 'taken', name: 'Ada' }, meta)).events).toEqual([]);
      expect((await store.load('roster-taken')).map((e) => (e.data as { name: string }).name)).toEqual(['Ada', 'Bea']);
      expect(await store.outbox.countDocuments({ streamId: 'roster-taken', unprojected: true })).toBe(0);
    });
  });

  describe('an append’s work (one entry: publish it, update its read models)', () => {
    const work = () => a.connection.collection<{ _id: string; unprojected?: boolean; published?: boolean }>('outbox');

    it('goes once both duties are done, whichever is done first, and each only clears its own', async () => {
      const store = new EventStore(a.connection, { service: 'test' });
      const [first] = await store.append('work-order-1', 0, [userRegistered('work-order-1')], meta);
      const [second] = await store.append('work-order-2', 0, [userRegistered('work-order-2')], meta);
      const [one, two] = [first, second].map((e) => eventKey(e.streamId, e.version));
      expect(await work().countDocuments({ _id: { $in: [one, two] } })).toBe(2);

      await store.markProjected([one]);
      await store.markPublished([two]);
      // Each waits for the other duty: the healer still sees the published one, the relay the projected one.
      expect((await store.outboxToProject()).map((e) => e._id)).toContain(two);
      expect((await store.outboxToProject()).map((e) => e._id)).not.toContain(one);
      expect((await store.outboxToPublish()).map((e) => e._id)).toContain(one);
      expect((await store.outboxToPublish()).map((e) => e._id)).not.toContain(two);

      await store.markPublished([one]);
      await store.markProjected([two]);
      expect(await work().countDocuments({ _id: { $in: [one, two] } })).toBe(0);
    });

    it('goes when the relay and the request clear their duties at the same moment from two replicas', async () => {
      const request = new EventStore(a.connection, { service: 'test' });
      const relay = new EventStore(b.connection, { service: 'test' });
      const keys = await Promise.all(
        Array.from({ length: 40 }, async (_, i) => {
          const [event] = await request.append(`work-race-${i}`, 0, [userRegistered(`work-race-${i}`)], meta);
          return eventKey(event.streamId, event.version);
        }),
      );

      await Promise.all(keys.flatMap((key) => [request.markProjected([key]), relay.markPublished([key])]));

      expect(await work().countDocuments({ _id: { $in: keys } })).toBe(0);
    });

    it('keeps the read models’ duty when the process stops after Kafka has the event, for the healer', async () => {
      const store = new EventStore(a.connection, { service: 'test' });
      const [event] = await store.append('work-crash', 0, [userRegistered('work-crash')], meta);
      const key = eventKey(event.streamId, event.version);
      // The relay published it before the request's read-model update finished; the process died there.
      await store.markPublished([key]);

      const applied: string[] = [];
      const projection = {
        name: 'names',
        handles: ['identity.user.registered'] as const,
        apply: async (e: StoredEvent) => void applied.push(e.id),
        reset: async () => undefined,
      };
      await new ProjectionRunner(store, [projection]).heal(0);

      expect(applied).toContain(event.id);
      expect(await work().countDocuments({ _id: key })).toBe(0);
    });
  });

  describe('a read model that follows one stream (applyInOrder)', () => {
    interface Row {
      _id: string;
      names: string[];
      version: number;
    }
    const rows = (connection: Connection, collection: string) =>
      (connection.models[collection] as mongoose.Model<Row> | undefined) ??
      connection.model<Row>(
        collection,
        new mongoose.Schema<Row>({ _id: String, names: [String], version: Number }, { collection, versionKey: false }),
      );
    const push = (event: StoredEvent) => ({ $push: { names: (event.data as { name: string }).name } });

    it('writes a stream’s first event, and each next one, in one round trip, and takes each only once', async () => {
      const store = new EventStore(a.connection, { service: 'test' });
      const [first, second] = await store.append(
        'roster-once',
        0,
        [userRegistered('roster-once', 'Ada'), userRegistered('roster-once', 'Bea')],
        meta,
      );
      const model = rows(a.connection, uniqueName('rows'));
      await model.init();

      const sent = await commandsOf(a.sent, () => applyInOrder(model, 'row', first, store, push));
      expect(sent).toEqual([`update ${model.collection.collectionName}`]);

      // The next event: written on the guess that the document holds the one before, without reading its version.
      const next = await commandsOf(a.sent, () => applyInOrder(model, 'row', second, store, push));
      expect(next).toEqual([`update ${model.collection.collectionName}`]);
      // A read model that remembers what it wrote is handed the document by the same write.
      const [third] = await store.append('roster-once', 2, [userRegistered('roster-once', 'Cy')], meta);
      const kept: Row[] = [];
      const handed = await commandsOf(a.sent, () => applyInOrder(model, 'row', third, store, push, { written: (doc) => kept.push(doc) }));
      expect(handed).toEqual([`findAndModify ${model.collection.collectionName}`]);
      expect(kept).toMatchObject([{ names: ['Ada', 'Bea', 'Cy'], version: 3 }]);
      // Replayed (a heal, a second replica): the document already has it.
      expect(await applyInOrder(rows(b.connection, model.collection.collectionName), 'row', first, store, push)).toBe(false);
      expect(await model.findById('row').lean()).toMatchObject({ names: ['Ada', 'Bea', 'Cy'], version: 3 });
    });
  });

  describe('a read model written by compare-and-set from the row last seen', () => {
    const add =
      (name: string) =>
      (current: Roster | null): Roster | typeof unchanged =>
        current?.names.includes(name) ? unchanged : { names: [...(current?.names ?? []), name] };

    it('writes a document this replica wrote last in one round trip', async () => {
      const docs = new VersionedDocuments<Roster>(a.connection, 'rosters_trips');
      await docs.update('r', add('Ada'));

      const sent = await commandsOf(a.sent, () => docs.update('r', add('Bea')));

      expect(sent).toEqual(['update rosters_trips']);
      expect(await docs.get('r')).toEqual({ names: ['Ada', 'Bea'] });
    });

    it('keeps what another replica wrote since (the remembered row fails its compare-and-set and is read again)', async () => {
      const mine = new VersionedDocuments<Roster>(a.connection, 'rosters_since');
      const theirs = new VersionedDocuments<Roster>(b.connection, 'rosters_since');
      await mine.update('r', add('Ada'));
      await theirs.update('r', add('Bea'));

      await mine.update('r', add('Cy'));

      expect(await theirs.get('r')).toEqual({ names: ['Ada', 'Bea', 'Cy'] });
    });

    it('does not take a remembered value for the current one when it decides to change nothing', async () => {
      const mine = new VersionedDocuments<Roster>(a.connection, 'rosters_nothing');
      const theirs = new VersionedDocuments<Roster>(b.connection, 'rosters_nothing');
      await mine.update('r', add('Ada'));
      await theirs.update('r', () => ({ names: [] }));

      // Remembered: Ada is there. Stored: she is not.
      await mine.update('r', add('Ada'));

      expect(await theirs.get('r')).toEqual({ names: ['Ada'] });
    });

    it('does not write over a document deleted and written again by another replica as often as before', async () => {
      const mine = new VersionedDocuments<Roster>(a.connection, 'rosters_again');
      const theirs = new VersionedDocuments<Roster>(b.connection, 'rosters_again');
      await mine.update('r', add('Ada'));
      await mine.update('r', add('Bea'));
      // A purge, and the document filled again by as many writes: with revisions restarting at 1 it would be at the
      // revision this replica remembers, and its compare-and-set would succeed over a value it never read.
      await theirs.delete('r');
      await theirs.update('r', add('Cy'));
      await theirs.update('r', add('Dee'));

      await mine.update('r', add('Eve'));

      expect(await theirs.get('r')).toEqual({ names: ['Cy', 'Dee', 'Eve'] });
    });

    it('keeps every one of 60 concurrent changes from two replicas that each remember the document', async () => {
      const replicas = [
        new VersionedDocuments<Roster>(a.connection, 'rosters_many'),
        new VersionedDocuments<Roster>(b.connection, 'rosters_many'),
      ];
      await replicas[0].update('r', add('first'));
      await replicas[1].get('r');

      await Promise.all(Array.from({ length: 60 }, (_, i) => replicas[i % 2].update('r', add(`n${i}`))));

      expect((await replicas[0].get('r'))?.names).toHaveLength(61);
    });
  });
});
