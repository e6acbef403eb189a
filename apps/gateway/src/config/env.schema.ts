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
  /** Sign-in, sign-up and recovery: at most this many requests per client IP per window (kept in Redis). */
  AUTH_RATE_LIMIT_MAX: z.coerce.number().int().min(1).max(100_000).default(30),
  AUTH_RATE_LIMIT_WINDOW_SECONDS: z.coerce.number().int().min(1).max(86_400).default(300),
  /**
   * Which proxies' X-Forwarded-For to believe for the client IP (Fastify trustProxy): `true`, `false`, a hop count,
   * or comma-separated addresses/CIDRs/keywords (`loopback`, `uniquelocal`). Default: the local dev proxy only.
   */
  TRUST_PROXY: z
    .string()
    .default('loopback')
    .transform((v): boolean | number | string => (v === 'true' ? true : v === 'false' ? false : /^\d+$/.test(v) ? Number(v) : v)),
  /** Origins allowed to call the API with credentials (the web app in dev). */
  CORS_ORIGINS: z
    .string()
    .default('http://127.0.0.1:5173,http://localhost:5173')
    .transform((v) =>
      v
        .split(',')
        .map((o) => o.trim())
        .filter(Boolean),
    ),
});

export type GatewayConfig = z.infer<typeof gatewayEnvSchema>;
export const GATEWAY_CONFIG = Symbol('GATEWAY_CONFIG');
