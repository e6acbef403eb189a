import { authEnv, baseEnv, kafkaEnv, mongoEnv, redisEnv, smsProviderEnv, smtpEnv } from '@abide/platform';
import { INVITATION_TTL_DAYS } from '@abide/contracts';
import { isSupportedCountry } from 'libphonenumber-js/max';
import { z } from 'zod';

const seconds = (min: number, max: number, fallback: number) => z.coerce.number().int().min(min).max(max).default(fallback);
const DAY = 86_400;

export const identityEnvSchema = z.object({
  ...baseEnv,
  ...mongoEnv,
  ...kafkaEnv,
  // Identity verifies its own tokens the same way every service does: through its published JWKS.
  ...authEnv,
  // Per-account sign-in back-off counters live in Redis, shared by every identity instance.
  ...redisEnv,
  ...smtpEnv,
  /** Where the web app lives: e-mail links point at `${WEB_BASE_URL}/auth/callback`. */
  WEB_BASE_URL: z
    .string()
    .url()
    .transform((v) => v.replace(/\/+$/, '')),
  /** The services whose parts "Download my data" gathers (account/personal-data-parts.ts). */
  FORMATION_URL: z.string().url(),
  LIBRARY_URL: z.string().url(),
  COMMUNITY_URL: z.string().url(),
  /** The metrics engine the operations page charts from (ops/prometheus.ts); the engines' port offset applies. */
  PROMETHEUS_URL: z
    .string()
    .url()
    .default(`http://127.0.0.1:${9090 + (Number.parseInt(process.env.ABIDE_PORT_OFFSET ?? '0', 10) || 0)}`),
  /**
   * The country whose national phone numbers members may type without a country code, when their time zone names
   * none (e.g. UTC). ISO 3166 two letters; numbers written with + and a country code work everywhere.
   */
  PHONE_DEFAULT_REGION: z
    .string()
    .regex(/^[A-Z]{2}$/, 'Use a two-letter country code, e.g. US')
    .refine((code) => isSupportedCountry(code), 'libphonenumber does not know this country')
    .default('US'),
  /**
   * The SMS provider (the same account as formation's): identity texts church invitations through it, and accepts
   * replies only with a valid X-Twilio-Signature made with its auth token (sms/twilio-signature.ts).
   */
  ...smsProviderEnv,
  /** The exact public URL the provider posts replies to (it is part of what the signature signs). */
  SMS_WEBHOOK_URL: z.string().url(),
  /**
   * Proving a phone number (sms/phone-verification.ts): how long a texted code works, how many wrong tries it takes,
   * and how many codes a member, and a number, may be sent per UTC day (counted in Redis across instances).
   */
  PHONE_CODE_TTL_SECONDS: seconds(60, 3600, 600),
  PHONE_CODE_MAX_ATTEMPTS: z.coerce.number().int().min(1).max(20).default(5),
  PHONE_CODES_PER_MEMBER_PER_DAY: z.coerce.number().int().min(1).max(100).default(5),
  PHONE_CODES_PER_NUMBER_PER_DAY: z.coerce.number().int().min(1).max(100).default(5),
  /** Lifetime of an access token; short, because refresh rotates it (docs: docs/behaviour.md "Sessions"). */
  ACCESS_TOKEN_TTL_SECONDS: seconds(60, 3600, 900),
  /** A session unused (no refresh) for this long ends (docs/behaviour.md "Sessions"). */
  SESSION_INACTIVITY_SECONDS: seconds(60, 90 * DAY, 7 * DAY),
  /** A session ends this long after sign-in, however active (docs/behaviour.md "Sessions"). */
  SESSION_ABSOLUTE_SECONDS: seconds(300, 365 * DAY, 30 * DAY),
  /** An already-rotated refresh token is tolerated this long (parallel tabs); after that its reuse revokes the family. */
  REFRESH_REUSE_GRACE_SECONDS: seconds(0, 120, 10),
  /** Marks the refresh cookie Secure; false only for plain-http development. */
  COOKIE_SECURE: z
    .enum(['true', 'false'])
    .default('false')
    .transform((v) => v === 'true'),
  /** Validity of the one-time codes in confirmation and recovery links. */
  SIGNUP_CODE_TTL_SECONDS: seconds(60, 7 * DAY, DAY),
  RECOVERY_CODE_TTL_SECONDS: seconds(60, DAY, 3600),
  /** Per-account back-off: after this many failed sign-ins within the window, the account is locked for a while. */
  SIGN_IN_MAX_FAILURES: z.coerce.number().int().min(1).max(100).default(5),
  SIGN_IN_FAILURE_WINDOW_SECONDS: seconds(60, DAY, 900),
  /**
   * Password-reset links asked for one e-mail address within the window (the first request starts it); more answer 429
   * with when to ask again. Three: a mail that went astray and a second try are enough, an inbox is never flooded.
   */
  RECOVER_REQUESTS_PER_EMAIL_MAX: z.coerce.number().int().min(1).max(100).default(3),
  RECOVER_REQUESTS_PER_EMAIL_WINDOW_SECONDS: seconds(60, DAY, 900),
  /** First lock length; it doubles with every further failure, up to SIGN_IN_BACKOFF_MAX_SECONDS. */
  SIGN_IN_BACKOFF_BASE_SECONDS: seconds(1, 3600, 30),
  SIGN_IN_BACKOFF_MAX_SECONDS: seconds(1, DAY, 900),
  /** How long a church invitation's link works (docs/member-imports.md); a resend starts a new period. */
  INVITATION_TTL_SECONDS: seconds(3600, 90 * DAY, INVITATION_TTL_DAYS * DAY),
  /** Runs the member-import and invitation-delivery workers in this process (off in tests that drive a job themselves). */
  JOBS_ENABLED: z
    .enum(['true', 'false'])
    .default('true')
    .transform((v) => v === 'true'),
  /**
   * Encrypts the two-factor secrets at rest (AES-256-GCM, key derived from this value): a copy of the database alone
   * cannot produce codes. At least 32 characters, random; the default is for development and tests only.
   */
  TWO_FACTOR_SECRET_KEY: z.string().min(32).default('dev-only-two-factor-key-change-me-0123456789'),
  /** How long the second step of a sign-in may wait for its code (docs/behaviour.md "Sessions"). */
  TWO_FACTOR_CHALLENGE_TTL_SECONDS: seconds(60, 3600, 300),
  /** The name authenticator apps show beside the account. */
  TWO_FACTOR_ISSUER: z.string().min(1).max(40).default('Abide'),
});

export type IdentityConfig = z.infer<typeof identityEnvSchema>;
export const IDENTITY_CONFIG = Symbol('IDENTITY_CONFIG');
