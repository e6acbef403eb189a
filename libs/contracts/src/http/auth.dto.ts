import { z } from 'zod';
import { requiredText } from './required-text';

export const signUpRequestSchema = z.object({
  name: requiredText('Please enter your name').max(120, 'Name must be at most 120 characters'),
  email: z.string().trim().toLowerCase().email('Please enter a valid email address'),
  password: z.string().min(8, 'Password must be at least 8 characters').max(128, 'Password must be at most 128 characters'),
});
export type SignUpRequest = z.infer<typeof signUpRequestSchema>;

export const userSchema = z.object({
  id: z.string(),
  email: z.string(),
  name: z.string(),
  roles: z.array(z.string()),
  onboardingCompleted: z.boolean(),
  createdAt: z.string(),
});
export type User = z.infer<typeof userSchema>;

/**
 * How strongly a session was proven (the access token's `aal` claim): `aal1` a password or an e-mail link, `aal2` also
 * a second factor (a two-factor code or a recovery code, at sign-in or when turning two-factor sign-in on).
 */
export const assuranceLevels = ['aal1', 'aal2'] as const;
export type AssuranceLevel = (typeof assuranceLevels)[number];

export const sessionResponseSchema = z.object({
  accessToken: z.string(),
  expiresAt: z.string(),
  aal: z.enum(assuranceLevels),
  user: userSchema,
});
export type SessionResponse = z.infer<typeof sessionResponseSchema>;

export const roles = ['user', 'moderator', 'admin'] as const;
export type Role = (typeof roles)[number];

/** Roles that see other people's content and activity: their routes need a session that passed two-factor sign-in. */
export const twoFactorRoles: readonly Role[] = ['moderator', 'admin'];

/** True when these roles require two-factor sign-in (the member must turn it on, and may not turn it off). */
export const rolesRequireTwoFactor = (held: readonly string[]): boolean =>
  held.some((role) => (twoFactorRoles as readonly string[]).includes(role));
