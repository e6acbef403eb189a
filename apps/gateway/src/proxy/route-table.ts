export type ServiceName = 'identity' | 'formation' | 'library' | 'community';
export const serviceNames: readonly ServiceName[] = ['identity', 'formation', 'library', 'community'];

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

export interface EdgeRoute {
  service: ServiceName;
  /** The path and query to ask the service for: the incoming ones without `/api`, bytes unchanged. */
  servicePath: string;
  /**
   * The service's path decoded, without the query: what its edge policy is looked up by (proxy/edge-policies.ts), so
   * `/auth/sign%2Din` is limited as `/auth/sign-in` is.
   */
  plainPath: string;
}

const decoded = (path: string): string => {
  try {
    return decodeURIComponent(path);
  } catch {
    return path;
  }
};

/** The service of a public URL (`/api/…`) and the path to ask it for, or undefined when no service serves it. */
export const routeOf = (url: string): EdgeRoute | undefined => {
  const match = /^\/api(\/[^?]*)(\?.*)?$/.exec(url);
  if (!match) return undefined;
  const [, path, query = ''] = match;
  const service = serviceOfSegment[decoded(path.split('/')[1] ?? '')];
  if (!service) return undefined;
  return { service, servicePath: path + query, plainPath: decoded(path) };
};
