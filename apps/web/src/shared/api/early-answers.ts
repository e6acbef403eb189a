/**
 * The reads index.html starts as soon as its session check has a token (the profile; for My Plan its plan, figures,
 * today's habits and notifications), before the app's code has even loaded. The app's first request for the same
 * path with the same token takes that answer instead of asking again; each is taken at most once, only in the first
 * seconds, and all are dropped at the first write, so nothing older than the app's own view is ever used.
 */
interface EarlyAnswer {
  token: string;
  /** Date.now() when index.html asked. */
  at: number;
  response: Promise<Response>;
}

declare global {
  interface Window {
    __abideEarlyAnswers?: Record<string, EarlyAnswer | undefined>;
  }
}

/** Past this age an early answer is not used (the app asks again). */
export const EARLY_ANSWER_MAX_AGE_MS = 15_000;

const answers = (): Record<string, EarlyAnswer | undefined> | undefined =>
  typeof window === 'undefined' ? undefined : window.__abideEarlyAnswers;

/** The early answer to this request, if there is one to take (a GET of the same path and query, same token). */
export function takeEarlyAnswer(request: Request, now = Date.now()): Promise<Response> | undefined {
  const all = answers();
  if (!all) return undefined;
  if (request.method !== 'GET') {
    // A write may change what the early reads said: none of them is used from now on.
    window.__abideEarlyAnswers = undefined;
    return undefined;
  }
  const url = new URL(request.url, window.location.href);
  if (url.origin !== window.location.origin) return undefined;
  const key = url.pathname + url.search;
  const answer = all[key];
  if (!answer) return undefined;
  delete all[key];
  if (now - answer.at > EARLY_ANSWER_MAX_AGE_MS) return undefined;
  if (request.headers.get('Authorization') !== `Bearer ${answer.token}`) return undefined;
  return answer.response;
}

/** `fetch` for RTK Query's fetchBaseQuery: an early answer when there is one (a failed one is asked again). */
export const fetchWithEarlyAnswers = (input: RequestInfo | URL, init?: RequestInit): Promise<Response> => {
  if (input instanceof Request) {
    const early = takeEarlyAnswer(input);
    if (early) return early.catch(() => fetch(input, init));
  }
  return fetch(input, init);
};
