import type { NestFastifyApplication } from '@nestjs/platform-fastify';
import type { Connection } from 'mongoose';

/** What a test asks of a replica, by the classes of that replica's own copy of the modules. */
const replicaTypes = async () => ({
  ...(await import('@abide/event-store')),
  ...(await import('../src/directory/directory')),
  ...(await import('../src/directory/directory-events')),
  ...(await import('../src/logos/logo.projection')),
  ...(await import('../src/resources/commands/resource.commands')),
  ...(await import('../src/files/object-store')),
  ...(await import('../src/resources/commands/processing-queue')),
  ...(await import('../src/resources/jobs/resource-processor')),
  ...(await import('../src/resources/projections/catalogue.projection')),
  ...(await import('../src/resources/projections/resource.projection')),
  ...(await import('../src/resources/resource.queries')),
});
type ReplicaTypes = Awaited<ReturnType<typeof replicaTypes>>;

/**
 * A library app on its own copy of every module (jest's isolated registry): its own mongoose connection and whatever
 * a module keeps per process (a lock, a cache), as a second process would have. Its providers are found by its own
 * classes: `get('ResourceCommands')`.
 */
export interface Replica {
  app: NestFastifyApplication;
  /** The replica's own connection to the database. */
  db: Connection;
  get<K extends keyof ReplicaTypes>(name: K): ReplicaTypes[K] extends abstract new (...args: never[]) => infer I ? I : never;
}

export const startReplica = async (overrides: Record<string, string>): Promise<Replica> => {
  let replica: Replica | undefined;
  await jest.isolateModulesAsync(async () => {
    const { startLibrary: start } = await import('./library-app.stub');
    const { app } = await start(overrides);
    const types = await replicaTypes();
    const { MONGO_CONNECTION } = await import('@abide/platform');
    replica = { app, db: app.get<Connection>(MONGO_CONNECTION), get: (name) => app.get(types[name] as never) };
  });
  return replica!;
};
