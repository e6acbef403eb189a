import { authEnv, baseEnv, kafkaEnv, mongoEnv, privateTextEnv, redisEnv, smsProviderEnv, smtpEnv } from '@abide/platform';
import { z } from 'zod';

const optionalUrl = z
  .string()
  .optional()
  .transform((v) => (v ? v.replace(/\/+$/, '') : undefined))
  .pipe(z.string().url().optional());

export const formationEnvSchema = z.object({
  ...baseEnv,
  ...mongoEnv,
  ...kafkaEnv,
  ...authEnv,
  // Journal entries are sealed with each member's data key, wrapped by this master key.
  ...privateTextEnv,
  // BullMQ jobs (plan rollover, nudges) live in Redis.
  ...redisEnv,
  /** Runs the scheduled jobs in this instance (off in tests that drive the handlers with their own clock). */
  JOBS_ENABLED: z
    .enum(['true', 'false'])
    .default('true')
    .transform((v) => v === 'true'),
  /** How often the plan rollover looks for members whose week has begun. */
  PLAN_ROLLOVER_EVERY_MS: z.coerce.number().int().min(1000).default(3_600_000),
  /** Optional OpenAI-compatible endpoint for plans (base URL, e.g. https://api.openai.com/v1); off when empty. */
  PLAN_ASSISTANT_URL: optionalUrl,
  PLAN_ASSISTANT_KEY: z.string().optional(),
  PLAN_ASSISTANT_MODEL: z.string().default('gpt-4o-mini'),
  PLAN_ASSISTANT_TIMEOUT_MS: z.coerce.number().int().min(100).max(60_000).default(8000),
  // ---- journal and nudges ----
  ...smtpEnv,
  /** Optional OpenAI-compatible endpoint for 'Get AI insight' (base URL); the built-in reflection when empty or failing. */
  JOURNAL_ASSISTANT_URL: optionalUrl,
  JOURNAL_ASSISTANT_KEY: z.string().optional(),
  JOURNAL_ASSISTANT_MODEL: z.string().default('gpt-4o-mini'),
  JOURNAL_ASSISTANT_TIMEOUT_MS: z.coerce.number().int().min(100).max(60_000).default(8000),
  /** Reminder texts go through the Twilio-compatible provider (docs/architecture.md, "Text messages"). */
  ...smsProviderEnv,
  /** Local quiet hours `HH:MM-HH:MM` (may wrap midnight): no reminder goes out inside them. */
  NUDGE_QUIET_HOURS: z
    .string()
    .regex(/^([01]\d|2[0-3]):[0-5]\d-([01]\d|2[0-3]):[0-5]\d$/, 'Use a range like 21:00-07:00')
    .default('21:00-07:00'),
  NUDGE_DAILY_CAP: z.coerce.number().int().min(1).max(50).default(3),
  /** How often the reminder scan runs (with JOBS_ENABLED); tests call the scan with their own clock. */
  NUDGE_SCAN_EVERY_MS: z.coerce.number().int().min(10_000).default(300_000),
  /** Signs the unsubscribe link of reminder e-mails. */
  NUDGE_UNSUBSCRIBE_SECRET: z.string().min(16).default('dev-only-unsubscribe-secret-change-me'),
  /** The API as e-mail readers reach it (the gateway), for the unsubscribe link. */
  PUBLIC_API_URL: z.string().url().default('http://127.0.0.1:3000/api'),
  /** The web app, for links in reminders. */
  WEB_BASE_URL: z.string().url().default('http://127.0.0.1:5173'),
});

export type FormationConfig = z.infer<typeof formationEnvSchema>;
export const FORMATION_CONFIG = Symbol('FORMATION_CONFIG');
