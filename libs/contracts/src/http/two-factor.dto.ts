import { z } from 'zod';

/**
 * Two-factor sign-in with an authenticator app (TOTP, RFC 6238: 6 digits, 30 s steps) and single-use recovery codes
 * (docs/architecture.md "Two-factor sign-in"). Shapes of identity's `/auth/two-factor…` routes and of sign-in's second step.
 */

/** A code from the authenticator app: 6 digits (as some apps show it, `123 456` is taken too). */
const totpCode = z
  .string()
  .trim()
  .regex(/^\d{3} ?\d{3}$/, 'Enter the 6-digit code from your authenticator app');

/** A 6-digit code from the app, or one of the recovery codes (`xxxxx-xxxxx`); the server tells them apart. */
const codeOrRecoveryCode = z.string().trim().min(6, 'Enter the 6-digit code or a recovery code').max(32, 'That code is too long');

/** Sign-in with a correct password, for an account with two-factor sign-in on: no tokens yet, a challenge instead. */
export const signInChallengeSchema = z.object({
  secondFactor: z.literal('totp'),
  /** Opaque and single use; valid until `expiresAt` (5 minutes). */
  challenge: z.string(),
  expiresAt: z.string(),
});
export type SignInChallenge = z.infer<typeof signInChallengeSchema>;

export const twoFactorVerifyRequestSchema = z.object({
  challenge: z.string().min(16).max(128),
  code: codeOrRecoveryCode,
});
export type TwoFactorVerifyRequest = z.infer<typeof twoFactorVerifyRequestSchema>;

export const twoFactorStatusSchema = z.object({
  enabled: z.boolean(),
  /** The member's roles need it: it must be on to use them, and cannot be turned off while they hold them. */
  required: z.boolean(),
  enabledAt: z.string().nullable(),
  recoveryCodesLeft: z.number().int().min(0),
});
export type TwoFactorStatus = z.infer<typeof twoFactorStatusSchema>;

/** A new secret, shown once: the QR code for the app, and the same key as text for typing it in. */
export const twoFactorEnrolmentSchema = z.object({
  /** Base32, as authenticator apps take it when typed in. */
  secret: z.string(),
  /** `otpauth://totp/Abide:<e-mail>?secret=…&issuer=Abide`, what the QR code holds. */
  otpauthUri: z.string(),
  /** The QR code as an SVG data URL, to show as an image. */
  qrCode: z.string(),
  /** Confirm with a code before this, or start again. */
  expiresAt: z.string(),
});
export type TwoFactorEnrolment = z.infer<typeof twoFactorEnrolmentSchema>;

export const twoFactorCodeRequestSchema = z.object({ code: totpCode });
export type TwoFactorCodeRequest = z.infer<typeof twoFactorCodeRequestSchema>;

/** Turning it on: a code from the app proves it holds the secret, the password that the session's holder is the member. */
export const twoFactorEnableRequestSchema = z.object({
  password: z.string().min(1, 'Please enter your password').max(128),
  code: totpCode,
});
export type TwoFactorEnableRequest = z.infer<typeof twoFactorEnableRequestSchema>;

/** Shown once: each works one time instead of a code from the app; only their hashes are kept. */
export const recoveryCodesSchema = z.object({ recoveryCodes: z.array(z.string()) });
export type RecoveryCodes = z.infer<typeof recoveryCodesSchema>;

export const twoFactorDisableRequestSchema = z.object({
  password: z.string().min(1, 'Please enter your password').max(128),
  code: codeOrRecoveryCode,
});
export type TwoFactorDisableRequest = z.infer<typeof twoFactorDisableRequestSchema>;
