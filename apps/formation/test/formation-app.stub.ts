import 'reflect-metadata';
import { NestFactory } from '@nestjs/core';
import { FastifyAdapter, type NestFastifyApplication } from '@nestjs/platform-fastify';
import { randomBytes } from 'node:crypto';
import { v7 as uuidv7 } from 'uuid';
import type { EventEnvelope } from '@abide/contracts';
import { AppModule } from '../src/app.module';
import { formationEnvSchema } from '../src/config/env.schema';

/** A formation app on its own throwaway database, the real engines, and a clock the test moves. */
export const startFormation = async (clock: { now: Date }) => {
  const suffix = randomBytes(4).toString('hex');
  const config = formationEnvSchema.parse({
    NODE_ENV: 'test',
    PORT: '1',
    LOG_LEVEL: 'warn',
    MONGO_URL: process.env.MONGO_URL ?? 'mongodb://127.0.0.1:27017',
    MONGO_DB: `formation_it_${suffix}`,
    KAFKA_BROKERS: process.env.KAFKA_BROKERS ?? '127.0.0.1:9092',
    KAFKA_CLIENT_ID: `formation-it-${suffix}`,
    KAFKA_GROUP_PREFIX: `it-${suffix}-`,
    AUTH_JWKS_URL: 'http://127.0.0.1:9/.well-known/jwks.json',
    REDIS_URL: process.env.REDIS_URL ?? 'redis://127.0.0.1:6379',
    REDIS_KEY_PREFIX: `it-${suffix}`,
    JOBS_ENABLED: 'false',
    // Settings other formation features require; unused here.
    SMTP_HOST: '127.0.0.1',
    SMTP_PORT: '1025',
    WEB_BASE_URL: 'http://127.0.0.1:4173',
    PUBLIC_API_URL: 'http://127.0.0.1:4000/api',
  });
  const app = await NestFactory.create<NestFastifyApplication>(AppModule.forRoot(config, () => clock.now), new FastifyAdapter(), { logger: ['error'] });
  await app.init();
  return app;
};

export const identityEvent = <T extends Record<string, unknown>>(type: string, userId: string, data: T): EventEnvelope<T> => ({
  id: uuidv7(),
  type,
  schemaVersion: 1,
  streamId: `user-${userId}`,
  version: 1,
  occurredAt: new Date().toISOString(),
  subjectId: userId,
  correlationId: uuidv7(),
  causationId: null,
  data,
});
