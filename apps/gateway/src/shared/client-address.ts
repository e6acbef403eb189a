import { errorCodes } from '@abide/contracts';
import { DomainError } from '@abide/platform';
import type { FastifyRequest } from 'fastify';

/**
 * The address a request came from (through the trusted proxies), which limits count it by and services are told.
 * Node forgets a socket's address once it closes, so a client that hung up before its request was counted has none:
 * that request ends as a 400 nobody reads, rather than as a 500 from a limit's key.
 */
export const clientAddress = (request: Pick<FastifyRequest, 'ip'>): string => {
  const ip = request.ip as string | undefined;
  if (!ip) {
    throw new DomainError(errorCodes.clientClosedRequest, 400, 'Connection closed', 'The connection closed before the request was read.');
  }
  return ip;
};
