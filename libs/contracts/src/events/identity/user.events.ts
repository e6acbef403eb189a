import { z } from 'zod';
import { connectionOptions, reminderFrequencies, spiritualGoals } from '../../catalog';
import { e164PhoneNumber, smsOptInSources, smsOptOutSources, smsOptOutSourcesV1 } from '../../sms';
import { eventVersions } from '../versions';

const role = z.enum(['user', 'moderator', 'admin']);
const channel = z.enum(['in-app', 'email', 'sms']);

export const userRegisteredV1 = z.object({
  userId: z.string().min(1),
  name: z.string().min(1).max(120),
  email: z.string().email(),
  roles: z.array(role).min(1),
  registeredAt: z.string().datetime({ offset: true }),
});

export const userEmailConfirmedV1 = z.object({ userId: z.string().min(1), confirmedAt: z.string().datetime({ offset: true }) });

export const userProfileUpdatedV1 = z.object({ userId: z.string().min(1), name: z.string().min(1).max(120) });

export const userOnboardingCompletedV1 = z.object({
  userId: z.string().min(1),
  name: z.string().min(1).max(120),
  spiritualGoals: z.array(z.enum(spiritualGoals)).min(1),
  connectionPreferences: z.array(z.enum(connectionOptions.map((o) => o.id) as [string, ...string[]])).min(1),
  reminderFrequency: z.enum(reminderFrequencies.map((f) => f.id) as [string, ...string[]]),
  phoneNumber: z.string().max(32).nullable(),
  timeZone: z.string().min(1),
  completedAt: z.string().datetime({ offset: true }),
});

export const userSettingsUpdatedV1 = z.object({
  userId: z.string().min(1),
  timeZone: z.string().min(1).optional(),
  reminderFrequency: z.enum(reminderFrequencies.map((f) => f.id) as [string, ...string[]]).optional(),
  phoneNumber: z.string().max(32).nullable().optional(),
  channels: z.array(channel).optional(),
  shareProgressWithGroups: z.boolean().optional(),
});

export const userRolesChangedV1 = z.object({ userId: z.string().min(1), roles: z.array(role).min(1), changedBy: z.string().min(1) });

/**
 * The member's explicit opt-in to reminder text messages at `phoneNumber`, with its time: the record that they asked
 * for them. Until one, no text is sent, whatever the channels say. `phoneNumber` is personal (erased on deletion).
 */
export const userSmsOptedInV1 = z.object({
  userId: z.string().min(1),
  phoneNumber: e164PhoneNumber,
  optedInAt: z.string().datetime({ offset: true }),
  source: z.enum(smsOptInSources),
});

/** The member's opt-out of text messages (in Settings, or a STOP reply): nothing more is sent to the number. */
export const userSmsOptedOutV1 = z.object({
  userId: z.string().min(1),
  phoneNumber: e164PhoneNumber,
  optedOutAt: z.string().datetime({ offset: true }),
  source: z.enum(smsOptOutSourcesV1),
});

/** v2: one more source, `number-not-verified` (an opt-in at a number never proved, ended by a migration). */
export const userSmsOptedOutV2 = userSmsOptedOutV1.extend({ source: z.enum(smsOptOutSources) });

export const userDeletedV1 = z.object({ userId: z.string().min(1), deletedAt: z.string().datetime({ offset: true }) });

/**
 * Two-factor sign-in (TOTP). The events record that it was turned on or off and how many recovery codes are left; the
 * secret and the codes themselves never enter the log (they are kept by identity, keyed by the user, and erased with
 * the account: docs/architecture.md "Two-factor sign-in").
 */
export const userTwoFactorEnabledV1 = z.object({
  userId: z.string().min(1),
  method: z.literal('totp'),
  recoveryCodes: z.number().int().min(0),
  enabledAt: z.string().datetime({ offset: true }),
});

export const userTwoFactorDisabledV1 = z.object({
  userId: z.string().min(1),
  /** `owner` (with password and code), or `operator:<name>` for a reset by the operator command. */
  disabledBy: z.string().min(1),
  disabledAt: z.string().datetime({ offset: true }),
});

export const userTwoFactorRecoveryCodeUsedV1 = z.object({
  userId: z.string().min(1),
  remaining: z.number().int().min(0),
  usedAt: z.string().datetime({ offset: true }),
});

export const userTwoFactorRecoveryCodesRenewedV1 = z.object({
  userId: z.string().min(1),
  recoveryCodes: z.number().int().min(0),
  renewedAt: z.string().datetime({ offset: true }),
});

export const identityUserEvents = {
  'identity.user.registered': { schemaVersion: 1, schema: userRegisteredV1 },
  'identity.user.email-confirmed': { schemaVersion: 1, schema: userEmailConfirmedV1 },
  'identity.user.profile-updated': { schemaVersion: 1, schema: userProfileUpdatedV1 },
  'identity.user.onboarding-completed': { schemaVersion: 1, schema: userOnboardingCompletedV1 },
  'identity.user.settings-updated': { schemaVersion: 1, schema: userSettingsUpdatedV1 },
  'identity.user.roles-changed': { schemaVersion: 1, schema: userRolesChangedV1 },
  'identity.user.sms-opted-in': { schemaVersion: 1, schema: userSmsOptedInV1 },
  'identity.user.sms-opted-out': eventVersions(userSmsOptedOutV1).next(userSmsOptedOutV2, (v1) => v1),
  'identity.user.deleted': { schemaVersion: 1, schema: userDeletedV1 },
  'identity.user.two-factor-enabled': { schemaVersion: 1, schema: userTwoFactorEnabledV1 },
  'identity.user.two-factor-disabled': { schemaVersion: 1, schema: userTwoFactorDisabledV1 },
  'identity.user.two-factor-recovery-code-used': { schemaVersion: 1, schema: userTwoFactorRecoveryCodeUsedV1 },
  'identity.user.two-factor-recovery-codes-renewed': { schemaVersion: 1, schema: userTwoFactorRecoveryCodesRenewedV1 },
} as const;
