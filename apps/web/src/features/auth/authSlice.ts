import { createSlice, type PayloadAction } from '@reduxjs/toolkit';
import type { SessionResponse, User } from '@abide/contracts';

export interface AuthState {
  /** The session from sign-up/sign-in; the access token lives only in memory and sessionStorage. */
  session: SessionResponse | null;
}

const initialState: AuthState = { session: null };

export const authSlice = createSlice({
  name: 'auth',
  initialState,
  reducers: {
    sessionStarted(state, action: PayloadAction<SessionResponse>) {
      state.session = action.payload;
    },
    signedOut(state) {
      state.session = null;
    },
  },
  selectors: {
    selectAccessToken: (state): string | null => state.session?.accessToken ?? null,
    selectCurrentUser: (state): User | null => state.session?.user ?? null,
    selectIsSignedIn: (state): boolean => state.session !== null,
  },
});

export const { sessionStarted, signedOut } = authSlice.actions;
export const { selectAccessToken, selectCurrentUser, selectIsSignedIn } = authSlice.selectors;
