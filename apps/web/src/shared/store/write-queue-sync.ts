import type { ListenerMiddlewareInstance, ThunkDispatch, UnknownAction } from '@reduxjs/toolkit';
import { sessionEvent, type AuthState } from '../session/authSlice';
import { baseApi } from '../api/baseApi';
import { isOnline, subscribeConnectivity } from '../offline/connectivity';
import { lastMember } from '../offline/offline-member';
import { onSignOut } from '../offline/sign-out-cleanup';
import { drainQueue, retryDelayMs, type QueuedWrite, type SendResult, type StoredRequest, type WriteQueueStore } from '../offline/write-queue';
import { overlaidEndpoints, pendingOverlay } from '../offline/write-queue-registry';
import { queueForgotten, queueLoaded, syncProgressed, writeFinished, writeQueued, type WriteQueueState } from '../offline/write-queue-slice';
import { indexedDbWriteQueue } from '../offline/write-queue-store';

type State = { auth: AuthState; writeQueue: WriteQueueState; [baseApi.reducerPath]: ReturnType<typeof baseApi.reducer> };
type Dispatch = ThunkDispatch<State, unknown, UnknownAction>;
interface StoreLike {
  getState(): State;
  dispatch: Dispatch;
}

/** Sends one stored request through the app's base query (the session's token, its refresh on a 401). */
const replay = baseApi.injectEndpoints({
  endpoints: (build) => ({
    replayQueuedWrite: build.mutation<unknown, StoredRequest>({
      queryFn: async (request, _api, _extra, baseQuery) => {
        const result = await baseQuery(request);
        return result.error ? { error: result.error } : { data: result.data ?? null };
      },
    }),
  }),
});

/** Every cached read a feature shows waiting writes in, with its argument. */
const overlaidQueries = (state: State) =>
  Object.values(state[baseApi.reducerPath].queries).filter(
    (entry) => entry?.status === 'fulfilled' && entry.data !== undefined && overlaidEndpoints().includes(entry.endpointName),
  );

/** Shows the waiting writes in one cached read. */
const overlay = (dispatch: Dispatch, endpoint: string, queryArg: unknown, pending: readonly QueuedWrite[]) => {
  const apply = pendingOverlay(endpoint);
  if (!apply || pending.length === 0) return;
  // The endpoint comes from the cache itself, so its name and argument match; the util's types know no endpoint here.
  const update = baseApi.util.updateQueryData as unknown as (
    name: string,
    arg: unknown,
    recipe: (draft: unknown) => void,
  ) => Parameters<Dispatch>[0];
  dispatch(update(endpoint, queryArg, (draft) => apply(draft, pending, queryArg)));
};

const overlayAll = ({ getState, dispatch }: StoreLike) => {
  const { pending } = getState().writeQueue;
  for (const entry of overlaidQueries(getState()))
    if (entry?.endpointName) overlay(dispatch, entry.endpointName, entry.originalArgs, pending);
};

/** The reads a finished write changes: read again, so the pages show the server's truth instead of the overlay. */
const refresh = (dispatch: Dispatch, writes: readonly QueuedWrite[]) => {
  const tags = [...new Set(writes.flatMap((write) => write.tags))];
  if (tags.length) dispatch(baseApi.util.invalidateTags(tags as never[]));
};

/** The browser knows it has no network at all (navigator.onLine; none outside a browser, as in the specs). */
const browserOffline = () => typeof navigator !== 'undefined' && navigator.onLine === false;

/** One pass at a time per tab; tabs share the queue through a Web Lock, and a repeat sent by two is answered once. */
const exclusively = <T>(work: () => Promise<T>): Promise<T> =>
  typeof navigator !== 'undefined' && navigator.locks ? (navigator.locks.request('abide-write-queue', () => work()) as Promise<T>) : work();

