import { ArgumentsHost, Catch, ExceptionFilter, HttpException, HttpStatus, Logger } from '@nestjs/common';
import { errorCodes, Refusal, refusalStatus, type ErrorCode, type ProblemDetails } from '@abide/contracts';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { ZodValidationException } from 'nestjs-zod';
import type { ZodError } from 'zod';
import { DomainError } from './domain-error';
import { retryAtOf } from './retry-after';
import { isTransientError } from './transient-error';

const statusCodes: Record<number, ErrorCode> = {
  400: errorCodes.validationFailed,
  401: errorCodes.unauthorized,
  403: errorCodes.forbidden,
  404: errorCodes.notFound,
  405: errorCodes.methodNotAllowed,
  409: errorCodes.conflict,
  413: errorCodes.payloadTooLarge,
  429: errorCodes.rateLimited,
  503: errorCodes.serviceUnavailable,
  504: errorCodes.upstreamTimeout,
};

const titles: Record<number, string> = {
  400: 'Invalid request',
  401: 'Sign-in required',
  403: 'Forbidden',
  404: 'Not found',
  405: 'Method not allowed',
  409: 'Conflict',
  413: 'Payload too large',
  414: 'Address too long',
  415: 'Unsupported media type',
  422: 'Unprocessable content',
  429: 'Too many requests',
  431: 'Headers too large',
  500: 'Something went wrong',
  503: 'Service unavailable',
  504: 'Upstream timeout',
};

const fieldErrors = (error: ZodError) => error.issues.map((issue) => ({ field: issue.path.join('.') || '(body)', message: issue.message }));

/** Builds the RFC 9457 body; exported so the gateway's proxy and the services answer in exactly one shape. */
export const problem = (
  status: number,
  requestId: string | undefined,
  instance: string,
  fields: Partial<ProblemDetails> = {},
): ProblemDetails => ({
  type: `https://abide.app/problems/${(fields.code ?? statusCodes[status] ?? errorCodes.internal).toLowerCase().replace(/_/g, '-')}`,
  title: fields.title ?? titles[status] ?? 'Request failed',
  status,
  code: fields.code ?? statusCodes[status] ?? (status >= 500 ? errorCodes.internal : errorCodes.validationFailed),
  instance,
  requestId,
  ...(fields.detail ? { detail: fields.detail } : {}),
  ...(fields.errors?.length ? { errors: fields.errors } : {}),
  ...(fields.retryAt ? { retryAt: fields.retryAt } : {}),
});

const logger = new Logger('Errors');

/** Set by the gateway: the public prefix a service's routes are reached under, so a problem names the public URL. */
export const FORWARDED_PREFIX_HEADER = 'x-forwarded-prefix';

/** The public prefix the gateway named for this request (e.g. `/api`), or '' when called directly. */
export const publicPrefixOf = (request: FastifyRequest): string => {
  const prefix = request.headers?.[FORWARDED_PREFIX_HEADER];
  return typeof prefix === 'string' && /^(\/[\w-]+)+$/.test(prefix) ? prefix : '';
};

/**
 * The problem's `instance`: the public path without its query, which may carry a credential (`?access_token=` of the
 * live stream, a link's `code`) that a problem must never echo (it ends up in logs and bug reports).
 */
const publicUrlOf = (request: FastifyRequest): string => `${publicPrefixOf(request)}${(request.url ?? '').split('?')[0]}`;

/**
 * Answers `exception` as application/problem+json with the request id: the one mapping of errors to problems, used by
 * the global filter below and by routes that run outside Nest (the gateway's forwarder).
 */
