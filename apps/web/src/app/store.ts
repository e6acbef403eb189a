import { configureStore, createListenerMiddleware } from '@reduxjs/toolkit';
import { authSlice, sessionEvent } from '../features/auth/authSlice';
import { baseApi } from '../shared/api/baseApi';
import { writeQueueSlice } from '../shared/offline/write-queue-slice';
import { startWriteQueueSync } from '../shared/offline/write-queue-sync';

const rootReducer = {
  [authSlice.reducerPath]: authSlice.reducer,
  [baseApi.reducerPath]: baseApi.reducer,
  [writeQueueSlice.reducerPath]: writeQueueSlice.reducer,
};

/** The access token lives only here, in memory; a reload restores the session from the refresh cookie. */
export function createAppStore() {
  const listeners = createListenerMiddleware();

  // Another user's cached data must never outlive the session it was fetched with.
  listeners.startListening({
    actionCreator: sessionEvent,
    effect: (action, api) => {
      if (action.payload.type === 'SIGNED_OUT') api.dispatch(baseApi.util.resetApiState());
    },
  });

  const store = configureStore({
    reducer: rootReducer,
    middleware: (getDefault) => getDefault().prepend(listeners.middleware).concat(baseApi.middleware),
  });
  // Writes made offline: shown while they wait, sent when the connection and the session are there.
  startWriteQueueSync(listeners, store);
  return store;
}

export type AppStore = ReturnType<typeof createAppStore>;
export type RootState = ReturnType<AppStore['getState']>;
export type AppDispatch = AppStore['dispatch'];
