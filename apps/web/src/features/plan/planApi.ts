// Deep imports of @abide/contracts on a member's first page: the barrel would build every schema of every service
// at load (zod), where this page needs a few (issue #12).
import type { FormationStats, SpiritualPlan } from '@abide/contracts';
import { catchUpResponseSchema, formationStatsSchema, spiritualPlanSchema } from '@abide/contracts/src/http/formation.dto';
import type { FetchBaseQueryError } from '@reduxjs/toolkit/query';
import type { z } from 'zod';
import { abideApi } from '../../shared/api/generated/abideApi';
import { checkedBy, type ResultTypes } from '../../shared/api/response-schema';

/** The plan query's answer: `null` is "no plan yet" (the empty state), not an error. */
export type CurrentPlan = SpiritualPlan | null;
export type CatchUpResult = z.infer<typeof catchUpResponseSchema>;

export const planApi = abideApi.enhanceEndpoints<
  'Plan' | 'Stats',
  ResultTypes<typeof abideApi, { plansCurrent: CurrentPlan; plansCatchUp: CatchUpResult; statsOverview: FormationStats }>
>({
  addTagTypes: ['Plan', 'Stats'],
  endpoints: {
    plansCurrent: (definition) => {
      const read = definition.query!;
      // One read; when this week's plan does not exist yet (a new member's first visit, a new week), one POST makes
      // it, waiting on the server for the onboarding answers: the first render shows the plan, no polling.
      Object.assign(definition, { query: undefined });
      definition.queryFn = async (arg, { dispatch }, _extraOptions, baseQuery) => {
        let result: { data?: unknown; error?: unknown } = await baseQuery(read(arg));
        if ((result.error as FetchBaseQueryError | undefined)?.status === 404) {
          result = await dispatch(planApi.endpoints.plansEnsureCurrent.initiate(undefined, { track: false }));
          // The stats may have been read while there was no plan yet (0/0): read them again.
          if (!result.error) dispatch(planApi.util.invalidateTags(['Stats']));
        }
        const error = result.error as FetchBaseQueryError | undefined;
        if (error) return error.status === 404 ? { data: null } : { error };
        const parsed = spiritualPlanSchema.safeParse(result.data);
        return parsed.success
          ? { data: parsed.data }
          : { error: { status: 'CUSTOM_ERROR', error: 'Unexpected plan shape', data: parsed.error.issues } };
      };
      definition.providesTags = ['Plan'];
    },
    plansRegenerate: { invalidatesTags: ['Plan', 'Stats'] },
    plansToggle: {
      async onQueryStarted({ activityId, toggleActivityDto: { completed } }, { dispatch, queryFulfilled }) {
        // The check shows at once; a failure puts it back.
        const patch = dispatch(
          planApi.util.updateQueryData('plansCurrent', undefined, (plan) => {
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
    },
    plansCatchUp: {
      responseSchema: checkedBy(catchUpResponseSchema),
      async onQueryStarted(_arg, { dispatch, queryFulfilled }) {
        try {
          const { data } = await queryFulfilled;
          dispatch(planApi.util.upsertQueryData('plansCurrent', undefined, data.plan));
        } catch {
          // The card reports the failure.
        }
      },
      invalidatesTags: ['Stats'],
    },
    statsOverview: { responseSchema: checkedBy(formationStatsSchema), providesTags: ['Stats'] },
  },
});

export const { usePlansCurrentQuery, usePlansRegenerateMutation, usePlansToggleMutation, usePlansCatchUpMutation, useStatsOverviewQuery } =
  planApi;
