import { createApi, fetchBaseQuery, type BaseQueryFn, type FetchArgs, type FetchBaseQueryError } from '@reduxjs/toolkit/query/react';
import { selectAccessToken, selectIsSignedIn, signedOut, type AuthState } from '../../features/auth/authSlice';

type StateWithAuth = { auth: AuthState };

/** Spec §9: a profile fetch is aborted after 10 s; the same bound keeps every call from hanging. */
const REQUEST_TIMEOUT_MS = 10_000;

const rawBaseQuery = fetchBaseQuery({
  baseUrl: '/api',
  credentials: 'include',
  timeout: REQUEST_TIMEOUT_MS,
  prepareHeaders: (headers, { getState }) => {
    const token = selectAccessToken(getState() as StateWithAuth);
    if (token && !headers.has('Authorization')) headers.set('Authorization', `Bearer ${token}`);
    headers.set('Accept', 'application/json, application/problem+json');
    return headers;
  },
});

/** A 401 on a call that carried a token means the session is gone: forget it so the guards send the user to /login. */
const baseQueryWithSession: BaseQueryFn<string | FetchArgs, unknown, FetchBaseQueryError> = async (args, api, extraOptions) => {
  const hadToken = selectIsSignedIn(api.getState() as StateWithAuth);
  const result = await rawBaseQuery(args, api, extraOptions);
  if (hadToken && result.error?.status === 401) api.dispatch(signedOut());
  return result;
};

/**
 * The one API slice; features add endpoints with `injectEndpoints`.
 * Spec §9: data never goes stale, no refetch on focus or reconnect, no polling unless an endpoint asks.
 */
export const baseApi = createApi({
  reducerPath: 'api',
  baseQuery: baseQueryWithSession,
  tagTypes: ['FormationProfile'],
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
