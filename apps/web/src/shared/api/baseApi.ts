import {
  createApi,
  fetchBaseQuery,
  type BaseQueryFn,
  type FetchArgs,
  type FetchBaseQueryError,
  type FetchBaseQueryMeta,
} from '@reduxjs/toolkit/query/react';
import { selectAccessToken, sessionEvent, signedOut, type AuthState } from '../session/authSlice';
import { refreshSession } from '../session/session-client';
import { reportReachable } from '../offline/connectivity';
import { keepingReadsOffline, type ReadingMember } from '../offline/offline-reads';
import { fetchWithEarlyAnswers } from './early-answers';
import { cacheTagTypes } from './generated/cache-tags';
import { withIdempotencyKey } from './idempotency-keys';
import { withWriteQueue } from './write-queue-enqueue';
import { indexedDbWriteQueue } from '../offline/write-queue-store';

type StateWithAuth = { auth: AuthState };

/** A profile fetch is aborted after 10 s; the same bound keeps every call from hanging. */
export const REQUEST_TIMEOUT_MS = 10_000;

const rawBaseQuery = fetchBaseQuery({
  // The public prefix: the generated endpoints' paths are relative to it (tools/api-client/render-client.ts).
  baseUrl: '/api',
  credentials: 'include',
  timeout: REQUEST_TIMEOUT_MS,
  // The first page's reads may already have been asked for by index.html (early-answers.ts).
  fetchFn: fetchWithEarlyAnswers,
  prepareHeaders: (headers, { getState }) => {
    const token = selectAccessToken(getState() as StateWithAuth);
    if (token && !headers.has('Authorization')) headers.set('Authorization', `Bearer ${token}`);
    headers.set('Accept', 'application/json, application/problem+json');
    return headers;
  },
});

/** Every request tells the connectivity tracker whether it reached the server (a network error says offline). */
const sendAndReport: typeof rawBaseQuery = async (args, api, extraOptions) => {
  const result = await rawBaseQuery(args, api, extraOptions);
  if (result.error?.status === 'FETCH_ERROR') reportReachable(false);
  else if (result.meta?.response) reportReachable(true);
  return result;
};

const urlOf = (args: string | FetchArgs) => (typeof args === 'string' ? args : args.url);
/** Sign-in, sign-up and friends answer 401 for wrong credentials; that is not an expired session. */
const isAuthCall = (args: string | FetchArgs) => urlOf(args).startsWith('/auth/') && urlOf(args) !== '/auth/me';

/**
 * A 401 on a call that carried a token means the access token expired early (a sleeping laptop):
 * refresh once and retry; only if identity says the session is really gone (its 401), sign out so the guards send
 * the user to /login. While the API is away the refresh waits and retries (shared/session/session-client.ts). A write carries one
 * Idempotency-Key across both tries.
 */
const baseQueryWithSession: BaseQueryFn<string | FetchArgs, unknown, FetchBaseQueryError, object, FetchBaseQueryMeta> = async (
  logicalArgs,
  api,
  extraOptions,
) => {
  const args = withIdempotencyKey(logicalArgs);
  const token = selectAccessToken(api.getState() as StateWithAuth);
  const result = await sendAndReport(args, api, extraOptions);
  if (!token || result.error?.status !== 401 || isAuthCall(args)) return result;

  const outcome = await refreshSession();
  if (outcome.kind !== 'refreshed') {
    if (outcome.kind === 'no-session') api.dispatch(signedOut());
    return result;
  }
  api.dispatch(sessionEvent({ type: 'TOKEN_REFRESHED', session: outcome.session }));
  return sendAndReport(args, api, extraOptions);
};

const readingMemberOf = (state: unknown): ReadingMember | null => {
  const { session, offline } = (state as StateWithAuth).auth;
  return session ? { id: session.user.id, offline } : null;
};

/**
 * The one API slice. Its endpoints are generated from the API document (./generated/abideApi.ts, `npm run api:client`);
 * their answers' schemas and cache tags are generated beside them, one module per API tag (./generated/endpoints), which
 * a feature's api module builds on with what is its own (optimistic updates, downloads) through `enhanceEndpoints`.
 * Data never goes stale, no refetch on focus or reconnect, no polling unless an endpoint asks.
 */
export const baseApi = createApi({
  reducerPath: 'api',
  // A member's reads of My Plan, Habits and Journal are kept on the device and shown with no connection; writes made
  // offline wait in the member's queue (shared/offline/write-queue*).
  baseQuery: withWriteQueue(keepingReadsOffline(baseQueryWithSession, readingMemberOf), indexedDbWriteQueue),
  // Every tag a route declares (`@CacheTags`), so each feature's endpoints may name any of them.
  tagTypes: cacheTagTypes,
  keepUnusedDataFor: Infinity,
  refetchOnFocus: false,
  refetchOnReconnect: false,
  refetchOnMountOrArgChange: false,
  catchSchemaFailure: (error) => ({
    status: 'CUSTOM_ERROR' as const,
    error: 'The server sent a response this version of Abide does not understand.',
    data: error.issues,
  }),
  endpoints: () => ({}),
});
