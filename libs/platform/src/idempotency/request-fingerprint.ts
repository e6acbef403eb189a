import { createHash } from 'node:crypto';
import type { FastifyRequest } from 'fastify';

/** The route as the service declares it (`POST /habits/:id/check-ins`): keys are scoped to it. */
export const routeOf = (request: FastifyRequest): string => `${request.method} ${request.routeOptions.url ?? request.url.split('?')[0]}`;

/**
 * What makes two requests "the same" for a key: method, path with query, and body. A JSON body counts as parsed and
 * written back (spacing does not matter); one the route reads as a stream (an upload) counts by its type and length.
 */
export const fingerprintOf = (request: FastifyRequest): string => {
  const body =
    request.body === undefined
      ? `${request.headers['content-type'] ?? ''};${request.headers['content-length'] ?? ''}`
      : JSON.stringify(request.body);
  return createHash('sha256').update(`${request.method}\n${request.url}\n${body}`).digest('base64url');
};
