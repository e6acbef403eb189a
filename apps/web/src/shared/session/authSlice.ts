import { createSlice, type PayloadAction } from '@reduxjs/toolkit';
import type { SessionResponse, User } from '@abide/contracts';
import type { OfflineMember } from '../offline/offline-member';

/** The session events of the auth provider, all applied by the one reducer below. */
export type SessionEventType =
  'INITIAL_SESSION' | 'SIGNED_IN' | 'SIGNED_OUT' | 'TOKEN_REFRESHED' | 'USER_UPDATED' | 'PASSWORD_RECOVERY' | 'MFA_CHALLENGE_VERIFIED';

export type SessionEvent =
  | { type: 'INITIAL_SESSION'; session: SessionResponse | null }
  /** MFA_CHALLENGE_VERIFIED: a second factor was proven (sign-in's second step, or turning two-factor sign-in on): an aal2 session. */
  | { type: 'SIGNED_IN' | 'TOKEN_REFRESHED' | 'PASSWORD_RECOVERY' | 'MFA_CHALLENGE_VERIFIED'; session: SessionResponse }
  | { type: 'USER_UPDATED'; user: User }
  | { type: 'SIGNED_OUT' };

export interface AuthState {
  /** Access token, expiry and user; kept in memory only (the refresh token is an HttpOnly cookie). */
  session: SessionResponse | null;
  /** The profile from GET /auth/me (created on 404). */
  profile: User | null;
  /** True until the first session check (and its profile fetch) has finished. */
  loading: boolean;
  /** Set while signing in or up; cleared on failure and force-cleared 10 s later. */
  busy: boolean;
  lastEvent: SessionEventType | null;
  /** True while a session refresh cannot reach the API and is being retried (the session is kept meanwhile). */
  unreachable: boolean;
  /**
   * True while the session is the last member's record opened with no connection (offlineSessionOpened): it has no
   * token, pages show that member's kept reads, and the first refresh that reaches the API replaces it.
   */
  offline: boolean;
}

const initialState: AuthState = {
  session: null,
  profile: null,
  loading: true,
  busy: false,
  lastEvent: null,
  unreachable: false,
  offline: false,
};

export const authSlice = createSlice({
  name: 'auth',
  initialState,
  reducers: {
    sessionEvent(state, action: PayloadAction<SessionEvent>) {
      const event = action.payload;
      state.lastEvent = event.type;
      state.offline = false;
      switch (event.type) {
        case 'INITIAL_SESSION':
          // After an offline start the record's member is shown; the cookie's may be another.
          if (state.session?.user.id !== event.session?.user.id) state.profile = null;
          state.session = event.session;
          if (!event.session) state.profile = null;
          break;
        case 'SIGNED_IN':
        case 'PASSWORD_RECOVERY':
        case 'MFA_CHALLENGE_VERIFIED':
          // A different account must not inherit the previous profile, even for a moment.
          if (state.session?.user.id !== event.session.user.id) state.profile = null;
          state.session = event.session;
          break;
        case 'TOKEN_REFRESHED':
          state.session = event.session;
          break;
        case 'USER_UPDATED':
          state.profile = event.user;
          if (state.session) state.session.user = event.user;
          break;
        case 'SIGNED_OUT':
          state.session = null;
          state.profile = null;
          state.busy = false;
          break;
      }
    },
    /**
     * The app opened with no connection for the member who signed in last on this browser: a session without a token,
     * so the frame and their kept reads show while the refresh keeps trying. Only before a session is known.
     */
    offlineSessionOpened(state, action: PayloadAction<OfflineMember>) {
      if (state.session) return;
      const { id, displayName } = action.payload;
      state.offline = true;
      state.session = {
        accessToken: '',
        // Long expired, so the refresh tick keeps asking until the API answers.
        expiresAt: new Date(0).toISOString(),
        aal: 'aal1',
        user: { id, name: displayName, email: '', roles: ['user'], onboardingCompleted: true, createdAt: new Date(0).toISOString() },
      };
    },
    profileLoaded(state, action: PayloadAction<User | null>) {
      state.profile = action.payload;
    },
    sessionCheckFinished(state) {
      state.loading = false;
    },
    busyChanged(state, action: PayloadAction<boolean>) {
      state.busy = action.payload;
    },
    reachabilityChanged(state, action: PayloadAction<boolean>) {
      state.unreachable = !action.payload;
    },
  },
  selectors: {
    selectSession: (state) => state.session,
    selectAccessToken: (state): string | null => state.session?.accessToken ?? null,
    selectIsSignedIn: (state): boolean => state.session !== null,
    /** The profile when it is known, else the user the session carries. */
    selectCurrentUser: (state): User | null => state.profile ?? state.session?.user ?? null,
    selectAuthLoading: (state) => state.loading,
    selectAuthBusy: (state) => state.busy,
    selectApiUnreachable: (state) => state.unreachable,
    selectOfflineSession: (state) => state.offline,
  },
});

export const { sessionEvent, offlineSessionOpened, profileLoaded, sessionCheckFinished, busyChanged, reachabilityChanged } =
  authSlice.actions;
export const signedOut = () => sessionEvent({ type: 'SIGNED_OUT' });
export const {
  selectSession,
  selectAccessToken,
  selectIsSignedIn,
  selectCurrentUser,
  selectAuthLoading,
  selectAuthBusy,
  selectApiUnreachable,
  selectOfflineSession,
} = authSlice.selectors;
