import { configureStore, createListenerMiddleware, isAnyOf } from '@reduxjs/toolkit';
import { authSlice, profileLoaded, selectCurrentUser, sessionEvent } from '../session/authSlice';
import { baseApi } from '../api/baseApi';
import { optimisticChangesInReads } from '../api/optimistic-changes';
import { isOnline, subscribeConnectivity } from '../offline/connectivity';
import { forgetMember, lastMember, rememberMember } from '../offline/offline-member';
import { readAgainWhatWasServedFromCopy } from './read-again';
import { clearMemberData } from '../offline/sign-out-cleanup';
import { pendingWritesInReads } from '../offline/write-queue-overlay';
import { writeQueueSlice } from '../offline/write-queue-slice';
import { startWriteQueueSync } from './write-queue-sync';

const rootReducer = {
  [authSlice.reducerPath]: authSlice.reducer,
  [baseApi.reducerPath]: baseApi.reducer,
  [writeQueueSlice.reducerPath]: writeQueueSlice.reducer,
};

/** The access token lives only here, in memory; a reload restores the session from the refresh cookie. */
export function createAppStore() {
  const listeners = createListenerMiddleware();

  // Another user's cached data must never outlive the session it was fetched with: in memory, and what this browser
  // keeps for offline use (shared/offline/sign-out-cleanup.ts), for the member who held the session and the one recorded.
  listeners.startListening({
    actionCreator: sessionEvent,
    effect: async (action, api) => {
      if (action.payload.type !== 'SIGNED_OUT') return;
      api.dispatch(baseApi.util.resetApiState());
      const leaving = new Set([(api.getOriginalState() as RootState).auth.session?.user.id, lastMember()?.id]);
      forgetMember();
      for (const memberId of leaving) if (memberId) await clearMemberData(memberId);
    },
  });

  // The member whose session this is, recorded so a reload with no connection can open their cached data; a different
  // member than the last one drops what was kept for that one (shared/offline/offline-member.ts).
  listeners.startListening({
    matcher: isAnyOf(sessionEvent, profileLoaded),
    effect: async (_action, api) => {
      const state = api.getState() as RootState;
      const user = state.auth.session ? selectCurrentUser(state) : null;
      if (user) await rememberMember({ id: user.id, displayName: user.name });
    },
  });

  // Back with a real session (the offline start's refresh got through, or a token was refreshed): read again what was
  // shown from the browser's copy.
  listeners.startListening({
    actionCreator: sessionEvent,
    effect: (_action, api) => readAgainWhatWasServedFromCopy(api.dispatch, api.getState() as RootState),
  });

  const store = configureStore({
    reducer: rootReducer,
    middleware: (getDefault) =>
      getDefault()
        .prepend(listeners.middleware)
        .concat(pendingWritesInReads, optimisticChangesInReads(baseApi.reducerPath), baseApi.middleware),
  });
  // The connection came back while signed in.
  subscribeConnectivity(() => {
    if (isOnline()) readAgainWhatWasServedFromCopy(store.dispatch, store.getState());
  });
  // Writes made offline: shown while they wait, sent when the connection and the session are there.
  startWriteQueueSync(listeners, store);
  return store;
}

export type AppStore = ReturnType<typeof createAppStore>;
export type RootState = ReturnType<AppStore['getState']>;
export type AppDispatch = AppStore['dispatch'];
