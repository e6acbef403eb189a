import { errorCodes, Refusal } from '@abide/contracts';
import { connectTestDatabase, dropTestDatabase, uniqueName } from '@abide/testing/src/test-engines';
import type { Connection } from 'mongoose';
import { CommandHandler } from './command-handler';
import { CommandRunner } from './command-runner';
import type { CommandDecider } from './decider';
import { ConcurrencyError } from './errors';
import { EventStore } from './event-store';
import { ProjectionRunner } from './projections/projection-runner';
import type { StoredEvent } from './stored-event';
import { userRegistered } from './test-fixtures';

/** A roster of names, one stream per roster; a name is taken once, and a full roster refuses. */
type RosterCommand = { type: 'AddName'; rosterId: string; name: string };
interface Roster {
  names: string[];
}

const rosterDecider: CommandDecider<RosterCommand, Roster> = {
  name: 'roster',
  initialState: () => ({ names: [] }),
  evolve: (state, event: StoredEvent) => (event.type === 'identity.user.registered' ? { names: [...state.names, event.data.name] } : state),
  decide: (command, state) => {
    if (state.names.includes(command.name)) return [];
    if (state.names.length >= 30) throw new Refusal(errorCodes.conflict, 'This roster is full.');
    return [userRegistered(command.rosterId, command.name)];
  },
};

const meta = { correlationId: 'spec' };

describe(CommandHandler.name, () => {
  let connection: Connection;
  let others: Connection[];
  const kicks = { count: 0 };

  /** One service instance: its own store and runner (so its own per-stream turns) on its own connection. */
  const replica = (c: Connection, options: { maxAttempts?: number } = {}) => {
    const store = new EventStore(c, { service: 'test' });
    const runner = new CommandRunner(store, new ProjectionRunner(store, []), { kick: () => void kicks.count++ });
    return {
      store,
      handler: new CommandHandler(runner, rosterDecider, {
        streamOf: (command) => `roster-${command.rosterId}`,
        conflictMessage: 'This roster changed at the same moment elsewhere. Please try again.',
        ...options,
      }),
    };
  };

  beforeAll(async () => {
    connection = await connectTestDatabase(uniqueName('command_handler'));
    others = await Promise.all([1, 2].map(() => connectTestDatabase(connection.name)));
    await new EventStore(connection, { service: 'test' }).init();
  });

  afterAll(async () => {
    await Promise.all(others.map((c) => c.close()));
    await dropTestDatabase(connection);
  });

  it('appends what the decider decides for the command, returns the state after it and kicks the relay', async () => {
    const { handler, store } = replica(connection);
    const before = kicks.count;

    const result = await handler.handle({ type: 'AddName', rosterId: 'r1', name: 'Ada' }, meta);

    expect(result.state).toEqual({ names: ['Ada'] });
    expect(result.version).toBe(1);
    expect((await store.load('roster-r1')).map((e) => e.type)).toEqual(['identity.user.registered']);
    expect(kicks.count).toBe(before + 1);
    // Deciding nothing writes nothing.
    expect((await handler.handle({ type: 'AddName', rosterId: 'r1', name: 'Ada' }, meta)).events).toEqual([]);
    expect(await store.load('roster-r1')).toHaveLength(1);
  });

  it('passes the decider’s Refusal through as it is and writes nothing', async () => {
    const { handler, store } = replica(connection);
    for (let i = 0; i < 30; i++) await handler.handle({ type: 'AddName', rosterId: 'full', name: `n${i}` }, meta);

    const attempt = handler.handle({ type: 'AddName', rosterId: 'full', name: 'one more' }, meta);

    await expect(attempt).rejects.toEqual(new Refusal(errorCodes.conflict, 'This roster is full.'));
    expect(await store.load('roster-full')).toHaveLength(30);
  });

  it('runs a command a read model asks for on the same stream within the turn of the append it is applying', async () => {
    // A follow-up of this kind (a new habit given its member's zone) would otherwise wait for the turn it is inside of.
    const store = new EventStore(connection, { service: 'test' });
    const projections = new ProjectionRunner(store, []);
    const runner = new CommandRunner(store, projections, { kick: () => undefined });
    const handler = new CommandHandler(runner, rosterDecider, { streamOf: (command) => `roster-${command.rosterId}` });
    const followUp = {
      name: 'roster-follow-up',
      handles: ['identity.user.registered'] as const,
      apply: async (event: StoredEvent<'identity.user.registered'>) => {
        if (event.data.name === 'Ada') await handler.handle({ type: 'AddName', rosterId: 'turn', name: 'Ada’s friend' }, meta);
      },
      reset: async () => undefined,
    };
    projections.register([followUp]);

    const outcome = await Promise.race([
      Promise.all([
        handler.handle({ type: 'AddName', rosterId: 'turn', name: 'Ada' }, meta),
        handler.handle({ type: 'AddName', rosterId: 'turn', name: 'Bo' }, meta),
      ]).then(() => 'done'),
      new Promise((resolve) => setTimeout(resolve, 10_000, 'stuck')),
    ]);

    expect(outcome).toBe('done');
    const names = (await store.load('roster-turn')).map((e) => (e.type === 'identity.user.registered' ? e.data.name : ''));
    expect(names).toEqual(['Ada', 'Ada’s friend', 'Bo']);
  });

  it('decides again on the newer state when replicas race, so every command of every replica lands', async () => {
    const replicas = [connection, ...others].map((c) => replica(c, { maxAttempts: 20 }));

    await Promise.all(
      Array.from({ length: 24 }, (_, i) =>
        replicas[i % replicas.length].handler.handle({ type: 'AddName', rosterId: 'race', name: `n${i}` }, meta),
      ),
    );

    const events = await replicas[0].store.load('roster-race');
    expect(events.map((e) => e.version)).toEqual(Array.from({ length: 24 }, (_, i) => i + 1));
    expect(new Set(events.map((e) => (e.type === 'identity.user.registered' ? e.data.name : ''))).size).toBe(24);
  });

  it('answers a race lost on every attempt with the aggregate’s own 409 message', async () => {
    const replicas = [connection, ...others].map((c) => replica(c, { maxAttempts: 1 }));

    const results = await Promise.allSettled(
      Array.from({ length: 12 }, (_, i) =>
        replicas[i % replicas.length].handler.handle({ type: 'AddName', rosterId: 'lost', name: `n${i}` }, meta),
      ),
    );

    const lost = results.filter((r): r is PromiseRejectedResult => r.status === 'rejected').map((r) => r.reason as unknown);
    expect(lost.length).toBeGreaterThan(0);
    for (const reason of lost) {
      expect(reason).toBeInstanceOf(ConcurrencyError);
      expect(reason).toMatchObject({
        code: errorCodes.concurrencyConflict,
        message: 'This roster changed at the same moment elsewhere. Please try again.',
      });
    }
    expect(await replicas[0].store.load('roster-lost')).toHaveLength(results.length - lost.length);
  });
});
