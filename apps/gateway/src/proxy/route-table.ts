import type { RateLimitBucket } from '../rate-limit/rate-limits';

export type ServiceName = 'identity' | 'formation' | 'library' | 'community';
export const serviceNames: readonly ServiceName[] = ['identity', 'formation', 'library', 'community'];

/** What a route needs at the edge besides forwarding: a longer timeout, a per-IP limit (rate-limit/rate-limits.ts). */
export interface EdgeRule {
  method: string;
  /** Matched against the decoded path without `/api` and without the query. */
  path: RegExp;
  timeoutMs?: number;
  rateLimit?: RateLimitBucket;
}

/** An upload streams through to the library; 10 MiB over a slow link needs longer than an ordinary call. */
export const UPLOAD_TIMEOUT_MS = 120_000;

/**
 * The public API's first path segment decides which service answers (`/api/<segment>/…` → that service's
 * `/<segment>/…`); the services own their routes, their validation, their access rules and their documentation.
 * A segment not listed here answers 404 at the gateway. See docs/api.md.
 */
export const serviceOfSegment: Readonly<Record<string, ServiceName>> = {
  auth: 'identity',
  onboarding: 'identity',
  settings: 'identity',
  account: 'identity',
  // Replies to reminder texts, posted by the SMS provider (signed; docs/architecture.md "Text messages").
  sms: 'identity',
  formation: 'formation',
  'spiritual-plans': 'formation',
  habits: 'formation',
  'habit-entries': 'formation',
  stats: 'formation',
  journal: 'formation',
  notifications: 'formation',
  nudges: 'formation',
  scripture: 'formation',
  // Churches' own curricula (docs/curricula.md).
  curricula: 'formation',
  uploads: 'library',
  moderation: 'library',
  // Churches' logos: kept and served by the library (public reads), changed by the church's admins.
  logos: 'library',
  groups: 'community',
  churches: 'community',
  // Each member's sharing choices, one per group and church (community keeps them on the memberships).
  sharing: 'community',
  // Bulk onboarding (docs/member-imports.md): identity makes the accounts, so it keeps the imports and invitations.
  'member-imports': 'identity',
  invitations: 'identity',
  // The operations page (admins only): identity answers and asks the others on the admin's behalf (docs/architecture.md).
  ops: 'identity',
};

export const edgeRules: readonly EdgeRule[] = [
  { method: 'POST', path: /^\/auth\/sign-up$/, rateLimit: 'sign-up' },
  { method: 'POST', path: /^\/auth\/sign-in$/, rateLimit: 'sign-in' },
  // Sign-in's second step: codes are guessed like passwords, so they are limited like them (and backed off per account).
  { method: 'POST', path: /^\/auth\/two-factor\/verify$/, rateLimit: 'two-factor' },
  { method: 'POST', path: /^\/auth\/recover$/, rateLimit: 'recover' },
  // Join codes are short: codes that match no church are limited per address, so they cannot be guessed (docs/churches.md).
  { method: 'POST', path: /^\/churches\/join$/, rateLimit: 'church-join' },
  { method: 'POST', path: /^\/uploads$/, timeoutMs: UPLOAD_TIMEOUT_MS },
  { method: 'POST', path: /^\/member-imports$/, timeoutMs: UPLOAD_TIMEOUT_MS },
  // The moderation preview streams a whole file; an AI insight may wait on the configured assistant.
  { method: 'GET', path: /^\/moderation\/resources\/[^/]+\/file$/, timeoutMs: 60_000 },
  { method: 'POST', path: /^\/journal\/entries\/[^/]+\/insight$/, timeoutMs: 15_000 },
];

export interface EdgeRoute {
  service: ServiceName;
  /** The path and query to ask the service for: the incoming ones without `/api`, bytes unchanged. */
  servicePath: string;
  rule?: EdgeRule;
}

const decoded = (path: string): string => {
  try {
    return decodeURIComponent(path);
  } catch {
    return path;
  }
};

/** The service and edge rule of a public URL (`/api/…`), or undefined when no service serves it. */
export const routeOf = (method: string, url: string): EdgeRoute | undefined => {
  const match = /^\/api(\/[^?]*)(\?.*)?$/.exec(url);
  if (!match) return undefined;
  const [, path, query = ''] = match;
  const service = serviceOfSegment[decoded(path.split('/')[1] ?? '')];
  if (!service) return undefined;
  const plain = decoded(path);
  const rule = edgeRules.find((r) => r.method === method && r.path.test(plain));
  return { service, servicePath: path + query, rule };
};
