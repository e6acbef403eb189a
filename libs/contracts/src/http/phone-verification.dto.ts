import { z } from 'zod';

/**
 * A phone number is texted only after its owner proved it (docs/architecture.md, "Text messages"): the member asks for
 * a code at the number (POST /settings/phone/verification), the provider texts it, and the member types it back
 * (POST /settings/phone/verification/confirm). Until then nothing but that code is ever sent to the number.
 */
export const phoneVerificationRequestSchema = z.object({
  /** As the member typed it; read in the country of their time zone unless it starts with + and a country code. */
  phoneNumber: z.string().trim().min(1, 'Please enter your phone number').max(32),
  /** The zone a national number is read in, when it is not the account's yet (onboarding sends the browser's). */
  timeZone: z.string().min(1).max(64).optional(),
});
export type PhoneVerificationRequest = z.infer<typeof phoneVerificationRequestSchema>;

export const phoneVerificationSentSchema = z.object({
  /** The number the code went to, in E.164. */
  phoneNumber: z.string(),
  /** When the code stops working. */
  expiresAt: z.string(),
});
export type PhoneVerificationSent = z.infer<typeof phoneVerificationSentSchema>;

export const phoneVerificationConfirmSchema = phoneVerificationRequestSchema.extend({
  code: z
    .string()
    .trim()
    .regex(/^\d{6}$/, 'Type the 6 digits of the code we texted you'),
});
export type PhoneVerificationConfirm = z.infer<typeof phoneVerificationConfirmSchema>;

export const phoneVerifiedSchema = z.object({ phoneNumber: z.string(), verified: z.literal(true) });
export type PhoneVerified = z.infer<typeof phoneVerifiedSchema>;
