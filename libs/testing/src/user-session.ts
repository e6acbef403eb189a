import type { SessionResponse } from '@abide/contracts';
import { randomUUID } from 'node:crypto';

export interface ApiResponse<T = unknown> {
  status: number;
  headers: Headers;
  body: T;
}

export const apiUrl = (): string => process.env.E2E_API_URL ?? 'http://127.0.0.1:4000';

/** A unique address per call, so tests never collide on an e-mail. */
export const uniqueEmail = (label = 'member'): string => `${label}-${randomUUID().slice(0, 12)}@test.abide.local`;

export const call = async <T = unknown>(
  method: string,
  path: string,
  options: { token?: string; body?: unknown; headers?: Record<string, string> } = {},
): Promise<ApiResponse<T>> => {
  const headers: Record<string, string> = { ...options.headers };
  if (options.token) headers.authorization = `Bearer ${options.token}`;
  if (options.body !== undefined) headers['content-type'] ??= 'application/json';
  const res = await fetch(`${apiUrl()}${path}`, {
    method,
    headers,
    body: options.body === undefined ? undefined : typeof options.body === 'string' ? options.body : JSON.stringify(options.body),
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

/** A signed-up member talking to the API through the gateway (the pattern of Novu's UserSession). */
export class UserSession {
  private constructor(
    readonly session: SessionResponse,
    readonly password: string,
  ) {}

  static async signUp(overrides: { name?: string; email?: string; password?: string } = {}): Promise<UserSession> {
    const password = overrides.password ?? `walk humbly ${randomUUID().slice(0, 8)}`;
    const res = await call<SessionResponse>('POST', '/api/auth/sign-up', {
      body: { name: overrides.name ?? 'Test Member', email: overrides.email ?? uniqueEmail(), password },
    });
    if (res.status !== 201) throw new Error(`sign-up failed: ${res.status} ${JSON.stringify(res.body)}`);
    return new UserSession(res.body, password);
  }

  get token(): string {
    return this.session.accessToken;
  }

  get user() {
    return this.session.user;
  }

  get<T = unknown>(path: string) {
    return call<T>('GET', path, { token: this.token });
  }

  post<T = unknown>(path: string, body?: unknown) {
    return call<T>('POST', path, { token: this.token, body });
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
