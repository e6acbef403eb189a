import { applyDecorators } from '@nestjs/common';
import { ApiResponse } from '@nestjs/swagger';
import { PROBLEM_DETAILS_REF } from './problem-details.schema';

const descriptions: Record<number, string> = {
  400: 'Invalid input; `errors` lists each field',
  401: 'Missing, invalid or expired access token',
  403: 'Signed in, but not allowed',
  404: 'Not found',
  409: 'Conflict with the current state',
  413: 'Payload too large',
  415: 'Unsupported media type: the body is not in the documented content type',
  422: 'Rejected by a rule (e.g. weak password, with reasons)',
  429: 'Too many requests; see Retry-After',
  503: 'A service is unavailable',
  504: 'A service took too long',
};

/**
 * Documents the problem+json answers a route can give. Every public route can also answer 503/504: the gateway gives
 * them when the service is down or slow.
 */
export const ApiProblems = (...statuses: number[]) =>
  applyDecorators(
    ...[...statuses, 503, 504].map((status) =>
      ApiResponse({
        status,
        description: descriptions[status],
        content: { 'application/problem+json': { schema: { $ref: PROBLEM_DETAILS_REF } } },
      }),
    ),
  );
