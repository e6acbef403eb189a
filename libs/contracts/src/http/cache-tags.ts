/**
 * What a route does to the web app's query cache, declared on the route itself (the `@CacheTags` decorator of
 * @abide/platform) and carried by the services' OpenAPI documents under this extension. `npm run api:client` turns it
 * into the generated endpoints' `providesTags`/`invalidatesTags` (docs/api.md), so what refreshes after what is read
 * where the route is written.
 */
export const CACHE_TAGS_EXTENSION = 'x-abide-cache';

/**
 * A cache tag: a name for a list or view the web app keeps (`'MyGroups'`), or one item of it, identified by one of the
 * operation's parameters (`{ type: 'Group', idParam: 'id' }`: the group whose id is the route's `id`).
 */
export type CacheTag = string | { type: string; idParam: string };

export interface CacheTagsDeclaration {
  /** What a read's answer is cached as. */
  provides?: readonly CacheTag[];
  /** What a write makes stale: every cached read that provides one of these is read again. */
  invalidates?: readonly CacheTag[];
  /** Only a write that succeeded makes them stale (by default a refused one does too: it may have changed something). */
  onlyOnSuccess?: boolean;
}
