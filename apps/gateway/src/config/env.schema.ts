import { authEnv, baseEnv, kafkaEnv, redisEnv } from '@abide/platform';
import { z } from 'zod';

const url = z.string().url();
/** A service's instances (replicas): one URL, or several separated by commas; the gateway balances across them. */
const urlList = z
  .string()
  .transform((v) =>
    v
      .split(',')
      .map((u) => u.trim())
      .filter(Boolean),
  )
  .pipe(z.array(url).min(1));

export const gatewayEnvSchema = z.object({
  ...baseEnv,
  ...authEnv,
  ...redisEnv,
  // Live updates (docs/architecture.md "Live updates"): the gateway reads the live signals topic.
  ...kafkaEnv,
  /** Signals kept per audience (a member, the moderators) for a stream that reconnects to catch up from. */
  LIVE_BUFFER_LENGTH: z.coerce.number().int().min(10).max(100_000).default(200),
  /** An audience's buffer is dropped after this long without a signal; a cursor older than this resyncs. */
  LIVE_RETENTION_SECONDS: z.coerce
    .number()
    .int()
    .min(60)
    .max(30 * 86_400)
    .default(86_400),
  /** A comment line this often keeps proxies from closing an idle stream. */
  LIVE_HEARTBEAT_SECONDS: z.coerce.number().int().min(1).max(300).default(20),
  /** A stream whose client lets more than this many bytes wait unread is closed (it reconnects with its cursor). */
  LIVE_MAX_BUFFERED_BYTES: z.coerce
    .number()
    .int()
    .min(1024)
    .max(16 * 1024 * 1024)
    .default(64 * 1024),
  /** Open streams per member across every gateway instance (tabs, devices); one more answers 429. */
  LIVE_STREAMS_PER_MEMBER: z.coerce.number().int().min(1).max(100_000).default(10),
  /**
   * Open streams per client network (an IPv4 address, an IPv6 /64) across every instance; one more answers 429. High
   * enough for a congregation on one church network, low enough that one client cannot hold the gateways' sockets.
   */
  LIVE_STREAMS_PER_ADDRESS: z.coerce.number().int().min(1).max(1_000_000).default(200),
  /** An open stream's slot is leased for this long and renewed while it is open: the slots of a gateway that died free themselves then. */
  LIVE_SLOT_LEASE_SECONDS: z.coerce.number().int().min(3).max(3600).default(90),
  IDENTITY_URL: urlList,
  FORMATION_URL: urlList,
  LIBRARY_URL: urlList,
  COMMUNITY_URL: urlList,
  /**
   * `on`: each write goes to the instance its key hashes to (proxy/write-affinity.ts); `off`: every request in turn,
   * the worst spread, which the read-model proof at 3 replicas runs with (a speed choice, not what correctness rests on).
   */
  WRITE_AFFINITY: z.enum(['on', 'off']).default('on'),
  /** Per-call timeout to a service before the client gets a 504 problem. */
  UPSTREAM_TIMEOUT_MS: z.coerce.number().int().positive().default(10_000),
  /**
   * Sign-up and password-recovery requests per client network per window, every request counted (kept in Redis). A
   * ceiling for floods, not a per-person limit (identity limits recovery mails per address): 300 in 15 minutes lets a
   * whole congregation on the church's Wi-Fi sign up or ask for a link together (docs/api.md "Limits").
   */
  AUTH_RATE_LIMIT_MAX: z.coerce.number().int().min(1).max(100_000).default(300),
  AUTH_RATE_LIMIT_WINDOW_SECONDS: z.coerce.number().int().min(1).max(86_400).default(900),
  /**
   * Failed sign-ins (a wrong password, an invalid request, an account already backed off) per client network per
   * window; the second step's wrong codes are counted apart with the same numbers. Successful sign-ins are never
   * counted, so a few hundred people signing in behind one NAT pass; 300 failures in 15 minutes is far more than their
   * typos (identity already holds each account after 5) and stops a credential-stuffing run from one network at 20 a
   * minute (docs/api.md "Limits").
   */
  SIGN_IN_FAILURES_PER_NETWORK_MAX: z.coerce.number().int().min(1).max(100_000).default(300),
  SIGN_IN_FAILURES_PER_NETWORK_WINDOW_SECONDS: z.coerce.number().int().min(1).max(86_400).default(900),
  /** Joining a church by code: at most this many codes that matched no church per client IP per window (docs/churches.md). */
  JOIN_CODE_RATE_LIMIT_MAX: z.coerce.number().int().min(1).max(100_000).default(50),
  JOIN_CODE_RATE_LIMIT_WINDOW_SECONDS: z.coerce.number().int().min(1).max(86_400).default(900),
  /**
   * Reflections on journal entries per member per window (only those made count): the built-in one is CPU work on
   * formation's event loop, and no one reflecting on their own entries asks for 20 in ten minutes (docs/api.md "Limits").
   */
  JOURNAL_INSIGHT_RATE_LIMIT_MAX: z.coerce.number().int().min(1).max(100_000).default(20),
  JOURNAL_INSIGHT_RATE_LIMIT_WINDOW_SECONDS: z.coerce.number().int().min(1).max(86_400).default(600),
  /**
   * Which proxies' X-Forwarded-For to believe for the client IP (Fastify trustProxy): `true`, `false`, a hop count,
   * or comma-separated addresses/CIDRs/keywords (`loopback`, `uniquelocal`). Default: the local dev proxy only. Production
   * refuses `true`, `uniquelocal`, `linklocal` and ranges wider than /16 (libs/platform/src/config/production-checks.ts).
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