export const replyWithProblem = (exception: unknown, request: FastifyRequest, reply: FastifyReply): void => {
  const requestId = String(request.id ?? '');
  const instance = publicUrlOf(request);
  let body: ProblemDetails;
  let headers: Record<string, string> = {};

  if (exception instanceof DomainError) {
    body = problem(exception.status, requestId, instance, {
      code: exception.code,
      title: exception.title,
      detail: exception.detail,
      errors: exception.errors,
    });
    headers = exception.headers ?? {};
  } else if (exception instanceof Refusal) {
    // A command the domain refused (a lost race included): the status of its code, its own words.
    const status = refusalStatus[exception.code] ?? 400;
    body = problem(status, requestId, instance, {
      code: exception.code,
      detail: exception.message,
      errors: exception.errors,
    });
  } else if (exception instanceof ZodValidationException) {
    const errors = fieldErrors(exception.getZodError() as ZodError);
    body = problem(400, requestId, instance, {
      code: errorCodes.validationFailed,
      detail: errors.map((e) => e.message).join(' '),
      errors,
    });
  } else if (exception instanceof HttpException) {
    const status = exception.getStatus();
    const response = exception.getResponse();
    const message =
      typeof response === 'string'
        ? response
        : Array.isArray((response as { message?: unknown }).message)
          ? (response as { message: string[] }).message.join(' ')
          : String((response as { message?: unknown }).message ?? exception.message);
    // Nest's router says `Cannot GET <url>`: named without its query, which may carry a credential.
    const detail = fastifyMessages[message] ?? message.replace(/^(Cannot [A-Z]+ [^?\s]*)\?\S*/, '$1');
    body = problem(status, requestId, instance, { detail });
  } else if (isClientError(exception)) {
    // Errors raised by Fastify itself before a route runs (malformed JSON, wrong content type, body too large).
    body = problem(exception.statusCode, requestId, instance, { detail: friendlyFastifyMessage(exception) });
  } else if (isTransientError(exception)) {
    // An engine is away (database restarting, Redis down): the request may simply be tried again shortly.
    logger.warn({ err: exception, requestId }, 'Engine unavailable');
    body = problem(HttpStatus.SERVICE_UNAVAILABLE, requestId, instance, {
      detail: 'This part of Abide is briefly unavailable. Please try again in a few seconds.',
    });
    headers = { 'retry-after': '5' };
  } else {
    logger.error({ err: exception, requestId }, 'Unhandled error');
    body = problem(HttpStatus.INTERNAL_SERVER_ERROR, requestId, instance, {
      detail: 'An unexpected error occurred. Please try again; if it keeps happening, quote the request id.',
    });
  }

  // A limit's answer names the moment it ends, so the page can say when to try again (the client's clock may be off).
  const retryAt = retryAtOf(headers['retry-after']);
  if (retryAt) body = { ...body, retryAt };
  void reply
    .status(body.status)
    .headers({ ...headers, 'content-type': 'application/problem+json; charset=utf-8', 'x-request-id': requestId })
    .send(body);
};

/** One global filter: every error leaves as application/problem+json with the request id. */
@Catch()
export class ProblemDetailsFilter implements ExceptionFilter {
  catch(exception: unknown, host: ArgumentsHost): void {
    if (host.getType() !== 'http') throw exception;
    const ctx = host.switchToHttp();
    replyWithProblem(exception, ctx.getRequest<FastifyRequest>(), ctx.getResponse<FastifyReply>());
  }
}

interface ClientError {
  statusCode: number;
  code?: string;
  message: string;
}

const isClientError = (e: unknown): e is ClientError =>
  typeof e === 'object' &&
  e !== null &&
  typeof (e as ClientError).statusCode === 'number' &&
  (e as ClientError).statusCode >= 400 &&
  (e as ClientError).statusCode < 500;

/**
 * Nest's router re-throws Fastify's own errors (malformed JSON, wrong content type…) as an HttpException carrying
 * only the message, so they are recognised by their message here.
 */
const fastifyMessages: Record<string, string> = {
  "Body is not valid JSON but content-type is set to 'application/json'": 'The request body is not valid JSON.',
  "Body cannot be empty when content-type is set to 'application/json'": 'The request body is not valid JSON.',
};

const friendlyFastifyMessage = (e: ClientError): string => {
  switch (e.code) {
    case 'FST_ERR_CTP_INVALID_JSON_BODY':
    case 'FST_ERR_CTP_EMPTY_JSON_BODY':
      return 'The request body is not valid JSON.';
    case 'FST_ERR_CTP_INVALID_MEDIA_TYPE':
      return 'This content type is not accepted here; send application/json.';
    case 'FST_ERR_CTP_BODY_TOO_LARGE':
      return 'The request body is too large.';
    case 'FST_ERR_BAD_URL':
      return 'The address is not valid: it has a character that cannot be decoded.';
    case 'FST_ERR_MAX_PARAM_LENGTH':
      return 'The address is too long.';
    default:
      return e.message;
  }
};
