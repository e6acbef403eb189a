/**
 * What a route needs at the gateway besides being forwarded, declared on the route itself (the `@EdgePolicy`
 * decorator of @abide/platform) and carried by the services' OpenAPI documents under this extension. The gateway
 * builds its policy table from them at start (docs/api.md "Limits"), so a rule can never drift from its route.
 */
export const EDGE_POLICY_EXTENSION = 'x-abide-edge';

/**
 * The gateway's rate limits by name, and what each one counts by: the client network (an IPv4 address, an IPv6 /64)
 * or the signed-in member. The numbers are the gateway's configuration (apps/gateway/src/config/env.schema.ts).
 */
export const edgeRateLimits = {
  'sign-up': 'network',
  'sign-in': 'network',
  'two-factor': 'network',
  recover: 'network',
  'church-join': 'network',
  'journal-insight': 'member',
} as const;

export type EdgeRateLimit = keyof typeof edgeRateLimits;
export type EdgeRateLimitKey = (typeof edgeRateLimits)[EdgeRateLimit];

export interface EdgePolicy {
  /** The named limit the route is counted in. */
  rateLimit?: EdgeRateLimit;
  /** How long the gateway waits for the service's answer, when longer than an ordinary call's. */
  timeoutMs?: number;
}

/** An upload streams through to its service; 10 MiB over a slow link needs longer than an ordinary call. */
export const UPLOAD_TIMEOUT_MS = 120_000;

export const isEdgeRateLimit = (name: unknown): name is EdgeRateLimit => typeof name === 'string' && Object.hasOwn(edgeRateLimits, name);
