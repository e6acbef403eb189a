import { z } from 'zod';
import { requiredText } from './required-text';
import { connectionOptions, reminderFrequencies, spiritualGoals } from '../catalog';
import { smsOptOutSources } from '../sms';

/**
 * Accounts and sessions (issue: accounts, onboarding and the app shell). The identity service plays the
 * hosted auth provider; these are its request/response shapes, used by the gateway, identity and the web app.
 */

/** An e-mail address within SMTP's limits (RFC 5321: 254 characters, 64 before the @), which `format: email` also means. */
const email = z
  .string()
  .trim()
  .toLowerCase()
  .max(254, 'Please enter a valid email address')
  .email('Please enter a valid email address')
  .refine((value) => value.indexOf('@') <= 64, 'Please enter a valid email address');
/** PKCE (RFC 7636) S256 challenge: base64url of SHA-256 of the verifier. */
const codeChallenge = z.string().regex(/^[A-Za-z0-9_-]{43}$/, 'codeChallenge must be a base64url SHA-256 (43 characters)');

export const signUpWithConfirmationSchema = z.object({
  name: requiredText('Please enter your name').max(120, 'Name must be at most 120 characters'),
  email,
  password: z.string().max(128, 'Password must be at most 128 characters'),
  codeChallenge,
});
export type SignUpWithConfirmation = z.infer<typeof signUpWithConfirmationSchema>;

/** Sign-up answers the same whether or not the address is registered; the e-mail tells the owner what to do. */
export const signUpAcceptedSchema = z.object({ confirmationRequired: z.literal(true), message: z.string() });
export type SignUpAccepted = z.infer<typeof signUpAcceptedSchema>;

export const signInRequestSchema = z.object({
  email,
  password: z.string().min(1, 'Please enter your password').max(128),
});
export type SignInRequest = z.infer<typeof signInRequestSchema>;

/** Exchanges the one-time code from an e-mail link, with the verifier only the requesting browser holds. */
export const codeExchangeRequestSchema = z.object({
  code: z.string().min(16).max(128),
  codeVerifier: z.string().regex(/^[A-Za-z0-9._~-]{43,128}$/, 'codeVerifier must be 43–128 unreserved characters'),
});
export type CodeExchangeRequest = z.infer<typeof codeExchangeRequestSchema>;

export const confirmEmailRequestSchema = z.object({ code: z.string().min(16).max(128) });

export const recoverRequestSchema = z.object({ email, codeChallenge });
export type RecoverRequest = z.infer<typeof recoverRequestSchema>;

export const newPasswordRequestSchema = z.object({ password: z.string().max(128) });
export const changePasswordRequestSchema = z.object({
  currentPassword: z.string().min(1, 'Please enter your current password').max(128),
  newPassword: z.string().max(128),
});

export const signOutRequestSchema = z.object({ scope: z.enum(['local', 'global']).default('local') });

export const createProfileRequestSchema = z.object({ name: requiredText().max(120) });

/** What a weak password answers (HTTP 422): every reason, as the hosted auth provider it stands in for reports them. */
export const weakPasswordReasons = ['length', 'common', 'contains-email', 'contains-name'] as const;

export const onboardingRequestSchema = z.object({
  name: requiredText('Please enter your name').max(120),
  spiritualGoals: z.array(z.enum(spiritualGoals)).min(1, 'Choose at least one spiritual goal'),
  connectionPreferences: z
    .array(z.enum(connectionOptions.map((o) => o.id) as [string, ...string[]]))
    .min(1, 'Choose at least one way you connect with God'),
  reminderFrequency: z.enum(reminderFrequencies.map((f) => f.id) as [string, ...string[]], {
    message: 'Choose how often you would like reminders',
  }),
  phoneNumber: z
    .string()
    .trim()
    .max(32)
    .regex(/^[+()\d\s.-]*$/, 'Phone numbers may contain digits, spaces, +, -, . and brackets')
    .optional()
    .or(z.literal('')),
  /**
   * The box beside the phone number, ticked: the member asks for reminder texts at that number (recorded with its
   * time). Needs a phone number; without it no text is ever sent.
   */
  smsOptIn: z.boolean().optional(),
  timeZone: z.string().min(1).max(64).optional(),
  /**
   * The member's answer to sharing their progress (check-ins, plan activities, journaling days: never the journal
   * itself) with the leaders of their groups and churches. Left out: it stays as it is, which is off until they turn it on.
   */
  shareProgressWithGroups: z.boolean().optional(),
});
export type OnboardingRequest = z.infer<typeof onboardingRequestSchema>;

export const notificationChannels = ['in-app', 'email', 'sms'] as const;

export const settingsSchema = z.object({
  name: requiredText('Please enter your name').max(120),
  timeZone: z.string().min(1).max(64),
  reminderFrequency: z.enum(reminderFrequencies.map((f) => f.id) as [string, ...string[]]),
  phoneNumber: z
    .string()
    .trim()
    .max(32)
    .regex(/^[+()\d\s.-]*$/)
    .optional()
    .or(z.literal('')),
  channels: z.array(z.enum(notificationChannels)),
  shareProgressWithGroups: z.boolean(),
});
export type Settings = z.infer<typeof settingsSchema>;
export const updateSettingsRequestSchema = settingsSchema.partial();

/**
 * Text messages: `on` since the member opted in (at `since`), `stopped` when their number replied STOP (at `since`;
 * per number, whoever's account it is), `off` otherwise. `channels` holds `sms` exactly when this is `on`; adding `sms` to them in a change is the opt-in.
 */
export const smsStatusSchema = z.object({
  state: z.enum(['on', 'off', 'stopped']),
  since: z.string().nullable(),
  /** The member proved the number is theirs with a texted code; texts are only ever turned on for such a number. */
  verified: z.boolean(),
  /** Our number, to text START to: a number that replied STOP gets nothing until it does, whatever any account says. */
  startTo: z.string(),
  /**
   * While texts are `off`, how the last opt-in ended (null: never opted in, or texts are not off). `number-not-verified`:
   * it was made before numbers had to be proved, and ended since the number never was; proving it lets the member opt in again.
   */
  endedBy: z.enum(smsOptOutSources).nullable(),
});
export type SmsStatus = z.infer<typeof smsStatusSchema>;

export const settingsResponseSchema = settingsSchema.extend({ email: z.string(), emailConfirmed: z.boolean(), sms: smsStatusSchema });
export type SettingsResponse = z.infer<typeof settingsResponseSchema>;

export const deleteAccountRequestSchema = z.object({ password: z.string().min(1, 'Please enter your password').max(128) });

/**
 * POST /sms/inbound: a text a member sent to our number, as the SMS provider posts it (Twilio's form fields; the ones
 * read here, and any others, all count for the signature). The phone number is E.164.
 */
export const inboundSmsRequestSchema = z
  .object({
    From: z.string().min(1).max(32),
    Body: z.string().max(1600),
    To: z.string().max(32).optional(),
    MessageSid: z.string().max(64).optional(),
    AccountSid: z.string().max(64).optional(),
  })
  .catchall(z.string().max(1600));
