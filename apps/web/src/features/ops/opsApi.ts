import { deadLettersSchema, failedJobsSchema, opsHealthSchema, prometheusResponseSchema } from '@abide/contracts';
import { abideApi } from '../../shared/api/generated/abideApi';
import { checkedBy } from '../../shared/api/response-schema';

/** The live figures (charts, health) are asked again this often while the page is open. */
export const LIVE_POLL_MS = 5_000;
/** The failed-job and dead-letter lists change rarely and cost each service a look at Redis or its database. */
export const LIST_POLL_MS = 15_000;

export const opsApi = abideApi.enhanceEndpoints({
  addTagTypes: ['OpsHealth', 'OpsFailedJobs', 'OpsDeadLetters'],
  endpoints: {
    opsHealth: { responseSchema: checkedBy(opsHealthSchema), providesTags: ['OpsHealth'] },
    opsFailedJobs: { responseSchema: checkedBy(failedJobsSchema), providesTags: ['OpsFailedJobs'] },
    // A retried job waits or runs: it leaves the failed list, and the queue-depth chart moves.
    opsRetryFailedJob: { invalidatesTags: ['OpsFailedJobs'] },
    opsDeadLetters: { responseSchema: checkedBy(deadLettersSchema), providesTags: ['OpsDeadLetters'] },
    opsReplayDeadLetter: { invalidatesTags: ['OpsDeadLetters'] },
    // Each chart window is asked once: the next poll asks a later window, so an old one is never read again.
    opsPrometheusQueryRange: { responseSchema: checkedBy(prometheusResponseSchema), keepUnusedDataFor: 0 },
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
