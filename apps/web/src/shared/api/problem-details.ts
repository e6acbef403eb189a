import type { FetchBaseQueryError } from '@reduxjs/toolkit/query';
import type { SerializedError } from '@reduxjs/toolkit';
import type { ProblemDetails } from '@abide/contracts';

type ApiError = FetchBaseQueryError | SerializedError | undefined;

/** The problem+json body of a failed call, when the server sent one. */
export function problemOf(error: ApiError): ProblemDetails | null {
  if (!error || !('status' in error) || typeof error.status !== 'number') return null;
  const body = error.data;
  if (typeof body !== 'object' || body === null) return null;
  const candidate = body as Partial<ProblemDetails>;
  return typeof candidate.title === 'string' && typeof candidate.status === 'number'
    ? (candidate as ProblemDetails)
    : null;
}

export function httpStatusOf(error: ApiError): number | null {
  return error && 'status' in error && typeof error.status === 'number' ? error.status : null;
}
