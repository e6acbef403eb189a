import type { ThunkDispatch, UnknownAction } from '@reduxjs/toolkit';
import { baseApi } from '../api/baseApi';
import { isOnline } from '../offline/connectivity';
import { servedFromCopy } from '../offline/offline-reads';

interface State {
  auth: { session: unknown; offline: boolean };
  api: ReturnType<typeof baseApi.reducer>;
}

type Initiate = (arg: unknown, options: { subscribe: boolean; forceRefetch: boolean }) => (...thunk: never[]) => unknown;

/**
 * Once the API can be reached with a real session, every page's data that was shown from the browser's copy, or could
 * not be read for want of a connection, is read again (nothing else would: data never goes stale here), and the
 * "Offline — last updated" mark goes with the answer.
 */
export function readAgainWhatWasServedFromCopy(dispatch: ThunkDispatch<unknown, unknown, UnknownAction>, state: State): void {
  if (!state.auth.session || state.auth.offline || !isOnline()) return;
  const endpoints = baseApi.endpoints as unknown as Record<string, { initiate: Initiate } | undefined>;
  // What was shown from the copy, and what failed for want of a connection.
  const failedOffline = Object.entries(state.api.queries)
    .filter(([, entry]) => entry?.status === 'rejected' && (entry.error as { status?: unknown } | undefined)?.status === 'FETCH_ERROR')
    .map(([key]) => key);
  for (const queryCacheKey of new Set([...servedFromCopy(), ...failedOffline])) {
    const entry = state.api.queries[queryCacheKey];
    const endpoint = entry?.endpointName ? endpoints[entry.endpointName] : undefined;
    if (!entry || !endpoint) continue;
    dispatch(endpoint.initiate(entry.originalArgs, { subscribe: false, forceRefetch: true }) as never);
  }
}
