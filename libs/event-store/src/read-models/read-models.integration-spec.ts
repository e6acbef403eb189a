// Read-model writes with several writers at once: two connections stand for two replicas of a service.
import { connectTestDatabase, dropTestDatabase, uniqueName } from '@abide/testing/src/test-engines';
import { Schema, type Connection, type Model, mongo } from 'mongoose';
import { EventStore } from '../event-store';
import type { StoredEvent } from '../stored-event';
import { userRegistered } from '../test-fixtures';
import { applyInOrder, type Followed, StreamOrderedDocuments } from './stream-order';
import { unchanged, VersionedDocuments } from './versioned-documents';

const { Binary } = mongo;
type Binary = InstanceType<typeof Binary>;

interface Names {
  names: string[];
}

const shuffled = <T>(items: readonly T[]): T[] => {
  const copy = [...items];
  for (let i = copy.length - 1; i > 0; i--) {
    const j = Math.floor(Math.random() * (i + 1));
    [copy[i], copy[j]] = [copy[j], copy[i]];
  }
  return copy;
};

const nameOf = (event: StoredEvent) => (event.data as { name: string }).name;

describe('read models written by several replicas', () => {
  const dbName = uniqueName('read_models');
  let replicaA: Connection;
  let replicaB: Connection;
  let store: EventStore;

  beforeAll(async () => {
    replicaA = await connectTestDatabase(dbName);
    replicaB = await connectTestDatabase(dbName);
    store = new EventStore(replicaA, { service: 'test' });
    await store.init();
  });

  afterAll(async () => {
    await replicaB.close();
    await dropTestDatabase(replicaA);
  });

  /** A stream of `count` events, each naming its position ("n1", "n2", ...). */
  const appendStream = async (count: number, tag = 'n'): Promise<StoredEvent[]> => {
    const streamId = uniqueName('member');
    return store.append(
      streamId,
      0,
      Array.from({ length: count }, (_, i) => userRegistered(streamId, `${tag}${i + 1}`)),
      { correlationId: 'test' },
    );
  };

  describe(VersionedDocuments.name, () => {
    it('keeps every one of 100 concurrent changes to one document from two replicas', async () => {
      const collection = uniqueName('lists');
      const a = new VersionedDocuments<Names>(replicaA, collection);
      const b = new VersionedDocuments<Names>(replicaB, collection);
      const added = Array.from({ length: 100 }, (_, i) => `item${i}`);

      await Promise.all(
        added.map((name, i) => (i % 2 ? a : b).update('doc', (current) => ({ names: [...(current?.names ?? []), name] }))),
      );

      const after = await a.get('doc');
      expect(after?.names).toHaveLength(100);
      expect(new Set(after?.names)).toEqual(new Set(added));
    }, 120_000);

    it('writes nothing for a change that answers unchanged, and deletes with null', async () => {
      const docs = new VersionedDocuments<Names>(replicaA, uniqueName('lists'));
      await docs.update('doc', () => ({ names: ['a'] }));
      expect(await docs.update('doc', () => unchanged)).toEqual({ names: ['a'] });
      await docs.update('doc', () => null);
      expect(await docs.get('doc')).toBeNull();
      await docs.update('doc', (current) => ({ names: [...(current?.names ?? []), 'b'] }));
      expect(await docs.get('doc')).toEqual({ names: ['b'] });
    });

    it('keeps a detail field in its own column: written in the same compare-and-set, left out of summaries', async () => {
      interface Tally {
        count: number;
        names: string[];
      }
      const collection = uniqueName('tallies');
      const [a, b] = [replicaA, replicaB].map((c) => new VersionedDocuments<Tally>(c, collection, { detail: 'names' }));
      const added = Array.from({ length: 60 }, (_, i) => `item${i}`);
      // The count is set from the names in the same write, so any lost write shows as a count that does not match.
      await Promise.all(
        added.map((name, i) =>
          (i % 2 ? a : b).update('doc', (current) => {
            const names = [...(current?.names ?? []), name];
            return { count: names.length, names };
          }),
        ),
      );

      expect(await b.getSummaries(['doc', 'none'])).toEqual(new Map([['doc', { count: 60 }]]));
      expect(new Set((await a.get('doc'))?.names)).toEqual(new Set(added));
      const row = await replicaA.collection(collection).findOne({ _id: 'doc' as never });
      expect(JSON.parse(row?.state)).toEqual({ count: 60 });
      // Stored deflated: smaller than its JSON.
      expect(row?.detail).toBeInstanceOf(Binary);
      expect((row?.detail as Binary).length()).toBeLessThan(JSON.stringify(added).length);

      // A row written before the detail was apart holds it in its state: read whole, and moved apart by its next write.
      await replicaA.collection(collection).insertOne({ _id: 'old' as never, revision: 1, state: JSON.stringify({ count: 1, names: ['x'] }) });
      expect(await a.getSummaries(['old'])).toEqual(new Map([['old', { count: 1, names: ['x'] }]]));
      await a.update('old', (current) => ({ count: 2, names: [...current!.names, 'y'] }));
      expect(await b.getSummaries(['old'])).toEqual(new Map([['old', { count: 2 }]]));
      expect(await b.get('old')).toEqual({ count: 2, names: ['x', 'y'] });
    }, 120_000);

    it('changes the rest of a document without its detail, and loses no concurrent change of either', async () => {
      interface Marked {
        marks: string[];
        names: string[];
      }
      const collection = uniqueName('marked');
      const [a, b] = [replicaA, replicaB].map((c) => new VersionedDocuments<Marked>(c, collection, { detail: 'names' }));
      expect(await a.updateSummary<'names'>('doc', () => ({ marks: ['none'] }))).toBeNull();
      await a.update('doc', () => ({ marks: [], names: [] }));
      const items = Array.from({ length: 40 }, (_, i) => `item${i}`);

      // Names (the detail) from one replica and marks (the rest) from both, all at once.
      await Promise.all(
        items.flatMap((item, i) => [
          a.update('doc', (current) => ({ marks: current!.marks, names: [...current!.names, item] })),
          (i % 2 ? a : b).updateSummary<'names'>('doc', (current) => ({ ...current, marks: [...current.marks, item] })),
        ]),
      );

      const after = await b.get('doc');
      expect(new Set(after?.names)).toEqual(new Set(items));
      expect(new Set(after?.marks)).toEqual(new Set(items));
      // What this replica remembers of the row after its last write is the row as stored.
      expect(await a.update('doc', (current) => ({ ...current!, marks: [...current!.marks, 'last'] }))).toMatchObject({ names: after?.names });
      expect((await b.get('doc'))?.marks).toHaveLength(41);
    }, 120_000);
  });

  describe(StreamOrderedDocuments.name, () => {
    const listOf = (connection: Connection, collection: string) =>
      new StreamOrderedDocuments<Names>(new VersionedDocuments<Followed<Names>>(connection, collection), store);
    const addName = (value: Names | null, event: StoredEvent) => ({ names: [...(value?.names ?? []), nameOf(event)] });

    it('applies a later event after the ones before it, read from the log, and a replay changes nothing', async () => {
      const events = await appendStream(4);
      const docs = listOf(replicaA, uniqueName('ordered'));

      await docs.apply('doc', events[3], addName, () => true);
      expect(await docs.value('doc')).toEqual({ names: ['n1', 'n2', 'n3', 'n4'] });

      for (const event of events) await docs.apply('doc', event, addName, () => true);
      expect(await docs.value('doc')).toEqual({ names: ['n1', 'n2', 'n3', 'n4'] });
    });

    it('skips the events its read model does not handle but still moves past them', async () => {
      const events = await appendStream(3);
      const docs = listOf(replicaA, uniqueName('ordered'));
      const handles = (event: StoredEvent) => nameOf(event) !== 'n2';

      await docs.apply('doc', events[2], addName, handles);
      await docs.apply('doc', events[0], addName, handles);
      expect(await docs.value('doc')).toEqual({ names: ['n1', 'n3'] });
    });

    it('answers a value that holds an event from memory only when the remembered row has it, else reads it', async () => {
      const events = await appendStream(2);
      const collection = uniqueName('ordered');
      const [a, b] = [listOf(replicaA, collection), listOf(replicaB, collection)];
      // Replica A wrote the first event and remembers that row; replica B then writes the second.
      await a.apply('doc', events[0], addName, () => true);
      await b.apply('doc', events[1], addName, () => true);
      const reads = jest.spyOn(a['documents']['rows'], 'findOne');

      // A value that must hold the second event is read (A's row predates it)...
      expect(await a.valueIncluding('doc', events[1])).toEqual({ names: ['n1', 'n2'] });
      expect(reads).toHaveBeenCalledTimes(1);
      // ...and one that must hold the first comes from the row A now remembers: no read.
      expect(await a.valueIncluding('doc', events[0])).toEqual({ names: ['n1', 'n2'] });
      expect(reads).toHaveBeenCalledTimes(1);
      reads.mockRestore();
    });

    it('ends with every event of several streams in its stream order, whatever order two replicas get them in', async () => {
      const streams = await Promise.all([appendStream(15, 'a'), appendStream(15, 'b'), appendStream(15, 'c')]);
      const collection = uniqueName('ordered');
      const [a, b] = [listOf(replicaA, collection), listOf(replicaB, collection)];

      await Promise.all(shuffled(streams.flat()).map((event, i) => (i % 2 ? a : b).apply('doc', event, addName, () => true)));

      const names = (await a.value('doc'))?.names ?? [];
      expect(names).toHaveLength(45);
      // Within each stream the names come in order; the streams interleave freely.
      for (const stream of streams) {
        const own = stream.map(nameOf);
        expect(names.filter((name) => own.includes(name))).toEqual(own);
      }
    }, 120_000);
  });

  describe('applyInOrder', () => {
    interface Row {
      _id: string;
      names: string[];
      version: number;
    }
    const modelOf = (connection: Connection, collection: string): Model<Row> =>
      (connection.models[collection] as Model<Row> | undefined) ??
      connection.model<Row>(collection, new Schema<Row>({ _id: String, names: [String], version: Number }, { collection, versionKey: false }));
    const push = (event: StoredEvent) => ({ $push: { names: nameOf(event) } });

    it('reads the events in between before applying a later one, and never applies one twice', async () => {
      const events = await appendStream(3);
      const model = modelOf(replicaA, uniqueName('rows'));

      expect(await applyInOrder(model, 'row', events[2], store, push)).toBe(true);
      expect(await applyInOrder(model, 'row', events[1], store, push)).toBe(false);
      expect(await model.findById('row').lean()).toMatchObject({ names: ['n1', 'n2', 'n3'], version: 3 });
    });

    it('ends with the whole stream in order when two replicas apply its events in any order at once', async () => {
      const events = await appendStream(30);
      const collection = uniqueName('rows');
      const [a, b] = [modelOf(replicaA, collection), modelOf(replicaB, collection)];

      await Promise.all(shuffled(events).map((event, i) => applyInOrder(i % 2 ? a : b, 'row', event, store, push)));

      expect(await a.findById('row').lean()).toMatchObject({ names: events.map(nameOf), version: 30 });
    }, 120_000);
  });
});
