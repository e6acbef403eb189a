import 'reflect-metadata';
import { NestFactory } from '@nestjs/core';
import { FastifyAdapter, type NestFastifyApplication } from '@nestjs/platform-fastify';
import type { EventEnvelope } from '@abide/contracts';
import { foreignEvent, integrationEnv } from '@abide/testing';
import { AppModule } from '../src/app.module';
import { communityEnvSchema } from '../src/config/env.schema';

/** A community app on its own throwaway database, the real engines, and a clock the test moves. */
export const startCommunity = async (clock: { now: Date }, env: Record<string, string> = {}) => {
  const config = communityEnvSchema.parse({
    ...integrationEnv('community').env,
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
): EventEnvelope<T> => foreignEvent(type, streamId, data, { version, subjectId });

/**
 * A member's groups document as compared with its rebuild: their memberships and requests, without the versions that
 * say how far it followed each group. Copied from a roster (MemberGroupsProjection), those are the roster's version
 * then, and a rebuild after the whole roster finds it further on.
 */
export const membershipsOnly = (state: { positions: unknown; value: { versions?: unknown } | null }) => ({
  ...state,
  positions: undefined,
  value: state.value && { ...state.value, versions: undefined },
});
