import type { SessionResponse } from '@abide/contracts';
import { isRetryableRefreshFailure, retryDelayMs } from './session-refresh';
import { rawRoutes } from '../raw-routes';
import { reportReachable } from '../offline/connectivity';

export type RefreshOutcome =
  | { kind: 'refreshed'; session: SessionResponse }
  /** The server says there is no session (401): nothing to retry. */
  | { kind: 'no-session' }
  | { kind: 'failed'; status: number | string };

export type RefreshAttempt = () => Promise<{ status: number | string; body?: unknown }>;

interface Clock {
  sleep: (ms: number) => Promise<void>;
}

const realClock: Clock = {
  sleep: (ms) => new Promise((resolve) => setTimeout(resolve, ms)),
};

/** Told `false` when a refresh could not reach the API (the banner shows) and `true` once it answers again. */
export type ReachabilityListener = (reachable: boolean) => void;

const reachabilityListeners = new Set<ReachabilityListener>();

/** Follows whether refreshes reach the API; returns the unsubscribe. */
export function watchReachability(listener: ReachabilityListener): () => void {
  reachabilityListeners.add(listener);
  return () => reachabilityListeners.delete(listener);
}

const reportReachability: ReachabilityListener = (reachable) => reachabilityListeners.forEach((listener) => listener(reachable));

/**
 * One refresh, retried on network and gateway errors with a growing backoff until the API answers: an outage keeps
 * the member's session (and what they typed) while `report` tells the page it is retrying.
 */
export async function refreshWithRetry(
  attempt: RefreshAttempt,
  clock: Clock = realClock,
  report: ReachabilityListener = reportReachability,
): Promise<RefreshOutcome> {
  for (let retry = 0; ; retry += 1) {
    const { status, body } = await attempt();
    if (!isRetryableRefreshFailure(status)) {
      if (retry > 0) report(true);
      return outcomeOf(status, body);
    }
    if (retry === 0) report(false);
    await clock.sleep(retryDelayMs(retry));
  }
}

async function outcomeOf(status: number | string, body: unknown): Promise<RefreshOutcome> {
  if (status === 200) {
    // The schema loads only when there is a session to read: a visitor's landing page never needs it. The generated
    // client's (zod/mini), which My Plan's first view loads anyway, not the contracts' (zod's classic build, 27 kB).
    const { sessionsRefreshResponse } = await import('../api/generated/endpoints/auth');
    const parsed = sessionsRefreshResponse.safeParse(body);
    return parsed.success ? { kind: 'refreshed', session: parsed.data } : { kind: 'failed', status: 'PARSING_ERROR' };
  }
  return status === 401 ? { kind: 'no-session' } : { kind: 'failed', status };
}

const ATTEMPT_TIMEOUT_MS = 10_000;

/** POST /api/auth/refresh with the HttpOnly cookie; the rotated cookie comes back on the response. */
const postRefresh: RefreshAttempt = async () => {
  const controller = new AbortController();
  const timer = setTimeout(() => controller.abort(), ATTEMPT_TIMEOUT_MS);
  try {
    const response = await fetch(rawRoutes.refreshSession.path, {
      method: rawRoutes.refreshSession.method,
      credentials: 'include',
      headers: { Accept: 'application/json, application/problem+json' },
      signal: controller.signal,
    });
    const body: unknown = response.ok ? await response.json().catch(() => undefined) : undefined;
    return { status: response.status, body };
  } catch {
    return { status: controller.signal.aborted ? 'TIMEOUT_ERROR' : 'FETCH_ERROR' };
  } finally {
    clearTimeout(timer);
  }
};

declare global {
  interface Window {
    /** The refresh index.html starts before the app's code has loaded; taken once, by the first attempt. */
    __abideEarlyRefresh?: Promise<{ status: number | string; body?: unknown }>;
  }
}

/**
 * The first attempt takes the answer of the refresh index.html started; later ones (retries, the tick) ask again. Each
 * tells the connectivity tracker whether it reached the server: a network error says offline, any HTTP answer (a 503
 * too: the server is there, a service is not) says online.
 */
const attemptRefresh: RefreshAttempt = async () => {
  const early = typeof window === 'undefined' ? undefined : window.__abideEarlyRefresh;
  if (early) window.__abideEarlyRefresh = undefined;
  const answer = await (early ?? postRefresh());
  if (answer.status === 'FETCH_ERROR') reportReachable(false);
  else if (typeof answer.status === 'number') reportReachable(true);
  return answer;
};

let inFlight: Promise<RefreshOutcome> | null = null;

/**
 * The refresh token rotates on every use, so two concurrent refreshes would replay it: every caller
 * (start-up, the 30 s tick, a 401 retry) shares the one in flight.
 */
export function refreshSession(): Promise<RefreshOutcome> {
  inFlight ??= refreshWithRetry(attemptRefresh).finally(() => {
    inFlight = null;
  });
  return inFlight;
}
