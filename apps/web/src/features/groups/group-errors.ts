import type { SerializedError } from '@reduxjs/toolkit';
import type { FetchBaseQueryError } from '@reduxjs/toolkit/query';
import { problemOf } from '../../shared/api/problem-details';

/**
 * The toast description for a failed group call: a 4xx problem's detail is written for the member (the plan limit,
 * 'this request was already answered'); anything else gets the generic line.
 */
export function failureDescription(error: FetchBaseQueryError | SerializedError | undefined, fallback = 'Please try again.'): string {
  const problem = problemOf(error);
  return problem && problem.status < 500 && problem.detail ? problem.detail : fallback;
}
