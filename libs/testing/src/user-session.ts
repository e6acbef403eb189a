import type { RecoveryCodes, SessionResponse, SignInChallenge, TwoFactorEnrolment } from '@abide/contracts';
import { randomInt, randomUUID } from 'node:crypto';
import { Authenticator } from './authenticator';
import { codeOf, readConfirmationLink } from './mail-catcher';
import { newPkcePair } from './pkce';

export interface ApiResponse<T = unknown> {
  status: number;
  headers: Headers;
  body: T;
}

export const apiUrl = (): string => process.env.E2E_API_URL ?? 'http://127.0.0.1:4000';

/** A unique address per call, so tests never collide on an e-mail. */
export const uniqueEmail = (label = 'member'): string => `${label}-${randomUUID().slice(0, 12)}@test.abide.local`;

/**
 * A made-up client address for X-Forwarded-For (only a header, never contacted), so each session gets its own
 * per-IP rate-limit bucket at the gateway (which trusts the header from loopback).
 */
export const randomClientIp = (): string => `10.${randomInt(256)}.${randomInt(256)}.${randomInt(1, 255)}`;

/**
 * The gateway counts its per-IP limits in fixed windows aligned to the clock. Before a burst that must land in one
 * window, wait out the current one if fewer than `marginSeconds` are left, so the burst is never split in two.
 */
export const awayFromRateWindowEdge = async (windowSeconds: number, marginSeconds: number): Promise<void> => {
  const left = windowSeconds - ((Date.now() / 1000) % windowSeconds);
  if (left < marginSeconds) await new Promise((r) => setTimeout(r, left * 1000 + 100));
};

/** Calls without their own address share one per test file, never the same as another file's or run's. */
const defaultClientIp = randomClientIp();

export interface CallOptions {
  token?: string;
  body?: unknown;
  headers?: Record<string, string>;
  /** The `abide_refresh` cookie value to send. */
  refreshCookie?: string;
  clientIp?: string;
}

export const call = async <T = unknown>(method: string, path: string, options: CallOptions = {}): Promise<ApiResponse<T>> => {
  const headers: Record<string, string> = { 'x-forwarded-for': options.clientIp ?? defaultClientIp, ...options.headers };
  if (options.token) headers.authorization = `Bearer ${options.token}`;
  if (options.refreshCookie) headers.cookie = `abide_refresh=${options.refreshCookie}`;
  if (options.body !== undefined) headers['content-type'] ??= 'application/json';
  const send = () =>
    fetch(`${apiUrl()}${path}`, {
      method,
      headers,
      body: options.body === undefined ? undefined : typeof options.body === 'string' ? options.body : JSON.stringify(options.body),
    });
  const res = await send().catch((error: unknown) => {
    // A kept-alive connection the gateway closed while this process was blocked (a spawnSync of a seed or of
    // Schemathesis) is only noticed on reuse, as a closed socket or a write into one: the request never reached the
    // server, so it is sent once more.
    if (['UND_ERR_SOCKET', 'EPIPE'].includes((error as { cause?: { code?: string } }).cause?.code ?? '')) return send();
    throw error;
  });
  const text = await res.text();
  let body: unknown = text;
  try {
    body = text ? JSON.parse(text) : undefined;
  } catch {
    // not JSON: keep the text
  }
  return { status: res.status, headers: res.headers, body: body as T };
};

/** The `abide_refresh` Set-Cookie of a response: its value ('' when cleared) and attributes; undefined when not set. */
export const refreshCookieOf = (headers: Headers): { value: string; attributes: string } | undefined => {
  const line = headers.getSetCookie().find((c) => c.startsWith('abide_refresh='));
  if (!line) return undefined;
  const [pair, ...attributes] = line.split(';');
  return { value: pair.slice('abide_refresh='.length), attributes: attributes.map((a) => a.trim()).join('; ') };
};

export interface SignUpOptions {
  name?: string;
  email?: string;
  password?: string;
  clientIp?: string;
  /** How long to wait for the confirmation mail (waitForMail's 15 s by default). */
  mailTimeoutMs?: number;
}

/**
 * A confirmed member talking to the API through the gateway (the pattern of Novu's UserSession): signs up with a
 * PKCE pair, reads the confirmation link from the caught mail, and exchanges its code for a session.
 */
export class UserSession {
  private constructor(
    public session: SessionResponse,
    readonly email: string,
    readonly password: string,
    readonly clientIp: string,
    /** The current refresh token (from the `abide_refresh` cookie); rotated by refresh(). */
    public refreshToken: string,
  ) {}

