import 'reflect-metadata';
import { NestFactory } from '@nestjs/core';
import { FastifyAdapter, type NestFastifyApplication } from '@nestjs/platform-fastify';
import type { EventEnvelope } from '@abide/contracts';
import { foreignEvent, integrationEnv, newSmsAccount, type SmsTestAccount } from '@abide/testing';
import { MONGO_CONNECTION } from '@abide/platform';
import type { Connection } from 'mongoose';
import { AppModule } from '../src/app.module';
import { formationEnvSchema } from '../src/config/env.schema';

/** A formation app on its own throwaway database, the real engines, and a clock the test moves. */
export const startFormation = async (clock: { now: Date }, sms?: SmsTestAccount, env: Record<string, string> = {}) => {
  const config = formationEnvSchema.parse({
    ...integrationEnv('formation').env,
    JOBS_ENABLED: 'false',
    // Settings other formation features require (links in mails only).
    WEB_BASE_URL: 'http://127.0.0.1:4173',
    PUBLIC_API_URL: 'http://127.0.0.1:4000/api',
    // Texts go to the local SMS provider fake, under an account of this app's own.
    ...(sms ?? (await newSmsAccount({ label: 'formation integration' }))).env,
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

/**
 * `count` instances of formation on one database, as production runs replicas; `stop` closes them and drops the
 * database (and the journal's beside it).
 */
export const startFormationReplicas = async (clock: { now: Date }, count = 2) => {
  const database = integrationEnv('formation').env.MONGO_DB;
  const replicas: NestFastifyApplication[] = [];
  for (let i = 0; i < count; i++) replicas.push(await startFormation(clock, undefined, { MONGO_DB: database }));
  const db = replicas[0].get<Connection>(MONGO_CONNECTION);
  const stop = async () => {
    await db.dropDatabase();
    await db.useDb(`${db.name}_journal`).dropDatabase();
    await Promise.all(replicas.map((app) => app.close()));
  };
  return { replicas, db, stop };
};

export const identityEvent = <T extends Record<string, unknown>>(type: string, userId: string, data: T): EventEnvelope<T> =>
  foreignEvent(type, `user-${userId}`, data, { subjectId: userId });
