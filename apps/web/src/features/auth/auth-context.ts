import { createContext } from 'react';
import type { SessionResponse, SignInRequest, User } from '@abide/contracts';
import type { PkceFlow } from './pkce';

export interface SignUpInput {
  name: string;
  email: string;
  password: string;
}

export type CodeExchangeOutcome =
  | { kind: 'signed-in'; flow: PkceFlow }
  /** The link was opened in a browser that does not hold the verifier: the address is confirmed, please sign in. */
  | { kind: 'confirmed-elsewhere' };

export interface AuthContextValue {
  /** The profile when known, else the session's user. */
  user: User | null;
  profile: User | null;
  session: SessionResponse | null;
  loading: boolean;
  busy: boolean;
  login(credentials: SignInRequest): Promise<void>;
  /** Resolves once the confirmation e-mail is on its way (no session until the link is opened). */
  signup(input: SignUpInput): Promise<void>;
  logout(scope?: 'local' | 'global'): Promise<void>;
  recover(email: string): Promise<void>;
  exchangeCode(code: string, flow: PkceFlow): Promise<CodeExchangeOutcome>;
  setNewPassword(password: string): Promise<void>;
  refreshProfile(): Promise<User | null>;
  /** Forgets the session in this tab without calling the server (an error link, a deleted account). */
  clearSession(): void;
}

export const AuthContext = createContext<AuthContextValue | null>(null);
