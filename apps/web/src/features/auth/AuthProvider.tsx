import type { SessionResponse, SignInChallenge, SignInRequest, User } from '@abide/contracts';
import { startTransition, useCallback, useEffect, useMemo, useRef, useState, type ReactNode } from 'react';
import { useStore } from 'react-redux';
import { useAppDispatch, useAppSelector } from '../../shared/store/hooks';
import type { RootState } from '../../shared/store/store';
import { httpStatusOf } from '../../shared/api/problem-details';
import { lastMember } from '../../shared/offline/offline-member';
import { AuthContext, type AuthContextValue, type CodeExchangeOutcome, type LoginOutcome, type SignUpInput } from './auth-context';
import {
  busyChanged,
  offlineSessionOpened,
  profileLoaded,
  reachabilityChanged,
  selectApiUnreachable,
  selectAuthBusy,
  selectAuthLoading,
  selectCurrentUser,
  selectSession,
  sessionCheckFinished,
  sessionEvent,
  signedOut,
  type SessionEvent,
} from '../../shared/session/authSlice';
import { beginPkceFlow, forgetVerifier, readVerifier, type PkceFlow } from './pkce';
import { profileNameFor } from './profile-name';
import { refreshSession, watchReachability } from '../../shared/session/session-client';
import { REFRESH_TICK_MS, shouldRefresh } from '../../shared/session/session-refresh';
import { ConnectionBanner } from './ConnectionBanner';
import { LoadingScreen } from './LoadingScreen';

/** The identity endpoints (and the schemas they parse with) load on first use: the landing page does without them. */
const loadAuthApi = () => import('./authApi').then((module) => module.authApi);

/** The busy flag of sign-in/sign-up is force-cleared 10 s after it was set. */
export const BUSY_RESET_MS = 10_000;

/**
 * The auth provider: restores the session from the refresh cookie on start, keeps the
 * profile in step with every session event, refreshes the access token on the 30 s tick, and gives
 * pages login/signup/logout/recovery through `useAuth`.
 */
/** How long Log out waits for the server before signing out locally. */
const SIGN_OUT_WAIT_MS = 3000;

