import { errorCodes } from '@abide/contracts';
import { DomainError } from './domain-error';

/**
 * How long until a limit lets a person try again, in words a person reads at a glance: seconds under a minute, then
 * whole minutes rounded up (never sooner than the server will allow), then hours from two hours on.
 */
export const tryAgainIn = (seconds: number): string => {
  const s = Math.max(1, Math.ceil(seconds));
  if (s < 60) return `in ${s} second${s === 1 ? '' : 's'}`;
  const minutes = Math.ceil(s / 60);
  if (minutes < 120) return `in ${minutes} minute${minutes === 1 ? '' : 's'}`;
  return `in ${Math.ceil(minutes / 60)} hours`;
};

/**
 * The moment a Retry-After of `seconds` (delta-seconds, as every limit here sends) ends, as an ISO timestamp: the
 * problem body carries it as `retryAt`, so a page can say "at 21:42" in the reader's own time without guessing.
 */
export const retryAtOf = (retryAfter: string | undefined, nowMs = Date.now()): string | undefined =>
  retryAfter && /^\d+$/.test(retryAfter) ? new Date(nowMs + Number(retryAfter) * 1000).toISOString() : undefined;

/** A 429 `RATE_LIMITED` whose detail ends with when to try again, and Retry-After to match. */
export const tooManyRequests = (reason: string, seconds: number, advice = ''): DomainError => {
  const wait = Math.max(1, Math.ceil(seconds));
  return new DomainError(errorCodes.rateLimited, 429, 'Too many requests', `${reason} Try again ${tryAgainIn(wait)}${advice}.`, undefined, {
    'retry-after': String(wait),
  });
};
