import 'reflect-metadata';
import { NestFactory } from '@nestjs/core';
import { FastifyAdapter, type NestFastifyApplication } from '@nestjs/platform-fastify';
import type { EventEnvelope } from '@abide/contracts';
import { foreignEvent, integrationEnv } from '@abide/testing';
import type { Connection } from 'mongoose';
import { AppModule } from '../src/app.module';
import { libraryEnvSchema } from '../src/config/env.schema';

/** A library app on its own throwaway database and buckets, against the real engines; jobs are run by the test. */
export const startLibrary = async (overrides: Record<string, string> = {}) => {
  const { suffix, env } = integrationEnv('library');
  const config = libraryEnvSchema.parse({
    ...env,
    S3_ENDPOINT: process.env.S3_ENDPOINT ?? '127.0.0.1',
    S3_PORT: process.env.S3_PORT ?? '9000',
    S3_ACCESS_KEY: process.env.S3_ACCESS_KEY ?? 'abide',
    S3_SECRET_KEY: process.env.S3_SECRET_KEY ?? 'abide-dev-secret',
    S3_BUCKET_QUARANTINE: `lib-it-${suffix}-quarantine`,
    S3_BUCKET_STORE: `lib-it-${suffix}-store`,
    JOBS_ENABLED: 'false',
    ...overrides,
  });
  const app = await NestFactory.create<NestFastifyApplication>(AppModule.forRoot(config), new FastifyAdapter(), { logger: ['error'] });
  await app.init();
  return { app, config };
};

export const envelope = <T extends object>(type: string, streamId: string, subjectId: string | null, data: T): EventEnvelope<T> =>
  foreignEvent(type, streamId, data, { subjectId });

/** What a test asks of a replica, by the classes of that replica's own copy of the modules. */
const replicaTypes = async () => ({
  ...(await import('@abide/event-store')),
  ...(await import('../src/directory/directory')),
  ...(await import('../src/directory/directory-events')),
  ...(await import('../src/logos/logo.projection')),
  ...(await import('../src/resources/commands/resource-commands')),
  ...(await import('../src/resources/files/object-store')),
  ...(await import('../src/resources/jobs/processing-queue')),
  ...(await import('../src/resources/jobs/resource-processor')),
  ...(await import('../src/resources/projections/catalogue.projection')),
  ...(await import('../src/resources/projections/resource.projection')),
  ...(await import('../src/resources/resource-queries')),
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
