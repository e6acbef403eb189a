import { opsEndpoints } from '../../shared/api/generated/endpoints/ops';

/** The live figures (charts, health) are asked again this often while the page is open. */
export const LIVE_POLL_MS = 5_000;
/** The failed-job and dead-letter lists change rarely and cost each service a look at Redis or its database. */
export const LIST_POLL_MS = 15_000;

export const opsApi = opsEndpoints.enhanceEndpoints({
  endpoints: {
    // Each chart window is asked once: the next poll asks a later window, so an old one is never read again.
    opsPrometheusQueryRange: { keepUnusedDataFor: 0 },
  },
});

export const {
  useOpsHealthQuery,
  useOpsFailedJobsQuery,
  useOpsRetryFailedJobMutation,
  useOpsDeadLettersQuery,
  useOpsReplayDeadLetterMutation,
  useOpsPrometheusQueryRangeQuery,
} = opsApi;
