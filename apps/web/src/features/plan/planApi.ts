import {
  catchUpResponseSchema,
  formationStatsSchema,
  spiritualPlanSchema,
  type FormationStats,
  type SpiritualPlan,
} from '@abide/contracts';
import type { z } from 'zod';
import type { FetchBaseQueryError } from '@reduxjs/toolkit/query';
import { baseApi } from '../../shared/api/baseApi';

/**
 * Formation writes the first plan when it hears that onboarding finished, so for a moment after
 * onboarding the current plan is still 404. Ask again for a few seconds before showing the empty state.
 */
export const PLAN_POLL_INTERVAL_MS = 750;
export const PLAN_WAIT_LIMIT_MS = 8_000;

const delay = (ms: number, signal: AbortSignal) =>
  new Promise<void>((resolve) => {
    const timer = window.setTimeout(resolve, ms);
    signal.addEventListener(
      'abort',
      () => {
        window.clearTimeout(timer);
        resolve();
      },
      { once: true },
    );
  });

/** The plan query's answer: `null` is "no plan yet" (the empty state), not an error. */
export type CurrentPlan = SpiritualPlan | null;
export type CatchUpResult = z.infer<typeof catchUpResponseSchema>;

export const planApi = baseApi.enhanceEndpoints({ addTagTypes: ['Plan', 'Stats'] }).injectEndpoints({
  endpoints: (build) => ({
    getCurrentPlan: build.query<CurrentPlan, void>({
      async queryFn(_arg, { signal, dispatch }, _extraOptions, baseQuery) {
        const deadline = Date.now() + PLAN_WAIT_LIMIT_MS;
        for (let waited = false; ; waited = true) {
          const result = await baseQuery('/spiritual-plans/current');
          if (!result.error) {
            // The stats were read while there was no plan yet (0/0): read them again now that it exists.
            if (waited) dispatch(baseApi.util.invalidateTags(['Stats' as never])); // 'Stats' is added to the tag types just below
            const parsed = spiritualPlanSchema.safeParse(result.data);
            return parsed.success
              ? { data: parsed.data }
              : { error: { status: 'CUSTOM_ERROR', error: 'Unexpected plan shape', data: parsed.error.issues } };
          }
          if (result.error.status !== 404) return { error: result.error as FetchBaseQueryError };
          if (signal.aborted || Date.now() + PLAN_POLL_INTERVAL_MS > deadline) return { data: null };
          await delay(PLAN_POLL_INTERVAL_MS, signal);
        }
      },
      providesTags: ['Plan'],
    }),
    regeneratePlan: build.mutation<void, void>({
      query: () => ({ url: '/spiritual-plans/regenerate', method: 'POST' }),
      invalidatesTags: ['Plan', 'Stats'],
    }),
    toggleActivity: build.mutation<void, { activityId: string; completed: boolean }>({
      query: ({ activityId, completed }) => ({
        url: `/spiritual-plans/current/activities/${encodeURIComponent(activityId)}/toggle`,
        method: 'POST',
        body: { completed },
      }),
      async onQueryStarted({ activityId, completed }, { dispatch, queryFulfilled }) {
        // The check shows at once; a failure puts it back.
        const patch = dispatch(
          planApi.util.updateQueryData('getCurrentPlan', undefined, (plan) => {
            for (const day of plan?.planData.dailyActivities ?? []) {
              for (const activity of day.activities) if (activity.id === activityId) activity.completed = completed;
            }
          }),
        );
        try {
          await queryFulfilled;
        } catch {
          patch.undo();
        }
      },
      invalidatesTags: ['Stats'],
    }),
    catchUp: build.mutation<CatchUpResult, void>({
      query: () => ({ url: '/spiritual-plans/current/catch-up', method: 'POST' }),
      responseSchema: catchUpResponseSchema,
      async onQueryStarted(_arg, { dispatch, queryFulfilled }) {
        try {
          const { data } = await queryFulfilled;
          dispatch(planApi.util.upsertQueryData('getCurrentPlan', undefined, data.plan));
        } catch {
          // The card reports the failure.
        }
      },
      invalidatesTags: ['Stats'],
    }),
    getStatsOverview: build.query<FormationStats, void>({
      query: () => '/stats/overview',
      responseSchema: formationStatsSchema,
      providesTags: ['Stats'],
    }),
  }),
});

export const {
  useGetCurrentPlanQuery,
  useRegeneratePlanMutation,
  useToggleActivityMutation,
  useCatchUpMutation,
  useGetStatsOverviewQuery,
} = planApi;
