import { authEnv, baseEnv, redisEnv } from '@abide/platform';
import { z } from 'zod';

const url = z.string().url();

export const gatewayEnvSchema = z.object({
  ...baseEnv,
  ...authEnv,
  ...redisEnv,
  IDENTITY_URL: url,
  FORMATION_URL: url,
  LIBRARY_URL: url,
  COMMUNITY_URL: url,
  /** Per-call timeout to a service before the client gets a 504 problem. */
  UPSTREAM_TIMEOUT_MS: z.coerce.number().int().positive().default(10_000),
  /** Origins allowed to call the API with credentials (the web app in dev). */
  CORS_ORIGINS: z
    .string()
    .default('http://127.0.0.1:5173,http://localhost:5173')
    .transform((v) => v.split(',').map((o) => o.trim()).filter(Boolean)),
});

export type GatewayConfig = z.infer<typeof gatewayEnvSchema>;
export const GATEWAY_CONFIG = Symbol('GATEWAY_CONFIG');
