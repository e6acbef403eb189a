import type { BaseQueryApi, BaseQueryFn, FetchArgs, FetchBaseQueryError, FetchBaseQueryMeta } from '@reduxjs/toolkit/query';
import { useSyncExternalStore } from 'react';
import { loadRead, saveRead } from './read-cache';
import { onSignOut } from './sign-out-cleanup';

/**
 * The reads a member sees again with no connection: My Plan, Habits, the Journal list (which holds the entries it
 * shows), the scripture beside them, and the frame's profile and bell. Nothing else is kept.
 */
export const OFFLINE_READS: ReadonlySet<string> = new Set([
  'accountsMe',
  'currentPlan',
  'statsOverview',
  'habitsList',
  'habitsEntries',
  'habitsAnalytics',
  'habitsRestDays',
  'journalList',
  'journalGet',
  'journalStats',
  'journalPrompt',
  'scripturePassage',
  'notificationsList',
]);

/** Whose session the app holds; `offline` while it was opened from the last member's record with no token. */
export interface ReadingMember {
  id: string;
  offline: boolean;
}

type Result = Awaited<ReturnType<BaseQueryFn<string | FetchArgs, unknown, FetchBaseQueryError, object, FetchBaseQueryMeta>>>;
type BaseQuery = BaseQueryFn<string | FetchArgs, unknown, FetchBaseQueryError, object, FetchBaseQueryMeta>;

/** The record's key: the endpoint and the request it sent (path and sorted parameters). GET only. */
export function readKeyOf(endpoint: string, args: string | FetchArgs): string | null {
  const request = typeof args === 'string' ? { url: args } : args;
  if ((request.method ?? 'GET').toUpperCase() !== 'GET') return null;
  const params = Object.entries((request.params ?? {}) as Record<string, unknown>)
    .filter(([, value]) => value !== undefined)
    .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))
    .map(([name, value]) => `${encodeURIComponent(name)}=${encodeURIComponent(String(value))}`)
    .join('&');
  return `${endpoint} ${request.url}${params ? `?${params}` : ''}`;
}

/** The answer to a request made while the app was opened offline, when there is no copy to show. */
const OPENED_OFFLINE: FetchBaseQueryError = {
  status: 'FETCH_ERROR',
  error: 'You are offline, and this was not opened on this device before.',
};

/** A request that never reached the server (no network, or no answer in time): the kept answer may stand in. */
const unreachable = (result: Result) => result.error?.status === 'FETCH_ERROR' || result.error?.status === 'TIMEOUT_ERROR';

// ---- What the page shows was served from the browser's copy, and from when (per RTK Query cache entry). ----

interface Served {
  endpoint: string;
  fetchedAt: number;
}
const served = new Map<string, Served>();
const listeners = new Set<() => void>();
const changed = () => listeners.forEach((listener) => listener());

function markServed(queryCacheKey: string | undefined, entry: Served) {
  if (!queryCacheKey) return;
  const before = served.get(queryCacheKey);
  if (before?.fetchedAt === entry.fetchedAt && before.endpoint === entry.endpoint) return;
  served.set(queryCacheKey, entry);
  changed();
}

function markFresh(queryCacheKey: string | undefined) {
  if (queryCacheKey && served.delete(queryCacheKey)) changed();
}

/** The oldest "last updated" among these endpoints' entries now shown from the browser's copy, or null if none is. */
export function offlineSince(endpoints: readonly string[]): number | null {
  let oldest: number | null = null;
  for (const entry of served.values()) {
    if (endpoints.includes(entry.endpoint) && (oldest === null || entry.fetchedAt < oldest)) oldest = entry.fetchedAt;
  }
  return oldest;
}

const subscribe = (listener: () => void) => {
  listeners.add(listener);
  return () => {
    listeners.delete(listener);
  };
};

/** Re-renders when one of these endpoints starts or stops being shown from the browser's copy. */
export function useOfflineSince(endpoints: readonly string[]): number | null {
  return useSyncExternalStore(
    subscribe,
    () => offlineSince(endpoints),
    () => null,
  );
}

/** The RTK Query cache entries now shown from the browser's copy (to read again once the API answers). */
export const servedFromCopy = (): string[] => [...served.keys()];

onSignOut(() => {
  if (served.size === 0) return;
  served.clear();
  changed();
});

/**
 * Wraps the API's base query: every answer to one of OFFLINE_READS is kept in IndexedDB for the member who read it,
 * and served back when the request cannot reach the server, or at once while the session was opened offline (there is
 * no token to send). The key always starts with the member's id: a shared browser never shows one member another's copy.
 */
export function keepingReadsOffline(baseQuery: BaseQuery, memberOf: (state: unknown) => ReadingMember | null, now = Date.now): BaseQuery {
  return async (args, api: BaseQueryApi, extraOptions) => {
    const member = memberOf(api.getState());
    const readKey = member && OFFLINE_READS.has(api.endpoint) ? readKeyOf(api.endpoint, args) : null;
    // Opened offline, nothing goes to the network: without a token the API would only refuse it.
    if (member?.offline && !readKey) return { error: OPENED_OFFLINE };
    if (!member || !readKey) return baseQuery(args, api, extraOptions);

    const fromCopy = async (otherwise: Result): Promise<Result> => {
      const kept = await loadRead(member.id, readKey).catch(() => undefined);
      if (!kept) return otherwise;
      markServed(api.queryCacheKey, { endpoint: api.endpoint, fetchedAt: kept.fetchedAt });
      return { data: kept.data };
    };

    if (member.offline) return fromCopy({ error: OPENED_OFFLINE });
    const result = await baseQuery(args, api, extraOptions);
    if (result.data !== undefined) {
      markFresh(api.queryCacheKey);
      // Kept only while the same member is still signed in: an answer landing after a sign-out is dropped. Awaited
      // (a few ms), so what a page shows is on the device by the time it shows.
      if (memberOf(api.getState())?.id === member.id) {
        await saveRead({ memberId: member.id, readKey, data: result.data, fetchedAt: now() }).catch((error: unknown) =>
          console.error('Keeping a read for offline use failed', error),
        );
      }
      return result;
    }
    return unreachable(result) ? fromCopy(result) : result;
  };
}
