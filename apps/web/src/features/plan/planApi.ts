import type { FetchBaseQueryError } from '@reduxjs/toolkit/query';
import type { SpiritualPlanDto } from '../../shared/api/generated/abideApi';
import { plansCurrentResponse, plansEndpoints } from '../../shared/api/generated/endpoints/plans';
import { requestOf } from '../../shared/api/generated-request';
import { showAtOnce } from '../../shared/api/optimistic-changes';
// Offline: an activity checked off waits for the connection and shows checked meanwhile.
import './plan-offline';

const readCurrentPlan = requestOf('plansCurrent');

/**
 * My Plan's plan: GET /spiritual-plans/current, then POST when it is missing. Its own endpoint because its answer is
 * not either operation's: `null` is "no plan yet" (onboarding unfinished; the empty state), not an error.
 */
const withCurrentPlan = plansEndpoints.injectEndpoints({
  endpoints: (build) => ({
    currentPlan: build.query<SpiritualPlanDto | null, void>({
      // One read; when this week's plan does not exist yet (a new member's first visit, a new week), one POST makes
      // it, waiting on the server for the onboarding answers: the first render shows the plan, no polling.
      queryFn: async (_arg, { dispatch }, _extraOptions, baseQuery) => {
        let result: { data?: unknown; error?: unknown } = await baseQuery(readCurrentPlan());
        if ((result.error as FetchBaseQueryError | undefined)?.status === 404) {
          result = await dispatch(plansEndpoints.endpoints.plansEnsureCurrent.initiate(undefined, { track: false }));
          // The stats may have been read while there was no plan yet (0/0): read them again.
          if (!result.error) dispatch(plansEndpoints.util.invalidateTags(['Stats']));
        }
        const error = result.error as FetchBaseQueryError | undefined;
        if (error) return error.status === 404 ? { data: null } : { error };
        const parsed = plansCurrentResponse.safeParse(result.data);
        return parsed.success
          ? { data: parsed.data }
          : { error: { status: 'CUSTOM_ERROR', error: 'Unexpected plan shape', data: parsed.error.issues } };
      },
      providesTags: ['Plan'],
    }),
  }),
});

const planApi = withCurrentPlan.enhanceEndpoints({
  endpoints: {
    plansToggle: {
      async onQueryStarted({ activityId, toggleActivityDto: { completed } }, { dispatch, queryFulfilled }) {
        // The check shows at once, and stays in a plan read already on its way; a failure puts it back.
        await showAtOnce(
          { endpoint: 'currentPlan', arg: undefined },
          (plan: SpiritualPlanDto | null) => {
            for (const day of plan?.planData.dailyActivities ?? []) {
              for (const activity of day.activities) if (activity.id === activityId) activity.completed = completed;
            }
          },
          (recipe) => dispatch(withCurrentPlan.util.updateQueryData('currentPlan', undefined, recipe)),
          queryFulfilled,
        );
      },
    },
    plansCatchUp: {
      async onQueryStarted(_arg, { dispatch, queryFulfilled }) {
        try {
          const { data } = await queryFulfilled;
          dispatch(withCurrentPlan.util.upsertQueryData('currentPlan', undefined, data.plan));
        } catch {
          // The card reports the failure.
        }
      },
    },
  },
});

export const {
  useCurrentPlanQuery,
  usePlansRegenerateMutation,
  usePlansUndoRegenerationMutation,
  usePlansToggleMutation,
  usePlansCatchUpMutation,
} = planApi;
