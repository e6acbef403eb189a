// Deep imports of @abide/contracts on a member's first page: the barrel would build every schema of every service
// at load (zod), where this page needs a few (issue #12).
import type { FormationStats, SpiritualPlan } from '@abide/contracts';
import { catchUpResponseSchema, formationStatsSchema, spiritualPlanSchema } from '@abide/contracts/src/http/formation.dto';
import type { z } from 'zod';
import type { FetchBaseQueryError } from '@reduxjs/toolkit/query';
import { baseApi } from '../../shared/api/baseApi';

/** The plan query's answer: `null` is "no plan yet" (the empty state), not an error. */
export type CurrentPlan = SpiritualPlan | null;
export type CatchUpResult = z.infer<typeof catchUpResponseSchema>;

export const planApi = baseApi.enhanceEndpoints({ addTagTypes: ['Plan', 'Stats'] }).injectEndpoints({
  endpoints: (build) => ({
    getCurrentPlan: build.query<CurrentPlan, void>({
      // One read; when this week's plan does not exist yet (a new member's first visit, a new week), one POST makes
      // it, waiting on the server for the onboarding answers: the first render shows the plan, no polling.
      async queryFn(_arg, { dispatch }, _extraOptions, baseQuery) {
        let result = await baseQuery('/spiritual-plans/current');
        if (result.error?.status === 404) {
          result = await baseQuery({ url: '/spiritual-plans/current', method: 'POST' });
          // The stats may have been read while there was no plan yet (0/0): read them again.
          if (!result.error) dispatch(baseApi.util.invalidateTags(['Stats' as never])); // 'Stats' is added to the tag types just below
        }
        if (result.error) return result.error.status === 404 ? { data: null } : { error: result.error as FetchBaseQueryError };
        const parsed = spiritualPlanSchema.safeParse(result.data);
        return parsed.success
          ? { data: parsed.data }
          : { error: { status: 'CUSTOM_ERROR', error: 'Unexpected plan shape', data: parsed.error.issues } };
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
