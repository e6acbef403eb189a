/**
 * The routes the web app calls outside RTK Query, each for a reason fetchBaseQuery cannot serve: the session refresh
 * (before the store exists, and from the base query itself), an upload with byte progress (XMLHttpRequest), a file
 * shown as a blob, the live stream (server-sent events, features/live). Paths are the API document's own; raw-routes.spec.ts fails when the document no longer has one.
 */
export const rawRoutes = {
  refreshSession: { method: 'POST', path: '/api/auth/refresh' },
  upload: { method: 'POST', path: '/api/uploads' },
  moderationFile: { method: 'GET', path: '/api/moderation/resources/{id}/file' },
  liveStream: { method: 'GET', path: '/api/live' },
} as const;

type RawRoute = (typeof rawRoutes)[keyof typeof rawRoutes];
type ParamsOf<Path extends string> = Path extends `${string}{${infer Name}}${infer Rest}` ? Name | ParamsOf<Rest> : never;

/** The URL of a raw route with its path parameters filled in (encoded). */
export const urlOf = <Route extends RawRoute>(route: Route, params: Record<ParamsOf<Route['path']>, string>): string =>
  route.path.replace(/\{(\w+)\}/g, (_match, name: string) => encodeURIComponent((params as Record<string, string>)[name]));
