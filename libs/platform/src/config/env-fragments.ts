import path from 'node:path';
import { E164_PATTERN } from '@abide/contracts';
import { z } from 'zod';

/** Reusable pieces of the services' environment schemas, so every service names a setting the same way. */
const port = z.coerce.number().int().min(1).max(65535);
const url = z.string().url();

export const baseEnv = {
  NODE_ENV: z.enum(['development', 'test', 'production']).default('development'),
  HOST: z.string().default('127.0.0.1'),
  PORT: port,
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  /** Port of the separate Prometheus listener (`GET /metrics`); without it the service serves no metrics. */
  METRICS_PORT: port.optional(),
};

export const mongoEnv = {
  MONGO_URL: z.string().regex(/^mongodb(\+srv)?:\/\//, 'must be a mongodb:// URL'),
  MONGO_DB: z.string().min(1),
};

/** An empty value counts as unset, so a compose file or a manifest may leave a setting blank. */
const optional = <T extends z.ZodTypeAny>(schema: T) => z.preprocess((v) => (v === '' ? undefined : v), schema.optional());

export const kafkaBrokersEnv = {
  KAFKA_BROKERS: z
    .string()
    .min(1)
    .transform((v) =>
      v
        .split(',')
        .map((b) => b.trim())
        .filter(Boolean),
    ),
};

/**
 * Signing in to the brokers (SASL), and TLS to them: all optional (the local engines run without). A mechanism needs a
 * username and a password (load-config.ts); production needs a mechanism unless KAFKA_ALLOW_PLAINTEXT=true says the
 * brokers are reached another safe way (production-checks.ts).
 */
export const kafkaSecurityEnv = {
  KAFKA_SASL_MECHANISM: optional(z.enum(['scram-sha-512', 'scram-sha-256', 'plain'])),
  KAFKA_SASL_USERNAME: optional(z.string()),
  KAFKA_SASL_PASSWORD: optional(z.string()),
  KAFKA_SSL: z
    .enum(['true', 'false'])
    .default('false')
    .transform((v) => v === 'true'),
  KAFKA_ALLOW_PLAINTEXT: z
    .enum(['true', 'false'])
    .default('false')
    .transform((v) => v === 'true'),
};

export const kafkaEnv = {
  ...kafkaBrokersEnv,
  ...kafkaSecurityEnv,
  KAFKA_CLIENT_ID: z.string().min(1),
  /** Prefix of consumer groups, so parallel stacks never share offsets. */
  KAFKA_GROUP_PREFIX: z.string().default(''),
  /** Prefix of every topic, so stacks sharing one broker (dev, test runs) never see each other's events. */
  KAFKA_TOPIC_PREFIX: z
    .string()
    .regex(/^[a-z0-9_.-]*$/, 'may hold only a-z, 0-9, _, . and -')
    .default(''),
};

export const redisEnv = {
  REDIS_URL: z.string().regex(/^rediss?:\/\//, 'must be a redis:// URL'),
  /** Namespace of the service's keys, so stacks sharing one Redis (dev, test runs) never mix counters. */
  REDIS_KEY_PREFIX: z
    .string()
    .regex(/^[\w-]+$/)
    .default('abide'),
};

export const s3Env = {
  S3_ENDPOINT: z.string().min(1),
  S3_PORT: port,
  S3_USE_SSL: z
    .enum(['true', 'false'])
    .default('false')
    .transform((v) => v === 'true'),
  S3_ACCESS_KEY: z.string().min(3),
  S3_SECRET_KEY: z.string().min(8),
};

export const smtpEnv = {
  SMTP_HOST: z.string().min(1),
  SMTP_PORT: port,
  SMTP_FROM: z.string().default('Abide <no-reply@abide.local>'),
};

/**
 * A Twilio-compatible SMS provider (sms/twilio-sms-sender.ts): Twilio itself (https://api.twilio.com), or the local fake
 * in dev and tests (tools/infra, engine `sms`). The account's SID and auth token, and our number in E.164. Formation
 * sends reminders and identity sends invitations with the same account; identity checks replies with its token.
 */
export const smsProviderEnv = {
  SMS_API_URL: z
    .string()
    .url()
    .transform((v) => v.replace(/\/+$/, '')),
  SMS_ACCOUNT_SID: z.string().regex(/^AC[0-9a-fA-F]{32}$/, 'A Twilio account SID: AC and 32 hexadecimal digits'),
  SMS_AUTH_TOKEN: z.string().min(16),
  SMS_FROM: z.string().regex(E164_PATTERN, 'Our number in E.164, e.g. +15005550006'),
  /** A send that takes longer is abandoned and retried by the job that sent it. */
  SMS_TIMEOUT_MS: z.coerce.number().int().min(500).max(60_000).default(10_000),
};

/** Every service verifies access tokens against the identity service's JWKS. */
export const authEnv = {
  AUTH_JWKS_URL: url,
  AUTH_ISSUER: z.string().min(1).default('abide-identity'),
  AUTH_AUDIENCE: z.string().min(1).default('abide'),
};

export const serviceUrlEnv = (name: string) => ({ [`${name.toUpperCase()}_URL`]: url });

/**
 * The master key that wraps members' data keys (private text at rest, docs/architecture.md): a key file outside the
 * checkout, one line per master key version. MASTER_KEY_CREATE makes it on first start (development and tests);
 * production provisions it. The data keys live in a key store apart from the service's data: the database
 * KEY_STORE_DB (default `<MONGO_DB>_keys`), on KEY_STORE_MONGO_URL when set (another server, outside the data's backups).
 */
export const privateTextEnv = {
  KEY_STORE_MONGO_URL: mongoEnv.MONGO_URL.optional(),
  KEY_STORE_DB: z.string().min(1).optional(),
  MASTER_KEY_FILE: z.string().refine((file) => path.isAbsolute(file), 'must be an absolute path'),
  MASTER_KEY_CREATE: z
    .enum(['true', 'false'])
    .default('false')
    .transform((v) => v === 'true'),
};
