import { createContext } from 'react';
import type { SessionResponse, SignInChallenge, SignInRequest, User } from '@abide/contracts';
import type { PkceFlow } from './pkce';

export interface SignUpInput {
  name: string;
  email: string;
  password: string;
}

/** A password that was right: signed in, or (two-factor sign-in on) the challenge its second step answers. */
export type LoginOutcome = { kind: 'signed-in' } | { kind: 'second-factor'; challenge: SignInChallenge };

export type CodeExchangeOutcome =
  | { kind: 'signed-in'; flow: PkceFlow }
  /** The account has two-factor sign-in on: the link alone does not sign in, a code must follow. */
  | { kind: 'second-factor'; flow: PkceFlow; challenge: SignInChallenge }
  /** The link was opened in a browser that does not hold the verifier: the address is confirmed, please sign in. */
  | { kind: 'confirmed-elsewhere' };

export interface AuthContextValue {
  /** The profile when known, else the session's user. */
  user: User | null;
  profile: User | null;
  session: SessionResponse | null;
  loading: boolean;
  busy: boolean;
  login(credentials: SignInRequest): Promise<LoginOutcome>;
  /** Sign-in's second step: the challenge with a code from the app or a recovery code; raises MFA_CHALLENGE_VERIFIED. */
  verifySecondFactor(challenge: SignInChallenge, code: string): Promise<void>;
  /** Turns two-factor sign-in on with the password and the app's first code; this session becomes aal2 (MFA_CHALLENGE_VERIFIED). Returns the recovery codes. */
  confirmTwoFactor(password: string, code: string): Promise<string[]>;
  /** Resolves once the confirmation e-mail is on its way (no session until the link is opened). */
  signup(input: SignUpInput): Promise<void>;
  logout(scope?: 'local' | 'global'): Promise<void>;
  recover(email: string): Promise<void>;
  exchangeCode(code: string, flow: PkceFlow): Promise<CodeExchangeOutcome>;
  setNewPassword(password: string): Promise<void>;
  refreshProfile(): Promise<User | null>;
  /** Signs in with a session another flow answered (accepting a church invitation). */
  adoptSession(session: SessionResponse): Promise<void>;
  /** Forgets the session in this tab without calling the server (an error link, a deleted account). */
  clearSession(): void;
}

export const AuthContext = createContext<AuthContextValue | null>(null);
