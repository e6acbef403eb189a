import type { BaseQueryFn, FetchArgs, FetchBaseQueryError, FetchBaseQueryMeta } from '@reduxjs/toolkit/query/react';
import { withIdempotencyKey } from './idempotency-keys';
import { QUEUED } from './queued-answer';
import { isOnline } from '../offline/connectivity';
import type { StoredRequest, WriteQueueStore } from '../offline/write-queue';
import { queueableWrite } from '../offline/write-queue-registry';
import { writeQueued, type WriteQueueState } from '../offline/write-queue-slice';

type Query = BaseQueryFn<string | FetchArgs, unknown, FetchBaseQueryError, object, FetchBaseQueryMeta>;
type QueueAwareState = { auth: { session: { user: { id: string } } | null }; writeQueue: WriteQueueState };

/** No answer came: the request may not have reached the server (or its answer was lost); its key makes a repeat safe. */
const reachedNoOne = (error: FetchBaseQueryError | undefined) => error?.status === 'FETCH_ERROR' || error?.status === 'TIMEOUT_ERROR';

const stored = (args: FetchArgs): StoredRequest => ({
  url: args.url,
  method: (args.method ?? 'GET').toUpperCase(),
  body: args.body as unknown,
  // Header names as Headers gives them (lower case): the Idempotency-Key among them.
  headers: Object.fromEntries(new Headers(args.headers as HeadersInit | undefined)),
});

/**
 * The base query around the session's: a write of a queueable endpoint (habits, plan, journal register theirs) made
 * offline, failing on the network, or made while earlier writes still wait (so it never overtakes them), is kept in
 * the member's queue with its Idempotency-Key and answered with QUEUED at once; the page shows it pending and the
 * queue sends it when it can (shared/store/write-queue-sync.ts). Everything else goes straight through.
 */
export const withWriteQueue =
  (baseQuery: Query, store: WriteQueueStore): Query =>
  async (args, api, extraOptions) => {
    const queueable = queueableWrite(api.endpoint);
    if (!queueable || typeof args === 'string') return baseQuery(args, api, extraOptions);
    const keyed = withIdempotencyKey(args) as FetchArgs;
    const state = api.getState() as QueueAwareState;
    const memberId = state.auth.session?.user.id ?? state.writeQueue.memberId;
    if (!memberId) return baseQuery(keyed, api, extraOptions);

    const waiting = state.writeQueue.memberId === memberId && state.writeQueue.pending.length > 0;
    if (isOnline() && !waiting) {
      const result = await baseQuery(keyed, api, extraOptions);
      if (!reachedNoOne(result.error)) return result;
    }
    const request = stored(keyed);
    const write = await store.add({
      memberId,
      endpoint: api.endpoint,
      request,
      ...queueable.describe(request, api.getState()),
      createdAt: new Date().toISOString(),
      attempts: 0,
    });
    api.dispatch(writeQueued(write));
    return { data: QUEUED };
  };
