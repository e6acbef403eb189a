import { authEnv, baseEnv, kafkaEnv, mongoEnv } from '@abide/platform';
import { z } from 'zod';

export const identityEnvSchema = z.object({
  ...baseEnv,
  ...mongoEnv,
  ...kafkaEnv,
  // Identity verifies its own tokens the same way every service does: through its published JWKS.
  ...authEnv,
  /** Lifetime of an access token; short, because refresh rotates it (docs: README "Sessions"). */
  ACCESS_TOKEN_TTL_SECONDS: z.coerce.number().int().min(60).max(3600).default(900),
});

export type IdentityConfig = z.infer<typeof identityEnvSchema>;
export const IDENTITY_CONFIG = Symbol('IDENTITY_CONFIG');
