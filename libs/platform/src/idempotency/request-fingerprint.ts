import { createHash } from 'node:crypto';
import type { FastifyRequest } from 'fastify';

/** The route as the service declares it (`POST /habits/:id/check-ins`): keys are scoped to it. */
export const routeOf = (request: FastifyRequest): string => `${request.method} ${request.routeOptions.url ?? request.url.split('?')[0]}`;

/**
 * What makes two requests "the same" for a key: method, path with query, and body. A JSON body counts as parsed and
 * written back (spacing does not matter). A body the route reads as a stream (an upload) is not read here: it counts
 * by its media type only, since a browser sending the same form again picks a new multipart boundary.
 */
export const fingerprintOf = (request: FastifyRequest): string => {
  const body = request.body === undefined ? (request.headers['content-type'] ?? '').split(';')[0].trim() : JSON.stringify(request.body);
  return createHash('sha256').update(`${request.method}\n${request.url}\n${body}`).digest('base64url');
};
