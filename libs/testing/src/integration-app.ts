import type { EventEnvelope } from '@abide/contracts';
import { randomBytes } from 'node:crypto';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { v7 as uuidv7 } from 'uuid';

/**
 * What every service needs to boot inside an integration test: a throwaway database, its own consumer groups and
 * Redis keys, the real engines, and a JWKS address nobody calls. `suffix` names anything else the test creates.
 */
export const integrationEnv = (service: string): { suffix: string; env: Record<string, string> } => {
  const suffix = randomBytes(4).toString('hex');
  return {
    suffix,
    env: {
      NODE_ENV: 'test',
      PORT: '1',
      LOG_LEVEL: 'warn',
      MONGO_URL: process.env.MONGO_URL ?? 'mongodb://127.0.0.1:27017',
      MONGO_DB: `${service}_it_${suffix}`,
      KAFKA_BROKERS: process.env.KAFKA_BROKERS ?? '127.0.0.1:9092',
      KAFKA_CLIENT_ID: `${service}-it-${suffix}`,
      KAFKA_GROUP_PREFIX: `it-${suffix}-`,
      AUTH_JWKS_URL: 'http://127.0.0.1:9/.well-known/jwks.json',
      REDIS_URL: process.env.REDIS_URL ?? 'redis://127.0.0.1:6379',
      // The engines' global setup exports where the catcher listens (ports move with ABIDE_PORT_OFFSET).
      SMTP_HOST: process.env.SMTP_HOST ?? '127.0.0.1',
      SMTP_PORT: process.env.SMTP_PORT ?? '1025',
      REDIS_KEY_PREFIX: `it-${suffix}`,
      // The master key of private text at rest (formation, community): one per service, made by the first test that needs it.
      MASTER_KEY_FILE: path.join(tmpdir(), 'abide-integration-keys', `${service}.key`),
      MASTER_KEY_CREATE: 'true',
    },
  };
};

/** An event as another service publishes it: its own stream and version, and a fresh id. */
export const foreignEvent = <T extends object>(
  type: string,
  streamId: string,
  data: T,
  { version = 1, subjectId = null }: { version?: number; subjectId?: string | null } = {},
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
