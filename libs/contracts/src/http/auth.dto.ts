import { z } from 'zod';

export const signUpRequestSchema = z.object({
  name: z.string().trim().min(1, 'Please enter your name').max(120, 'Name must be at most 120 characters'),
  email: z.string().trim().toLowerCase().email('Please enter a valid email address'),
  password: z
    .string()
    .min(8, 'Password must be at least 8 characters')
    .max(128, 'Password must be at most 128 characters'),
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

export const sessionResponseSchema = z.object({
  accessToken: z.string(),
  expiresAt: z.string(),
  user: userSchema,
});
export type SessionResponse = z.infer<typeof sessionResponseSchema>;

export const roles = ['user', 'moderator', 'admin'] as const;
export type Role = (typeof roles)[number];
