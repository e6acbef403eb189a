import 'reflect-metadata';
import { NestFactory } from '@nestjs/core';
import { FastifyAdapter, type NestFastifyApplication } from '@nestjs/platform-fastify';
import type { EventEnvelope } from '@abide/contracts';
import { foreignEvent, integrationEnv } from '@abide/testing';
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