export function AuthProvider({ children }: { children: ReactNode }) {
  const dispatch = useAppDispatch();
  const store = useStore<RootState>();
  const session = useAppSelector(selectSession);
  const user = useAppSelector(selectCurrentUser);
  const profile = useAppSelector((state) => state.auth.profile);
  const loading = useAppSelector(selectAuthLoading);
  const busy = useAppSelector(selectAuthBusy);
  const unreachable = useAppSelector(selectApiUnreachable);
  const busyTimer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  const started = useRef(false);

  /** GET /api/auth/me (aborted after 10 s); a 404 creates the profile. Failures are only logged. */
  const loadProfile = useCallback(
    async (sessionUser: User): Promise<User | null> => {
      let authApi: Awaited<ReturnType<typeof loadAuthApi>>;
      try {
        authApi = await loadAuthApi();
      } catch (error) {
        console.error('Profile fetch failed', error);
        return null;
      }
      const me = await dispatch(authApi.endpoints.accountsMe.initiate());
      if (me.data) {
        dispatch(profileLoaded(me.data));
        return me.data;
      }
      if (httpStatusOf(me.error) !== 404) {
        console.error('Profile fetch failed', me.error);
        return null;
      }
      const created = await dispatch(authApi.endpoints.accountsCreateProfile.initiate({ name: profileNameFor(sessionUser) }));
      if (created.data) {
        dispatch(profileLoaded(created.data));
        return created.data;
      }
      console.error('Profile creation failed', created.error);
      return null;
    },
    [dispatch],
  );

  /** Every session change goes through here: the reducer applies it, then the profile follows. */
  const emit = useCallback(
    async (event: SessionEvent) => {
      dispatch(sessionEvent(event));
      if (
        event.type === 'SIGNED_IN' ||
        event.type === 'PASSWORD_RECOVERY' ||
        event.type === 'MFA_CHALLENGE_VERIFIED' ||
        event.type === 'INITIAL_SESSION'
      ) {
        const signedInUser = 'session' in event ? event.session?.user : undefined;
        if (signedInUser) await loadProfile(signedInUser);
      }
    },
    [dispatch, loadProfile],
  );

  const setBusy = useCallback(
    (value: boolean) => {
      clearTimeout(busyTimer.current);
      dispatch(busyChanged(value));
      if (value) busyTimer.current = setTimeout(() => dispatch(busyChanged(false)), BUSY_RESET_MS);
    },
    [dispatch],
  );
  useEffect(() => () => clearTimeout(busyTimer.current), []);

  useEffect(() => watchReachability((reachable) => dispatch(reachabilityChanged(reachable))), [dispatch]);

  // Start-up: the only place a session can come from after a reload is the HttpOnly refresh cookie.
  useEffect(() => {
    if (started.current) return;
    started.current = true;
    void (async () => {
      const outcome = await refreshSession();
      if (outcome.kind === 'failed') console.error('Session check failed', outcome.status);
      await emit({ type: 'INITIAL_SESSION', session: outcome.kind === 'refreshed' ? outcome.session : null });
      // The server says this browser holds no session: what was kept here for offline use goes, as on a sign-out.
      if (outcome.kind === 'no-session' && lastMember()) dispatch(signedOut());
      dispatch(sessionCheckFinished());
    })();
  }, [dispatch, emit]);

  // A reload with no connection: the refresh above keeps trying, and meanwhile the member who signed in last here sees
  // their kept reads (shared/offline). Their kept profile, if any, brings their name and roles.
  const starting = loading && session === null;
  useEffect(() => {
    if (!starting || !unreachable) return;
    const member = lastMember();
    if (!member) return;
    dispatch(offlineSessionOpened(member));
    const opened = selectSession(store.getState());
    if (opened) void loadProfile(opened.user);
  }, [starting, unreachable, dispatch, store, loadProfile]);

  const hasSession = session !== null;
  useEffect(() => {
    if (!hasSession) return;
    const tick = setInterval(() => {
      const current = selectSession(store.getState());
      if (!current || !shouldRefresh(Date.parse(current.expiresAt), Date.now())) return;
      void refreshSession().then((outcome) => {
        if (outcome.kind === 'refreshed') {
          void emit({ type: 'TOKEN_REFRESHED', session: outcome.session });
        } else if (outcome.kind === 'no-session' && selectSession(store.getState())) {
          console.error('Session ended; signing out');
          void emit({ type: 'SIGNED_OUT' });
        } else if (outcome.kind === 'failed') {
          // Not identity's "no session": the access token stays until it is refused; the next tick tries again.
          console.error('Session refresh failed', outcome.status);
        }
      });
    }, REFRESH_TICK_MS);
    return () => clearInterval(tick);
  }, [hasSession, store, emit]);

  const login = useCallback(
    async (credentials: SignInRequest): Promise<LoginOutcome> => {
      setBusy(true);
      try {
        const authApi = await loadAuthApi();
        const answer = await dispatch(authApi.endpoints.sessionsSignIn.initiate(credentials)).unwrap();
        // Two-factor sign-in on: no session yet, the second step follows with the challenge.
        if ('challenge' in answer) {
          setBusy(false);
          return { kind: 'second-factor', challenge: answer };
        }
        await emit({ type: 'SIGNED_IN', session: answer });
        setBusy(false);
        return { kind: 'signed-in' };
      } catch (error) {
        console.error('Login error', error);
        setBusy(false);
        throw error;
      }
    },
    [dispatch, emit, setBusy],
  );

  const verifySecondFactor = useCallback(
    async ({ challenge }: SignInChallenge, code: string) => {
      setBusy(true);
      try {
        const authApi = await loadAuthApi();
        const verified = await dispatch(authApi.endpoints.twoFactorVerify.initiate({ challenge, code })).unwrap();
        await emit({ type: 'MFA_CHALLENGE_VERIFIED', session: verified });
      } finally {
        setBusy(false);
      }
    },
    [dispatch, emit, setBusy],
  );

  const confirmTwoFactor = useCallback(
    async (password: string, code: string): Promise<string[]> => {
      const authApi = await loadAuthApi();
      const { recoveryCodes } = await dispatch(authApi.endpoints.twoFactorConfirm.initiate({ password, code })).unwrap();
      // The server marked this session as proven by two factors; the next token says so (moderator tools open).
      const outcome = await refreshSession();
      if (outcome.kind === 'refreshed') await emit({ type: 'MFA_CHALLENGE_VERIFIED', session: outcome.session });
      return recoveryCodes;
    },
    [dispatch, emit],
  );

  const signup = useCallback(
    async ({ name, email, password }: SignUpInput) => {
      setBusy(true);
      try {
        const [codeChallenge, authApi] = await Promise.all([beginPkceFlow('signup'), loadAuthApi()]);
        await dispatch(authApi.endpoints.accountsSignUp.initiate({ name, email, password, codeChallenge })).unwrap();
        // No session yet: the e-mailed link finishes the sign-up (nothing further to do here).
        setBusy(false);
      } catch (error) {
        console.error('Signup error', error);
        setBusy(false);
        throw error;
      }
    },
    [dispatch, setBusy],
  );

  const logout = useCallback(
    async (scope: 'local' | 'global' = 'local') => {
      // Leaving must never hang on the network: after SIGN_OUT_WAIT_MS this tab forgets the session anyway. The
      // request keeps going and, once it lands, the server also forgets the session and clears the refresh cookie.
      const request = loadAuthApi().then((authApi) => dispatch(authApi.endpoints.sessionsSignOut.initiate({ scope })).unwrap());
      try {
        await Promise.race([
          request,
          new Promise((_, reject) => setTimeout(() => reject(new Error('sign-out timed out')), SIGN_OUT_WAIT_MS)),
        ]);
      } catch (error) {
        console.error('Logout error', error);
      }
      await emit({ type: 'SIGNED_OUT' });
    },
    [dispatch, emit],
  );

  const recover = useCallback(
    async (email: string) => {
      const [codeChallenge, authApi] = await Promise.all([beginPkceFlow('recovery'), loadAuthApi()]);
      await dispatch(authApi.endpoints.passwordsRecover.initiate({ email, codeChallenge })).unwrap();
    },
    [dispatch],
  );

  const exchangeCode = useCallback(
    async (code: string, flow: PkceFlow): Promise<CodeExchangeOutcome> => {
      const codeVerifier = readVerifier(flow);
      const authApi = await loadAuthApi();
      if (!codeVerifier) {
        if (flow === 'recovery') throw new Error('MISSING_VERIFIER');
        await dispatch(authApi.endpoints.linksConfirm.initiate({ code })).unwrap();
        return { kind: 'confirmed-elsewhere' };
      }
      const exchanged = await dispatch(authApi.endpoints.linksToken.initiate({ code, codeVerifier })).unwrap();
      forgetVerifier(flow);
      if ('challenge' in exchanged) {
        const { flow: serverFlow, ...challenge } = exchanged;
        return { kind: 'second-factor', flow: serverFlow, challenge };
      }
      const { flow: serverFlow, ...started } = exchanged;
      await emit({ type: serverFlow === 'recovery' ? 'PASSWORD_RECOVERY' : 'SIGNED_IN', session: started });
      return { kind: 'signed-in', flow: serverFlow };
    },
    [dispatch, emit],
  );

  const setNewPassword = useCallback(
    async (password: string) => {
      const authApi = await loadAuthApi();
      await dispatch(authApi.endpoints.passwordsSetNew.initiate({ password })).unwrap();
    },
    [dispatch],
  );

  const refreshProfile = useCallback(async () => {
    const current = selectSession(store.getState());
    return current ? loadProfile(current.user) : null;
  }, [store, loadProfile]);

  // A session another flow started (accepting a church invitation makes the account and signs in at once).
  const adoptSession = useCallback((started: SessionResponse) => emit({ type: 'SIGNED_IN', session: started }), [emit]);

  const clearSession = useCallback(() => {
    forgetVerifier('signup');
    forgetVerifier('recovery');
    void emit({ type: 'SIGNED_OUT' });
  }, [emit]);

  const value = useMemo<AuthContextValue>(
    () => ({
      user,
      profile,
      session,
      loading,
      busy,
      login,
      verifySecondFactor,
      confirmTwoFactor,
      signup,
      logout,
      recover,
      exchangeCode,
      setNewPassword,
      refreshProfile,
      adoptSession,
      clearSession,
    }),
    [
      user,
      profile,
      session,
      loading,
      busy,
      login,
      verifySecondFactor,
      confirmTwoFactor,
      signup,
      logout,
      recover,
      exchangeCode,
      setNewPassword,
      refreshProfile,
      adoptSession,
      clearSession,
    ],
  );

  // The app's first render after the session check is the largest of all (the page, its frame, antd's styles): render
  // it as a transition, which React splits into short tasks, so the page stays responsive while it appears.
  const waiting = loading && !user;
  const [appShown, setAppShown] = useState(!waiting);
  useEffect(() => {
    if (!waiting && !appShown) startTransition(() => setAppShown(true));
  }, [waiting, appShown]);

  return (
    <AuthContext.Provider value={value}>
      <ConnectionBanner />
      {waiting || !appShown ? <LoadingScreen /> : children}
    </AuthContext.Provider>
  );
}