  static async signUp(options: SignUpOptions = {}): Promise<UserSession> {
    const email = options.email ?? uniqueEmail();
    const password = options.password ?? `walk humbly ${randomUUID().slice(0, 8)}`;
    const clientIp = options.clientIp ?? randomClientIp();
    const pkce = newPkcePair();
    const res = await call('POST', '/api/auth/sign-up', {
      clientIp,
      body: { name: options.name ?? 'Test Member', email, password, codeChallenge: pkce.codeChallenge },
    });
    if (res.status !== 202) throw new Error(`sign-up failed: ${res.status} ${JSON.stringify(res.body)}`);
    const code = codeOf(await readConfirmationLink(email, { timeoutMs: options.mailTimeoutMs }));
    const exchanged = await call<SessionResponse>('POST', '/api/auth/token', { clientIp, body: { code, codeVerifier: pkce.codeVerifier } });
    if (exchanged.status !== 200) throw new Error(`code exchange failed: ${exchanged.status} ${JSON.stringify(exchanged.body)}`);
    return new UserSession(exchanged.body, email, password, clientIp, refreshCookieOf(exchanged.headers)?.value ?? '');
  }

  /** A new session of an existing member (another device); with two-factor sign-in on, its second step with the app's code. */
  static async signIn(email: string, password: string, clientIp = randomClientIp(), authenticator?: Authenticator): Promise<UserSession> {
    let res = await call<SessionResponse | SignInChallenge>('POST', '/api/auth/sign-in', { clientIp, body: { email, password } });
    if (res.status === 202 && authenticator) {
      const { challenge } = res.body as SignInChallenge;
      res = await call<SessionResponse>('POST', '/api/auth/two-factor/verify', {
        clientIp,
        body: { challenge, code: await authenticator.nextCode() },
      });
    }
    if (res.status !== 200) throw new Error(`sign-in failed: ${res.status} ${JSON.stringify(res.body)}`);
    const session = new UserSession(res.body as SessionResponse, email, password, clientIp, refreshCookieOf(res.headers)?.value ?? '');
    session.authenticator = authenticator;
    return session;
  }

  /** The member's authenticator app, once they turned two-factor sign-in on. */
  authenticator?: Authenticator;

  /**
   * Turns two-factor sign-in on as the member would in Settings: a secret for the app, its first code with the password, and a refresh
   * so the token says the session passed two factors (aal2). Returns the recovery codes.
   */
  async enableTwoFactor(): Promise<string[]> {
    const started = await this.post<TwoFactorEnrolment>('/api/auth/two-factor/enrolment');
    if (started.status !== 200) throw new Error(`two-factor enrolment failed: ${started.status} ${JSON.stringify(started.body)}`);
    const authenticator = new Authenticator(started.body.secret);
    const confirmed = await this.post<RecoveryCodes>('/api/auth/two-factor/enrolment/confirm', {
      password: this.password,
      code: await authenticator.nextCode(),
    });
    if (confirmed.status !== 200) throw new Error(`two-factor confirmation failed: ${confirmed.status} ${JSON.stringify(confirmed.body)}`);
    this.authenticator = authenticator;
    const refreshed = await this.refresh();
    if (refreshed.status !== 200 || refreshed.body.aal !== 'aal2')
      throw new Error(`the session did not reach aal2: ${JSON.stringify(refreshed.body)}`);
    return confirmed.body.recoveryCodes;
  }

  get token(): string {
    return this.session.accessToken;
  }

  get user() {
    return this.session.user;
  }

  /** POST /api/auth/refresh with the cookie; on success keeps the new access token and (rotated) refresh token. */
  async refresh(): Promise<ApiResponse<SessionResponse>> {
    const res = await call<SessionResponse>('POST', '/api/auth/refresh', { clientIp: this.clientIp, refreshCookie: this.refreshToken });
    if (res.status === 200) {
      this.session = res.body;
      this.refreshToken = refreshCookieOf(res.headers)?.value || this.refreshToken;
    }
    return res;
  }

  get<T = unknown>(path: string) {
    return call<T>('GET', path, { token: this.token, clientIp: this.clientIp });
  }

  post<T = unknown>(path: string, body?: unknown) {
    return call<T>('POST', path, { token: this.token, body, clientIp: this.clientIp });
  }

  put<T = unknown>(path: string, body?: unknown) {
    return call<T>('PUT', path, { token: this.token, body, clientIp: this.clientIp });
  }

  patch<T = unknown>(path: string, body?: unknown) {
    return call<T>('PATCH', path, { token: this.token, body, clientIp: this.clientIp });
  }

  delete<T = unknown>(path: string, body?: unknown) {
    return call<T>('DELETE', path, { token: this.token, body, clientIp: this.clientIp });
  }
}

/** Polls until `probe` returns a value (eventual consistency across services), or fails after `timeoutMs`. */
export const eventually = async <T>(probe: () => Promise<T | undefined>, { timeoutMs = 15_000, intervalMs = 200 } = {}): Promise<T> => {
  const started = Date.now();
  let last: unknown;
  while (Date.now() - started < timeoutMs) {
    try {
      const value = await probe();
      if (value !== undefined) return value;
    } catch (error) {
      last = error;
    }
    await new Promise((r) => setTimeout(r, intervalMs));
  }
  throw new Error(`condition not met within ${timeoutMs} ms${last ? `: ${String(last)}` : ''}`);
};
