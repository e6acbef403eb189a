import type { SerializedError } from '@reduxjs/toolkit';
import type { FetchBaseQueryError } from '@reduxjs/toolkit/query';
// Deep imports of @abide/contracts on a member's first page: the barrel would build every schema of every service
// at load (zod), where this page needs a few (issue #12).
import { errorCodes } from '@abide/contracts/src/errors/error-codes';
import { httpStatusOf, problemOf } from '../../shared/api/problem-details';

/** Sign-in of an address whose confirmation link was never opened (identity answers 403). */
export const EMAIL_NOT_CONFIRMED = errorCodes.emailNotConfirmed;

type AnyError = FetchBaseQueryError | SerializedError | undefined;

/** `unwrap()` rejects with the RTK Query error object; anything else is a programming error. */
export const asApiError = (error: unknown): AnyError =>
  typeof error === 'object' && error !== null ? (error as FetchBaseQueryError) : undefined;

export const isRateLimited = (error: unknown) =>
  httpStatusOf(asApiError(error)) === 429 || problemOf(asApiError(error))?.code === errorCodes.rateLimited;

/** What a limit tells the person: when they can try again, and the server's reason. */
export interface RateLimitNotice {
  /** "You can try again at 21:42." in the reader's own clock; empty when the server named no moment. */
  when: string;
  /** The server's words, which say how long (e.g. "… Try again in 3 minutes, or reset your password."). */
  detail: string;
}

/** 21:42 in the browser's zone and locale, rounded up to the minute so it is never earlier than the server allows. */
export const clockTime = (at: Date): string =>
  new Date(Math.ceil(at.getTime() / 60_000) * 60_000).toLocaleTimeString([], { hour: 'numeric', minute: '2-digit' });

/**
 * A 429's notice from the server's own answer: its detail and its `retryAt` (the moment the limit ends). The page never
 * guesses a wait; without the server's words it says only that it must wait.
 */
export function rateLimitNotice(error: unknown): RateLimitNotice {
  const problem = problemOf(asApiError(error));
  const at = problem?.retryAt ? new Date(problem.retryAt) : undefined;
  return {
    when: at && !Number.isNaN(at.getTime()) ? `You can try again at ${clockTime(at)}.` : '',
    detail: problem?.detail ?? 'Too many attempts. Please wait a little and try again.',
  };
}

/** The notice as one line, for a field's message or a toast. */
export const rateLimitText = (error: unknown): string => {
  const { when, detail } = rateLimitNotice(error);
  return when ? `${detail} ${when}` : detail;
};

/** Field messages of a 400/422 answer, e.g. every reason a password is too weak. */
export function fieldErrorsOf(error: unknown): Map<string, string[]> {
  const byField = new Map<string, string[]>();
  for (const { field, message } of problemOf(asApiError(error))?.errors ?? []) {
    byField.set(field, [...(byField.get(field) ?? []), message]);
  }
  return byField;
}

export const problemCodeOf = (error: unknown): string | undefined => problemOf(asApiError(error))?.code;
