import { formationProfileSchema, type FormationProfile } from '@abide/contracts';
import type { FetchBaseQueryError } from '@reduxjs/toolkit/query';
import { baseApi } from '../../shared/api/baseApi';

/**
 * Formation builds the profile from identity's "user registered" event, so right after sign-up it
 * answers 404 for a moment. Ask again every 500 ms for up to 20 s before calling it a failure.
 */
export const PROFILE_POLL_INTERVAL_MS = 500;
export const PROFILE_WAIT_LIMIT_MS = 20_000;

const delay = (ms: number, signal: AbortSignal) =>
  new Promise<void>((resolve) => {
    const timer = window.setTimeout(resolve, ms);
    signal.addEventListener('abort', () => {
      window.clearTimeout(timer);
      resolve();
    });
  });

export const formationApi = baseApi.injectEndpoints({
  endpoints: (build) => ({
    getFormationProfile: build.query<FormationProfile, void>({
      async queryFn(_arg, { signal }, _extraOptions, baseQuery) {
        const deadline = Date.now() + PROFILE_WAIT_LIMIT_MS;
        for (;;) {
          const result = await baseQuery('/formation/profile');
          const stillBeingBuilt = result.error?.status === 404;
          if (!stillBeingBuilt || signal.aborted || Date.now() + PROFILE_POLL_INTERVAL_MS > deadline) {
            return result.error ? { error: result.error as FetchBaseQueryError } : { data: result.data as FormationProfile };
          }
          await delay(PROFILE_POLL_INTERVAL_MS, signal);
        }
      },
      responseSchema: formationProfileSchema,
      providesTags: ['FormationProfile'],
    }),
  }),
});

export const { useGetFormationProfileQuery } = formationApi;