/**
 * Keeps the member's queue in step with the app: reads it on start (the last member, so an offline reload shows
 * what waits) and on sign-in, shows its writes in the pages' cached reads (a read landing later shows them through
 * write-queue-overlay.ts), sends it whenever the connection and the
 * session are there (back online, a sign-in, a refreshed token, after a backoff), and forgets it from the screen on
 * sign-out (and the stored queue with them). Sending is drainQueue's (write-queue.ts); the storage is IndexedDB.
 */
export function startWriteQueueSync(
  listeners: ListenerMiddlewareInstance,
  store: StoreLike,
  queue: WriteQueueStore = indexedDbWriteQueue,
): () => void {
  let draining = false;
  let again = false;
  let timer: ReturnType<typeof setTimeout> | undefined;

  const load = async (memberId: string) => {
    const pending = await queue.list(memberId);
    store.dispatch(queueLoaded({ memberId, pending }));
    overlayAll(store);
  };

  const send = async (request: StoredRequest): Promise<SendResult> => {
    const result = await store.dispatch(replay.endpoints.replayQueuedWrite.initiate(request, { track: false }));
    return 'error' in result ? { error: result.error as SendResult['error'] } : { data: result.data };
  };

  /** One timer at a time: a backoff, or the first try after a write was queued while online. */
  const schedule = (ms: number) => {
    if (timer !== undefined) return;
    timer = setTimeout(() => {
      timer = undefined;
      void drain();
    }, ms);
  };

  const drain = async (): Promise<void> => {
    const { auth, writeQueue } = store.getState();
    const memberId = writeQueue.memberId;
    // Only with a real session (an offline start's has no token) of the member whose writes they are, and not while
    // the browser knows it has no network (sending is the probe otherwise: connectivity's "unreachable" ends only
    // with a request that reached the server).
    const signedInAs = auth.session?.accessToken ? auth.session.user.id : null;
    if (!memberId || writeQueue.pending.length === 0 || signedInAs !== memberId || browserOffline()) return;
    if (draining) {
      again = true;
      return;
    }
    draining = true;
    clearTimeout(timer);
    timer = undefined;
    try {
      const report = await exclusively(() => drainQueue(queue, memberId, send, (finished) => store.dispatch(writeFinished(finished))));
      store.dispatch(syncProgressed({ memberId, pending: await queue.list(memberId), messages: report.messages }));
      refresh(store.dispatch, [...report.sent, ...report.dropped]);
      overlayAll(store);
      if (report.stopped === 'retry' && report.waiting) schedule(retryDelayMs(report.waiting.attempts));
    } finally {
      draining = false;
    }
    if (again) {
      again = false;
      void drain();
    }
  };

  const unsubscribers = [
    listeners.startListening({
      actionCreator: sessionEvent,
      effect: async ({ payload }) => {
        if (payload.type === 'SIGNED_OUT' || payload.type === 'USER_UPDATED') return;
        const memberId = payload.session?.user.id;
        if (!memberId) return;
        if (memberId !== store.getState().writeQueue.memberId) await load(memberId);
        await drain();
      },
    }),
    listeners.startListening({
      actionCreator: writeQueued,
      effect: () => {
        overlayAll(store);
        // Queued while the browser has a network (a failure on the way, or behind earlier writes): try after a moment.
        if (!browserOffline()) schedule(retryDelayMs(1));
      },
    }),
  ];

  // Back online, or a request reached the server: the queue's turn.
  const stopFollowing = subscribeConnectivity(() => {
    if (isOnline()) void drain();
  });
  // Journal text never outlives the session on this browser: the member's queue goes with them (after the
  // sign-out asked whether to discard what waits, AccountMenu).
  const stopCleanup = onSignOut(async (memberId) => {
    if (store.getState().writeQueue.memberId === memberId) {
      clearTimeout(timer);
      timer = undefined;
      store.dispatch(queueForgotten());
    }
    await queue.clear(memberId);
  });

  // A reload with no connection opens the last member's pages: their waiting writes show there too.
  const last = lastMember();
  if (last) void load(last.id);

  return () => {
    for (const unsubscribe of unsubscribers) unsubscribe();
    stopFollowing();
    clearTimeout(timer);
    stopCleanup();
  };
}
