import { configureStore, createListenerMiddleware } from '@reduxjs/toolkit';
import type { SessionResponse } from '@abide/contracts';
import { authSlice, signedOut } from '../features/auth/authSlice';
import { loadPersistedSession, persistSession } from '../features/auth/session-storage';
import { baseApi } from '../shared/api/baseApi';

const rootReducer = {
  [authSlice.reducerPath]: authSlice.reducer,
  [baseApi.reducerPath]: baseApi.reducer,
};

export function createAppStore(initialSession: SessionResponse | null = loadPersistedSession()) {
  const listeners = createListenerMiddleware();

  // Keep a reload in this tab signed in until the refresh-token flow lands.
  listeners.startListening({
    predicate: (_action, current, previous) =>
      (current as { auth: unknown }).auth !== (previous as { auth: unknown }).auth,
    effect: (_action, api) => persistSession((api.getState() as RootState).auth.session),
  });

  // Another user's cached data must never outlive the session it was fetched with.
  listeners.startListening({
    actionCreator: signedOut,
    effect: (_action, api) => {
      api.dispatch(baseApi.util.resetApiState());
    },
  });

  return configureStore({
    reducer: rootReducer,
    preloadedState: { auth: { session: initialSession } },
    middleware: (getDefault) => getDefault().prepend(listeners.middleware).concat(baseApi.middleware),
  });
}

export type AppStore = ReturnType<typeof createAppStore>;
export type RootState = ReturnType<AppStore['getState']>;
export type AppDispatch = AppStore['dispatch'];
