import 'reflect-metadata';
import { NestFactory } from '@nestjs/core';
import { FastifyAdapter, type NestFastifyApplication } from '@nestjs/platform-fastify';
import type { EventEnvelope } from '@abide/contracts';
import { randomBytes } from 'node:crypto';
import { v7 as uuidv7 } from 'uuid';
import { AppModule } from '../src/app.module';
import { libraryEnvSchema } from '../src/config/env.schema';

/** A library app on its own throwaway database and buckets, against the real engines; jobs are run by the test. */
export const startLibrary = async (overrides: Record<string, string> = {}) => {
  const suffix = randomBytes(4).toString('hex');
  const config = libraryEnvSchema.parse({
    NODE_ENV: 'test',
    PORT: '1',
    LOG_LEVEL: 'warn',
    MONGO_URL: process.env.MONGO_URL ?? 'mongodb://127.0.0.1:27017',
    MONGO_DB: `library_it_${suffix}`,
    KAFKA_BROKERS: process.env.KAFKA_BROKERS ?? '127.0.0.1:9092',
    KAFKA_CLIENT_ID: `library-it-${suffix}`,
    KAFKA_GROUP_PREFIX: `it-${suffix}-`,
    AUTH_JWKS_URL: 'http://127.0.0.1:9/.well-known/jwks.json',
    REDIS_URL: process.env.REDIS_URL ?? 'redis://127.0.0.1:6379',
    REDIS_KEY_PREFIX: `it-${suffix}`,
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

export const envelope = <T extends Record<string, unknown>>(type: string, streamId: string, subjectId: string | null, data: T): EventEnvelope<T> => ({
  id: uuidv7(),
  type,
  schemaVersion: 1,
  streamId,
  version: 1,
  occurredAt: new Date().toISOString(),
  subjectId,
  correlationId: uuidv7(),
  causationId: null,
  data,
});
