import { randomUUID } from 'node:crypto';
import type { IncomingMessage } from 'node:http';

export const REQUEST_ID_HEADER = 'x-request-id';

const safeId = /^[\w.:-]{1,128}$/;

/** Reuses the caller's request id (the gateway's) when it is well-formed, otherwise starts a new one. */
export const requestIdFor = (req: IncomingMessage): string => {
  const incoming = req.headers[REQUEST_ID_HEADER];
  return typeof incoming === 'string' && safeId.test(incoming) ? incoming : randomUUID();
};
