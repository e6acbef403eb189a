import { randomUUID } from 'node:crypto';
import { STATUS_CODES } from 'node:http';
import type { Socket } from 'node:net';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { REQUEST_ID_HEADER } from '../logging/request-id';
import { problem, replyWithProblem } from './problem-details.filter';

/**
 * Path parameters longer than this are refused with 414 before any route runs (Fastify's default is 100, which a
 * long but honest slug or search passes). The gateway's `/api/*` wildcard carries the whole path as one parameter.
 */
export const MAX_PARAM_LENGTH = 2048;

/**
 * Fastify's `frameworkErrors`: a URL it cannot decode (`%ff`) or a parameter past the limit is answered by the router
 * itself, before hooks and Nest; without this it answers in its own JSON, without a request id.
 */
export const answerFrameworkError = (error: Error, request: unknown, reply: unknown): void => {
  // Nest's adapter is typed against its own copy of fastify: same runtime API.
  replyWithProblem(error, request as FastifyRequest, reply as FastifyReply);
};

const clientErrorStatus: Record<string, number> = {
  HPE_HEADER_OVERFLOW: 431,
  HPE_CHUNK_EXTENSIONS_OVERFLOW: 413,
};

const clientErrorDetail: Record<number, string> = {
  400: 'The request could not be read as HTTP.',
  408: 'The request took too long to arrive.',
  413: 'The request is too large.',
  431: 'The request headers are too large.',
};

/**
 * Fastify's `clientErrorHandler`: Node's HTTP parser refused the bytes (headers too large, malformed request line)
 * before there is a request object. Answers the same problem+json with a fresh request id, then closes the connection
 * (the rest of what was sent cannot be framed).
 */
export const answerClientError = (error: { code?: string }, socket: Socket): void => {
  // An answer already under way on this connection cannot be followed by another (as Node's own handler does).
  const answering = (socket as Socket & { _httpMessage?: { headersSent?: boolean } })._httpMessage?.headersSent;
  if (!socket.writable || answering || error.code === 'ECONNRESET') {
    socket.destroy();
    return;
  }
  const status = error.code === 'ERR_HTTP_REQUEST_TIMEOUT' ? 408 : (clientErrorStatus[error.code ?? ''] ?? 400);
  const requestId = randomUUID();
  const body = JSON.stringify(problem(status, requestId, '', { detail: clientErrorDetail[status] }));
  socket.end(
    `HTTP/1.1 ${status} ${STATUS_CODES[status]}\r\n` +
      `content-type: application/problem+json; charset=utf-8\r\n${REQUEST_ID_HEADER}: ${requestId}\r\n` +
      `content-length: ${Buffer.byteLength(body)}\r\nconnection: close\r\n\r\n${body}`,
  );
};
