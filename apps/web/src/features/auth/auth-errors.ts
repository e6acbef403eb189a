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

/** Field messages of a 400/422 answer, e.g. every reason a password is too weak. */
export function fieldErrorsOf(error: unknown): Map<string, string[]> {
  const byField = new Map<string, string[]>();
  for (const { field, message } of problemOf(asApiError(error))?.errors ?? []) {
    byField.set(field, [...(byField.get(field) ?? []), message]);
  }
  return byField;
}

export const problemCodeOf = (error: unknown): string | undefined => problemOf(asApiError(error))?.code;
