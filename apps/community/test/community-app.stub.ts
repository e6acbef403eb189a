import 'reflect-metadata';
import { NestFactory } from '@nestjs/core';
import { FastifyAdapter, type NestFastifyApplication } from '@nestjs/platform-fastify';
import { randomBytes } from 'node:crypto';
import { v7 as uuidv7 } from 'uuid';
import type { EventEnvelope } from '@abide/contracts';
import { AppModule } from '../src/app.module';
import { communityEnvSchema } from '../src/config/env.schema';

/** A community app on its own throwaway database, the real engines, and a clock the test moves. */
export const startCommunity = async (clock: { now: Date }, env: Record<string, string> = {}) => {
  const suffix = randomBytes(4).toString('hex');
  const config = communityEnvSchema.parse({
    NODE_ENV: 'test',
    PORT: '1',
    LOG_LEVEL: 'warn',
    MONGO_URL: process.env.MONGO_URL ?? 'mongodb://127.0.0.1:27017',
    MONGO_DB: `community_it_${suffix}`,
    KAFKA_BROKERS: process.env.KAFKA_BROKERS ?? '127.0.0.1:9092',
    KAFKA_CLIENT_ID: `community-it-${suffix}`,
    KAFKA_GROUP_PREFIX: `it-${suffix}-`,
    AUTH_JWKS_URL: 'http://127.0.0.1:9/.well-known/jwks.json',
    ...env,
  });
  const app = await NestFactory.create<NestFastifyApplication>(
    AppModule.forRoot(config, () => clock.now),
    new FastifyAdapter(),
    { logger: ['error'] },
  );
  await app.init();
  return app;
};

/** An event as another service publishes it: its own stream and version, a fresh id unless a duplicate is wanted. */
export const envelope = <T extends Record<string, unknown>>(
  type: string,
  streamId: string,
  version: number,
  data: T,
  subjectId: string,
): EventEnvelope<T> => ({
  id: uuidv7(),
  type,
  schemaVersion: 1,
  streamId,
  version,
  occurredAt: new Date().toISOString(),
  subjectId,
  correlationId: uuidv7(),
  causationId: null,
  data,
});
