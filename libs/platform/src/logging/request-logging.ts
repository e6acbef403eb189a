import type { FastifyAdapter } from '@nestjs/platform-fastify';
import type { Logger as Pino } from 'pino';
import { requestContext, type RequestLogContext } from './logger';
import { REQUEST_ID_HEADER } from './request-id';

const contextOf = Symbol('abide.requestLogContext');

interface WithContext {
  [contextOf]?: RequestLogContext;
}

/** Probes are frequent and say nothing about a request: they get no access-log line. */
const isProbe = (url: string): boolean => url.startsWith('/health/');

/**
 * Query parameters whose values logs never show: a search's words (`q`, e.g. a member searching their journal) are
 * private, and a credential in a URL (the live stream's `access_token`, a link's `code`, a signed URL's signature)
 * would let anyone who reads the logs act as the member.
 */
const secretParameter = /^(q|code|otp|sig|state|auth|key|apikey)$|token|passw|secret|signature|credential|api[_-]key|session/i;

/** The URL as logs show it: the values of the parameters above replaced; the route and the others stay for debugging. */
export const loggedUrl = (url: string): string =>
  url.replace(/([?&])([^=&#]*)=([^&#]*)/g, (whole, separator: string, name: string) =>
    secretParameter.test(safeDecode(name)) ? `${separator}${name}=[redacted]` : whole,
  );

const safeDecode = (text: string): string => {
  try {
    return decodeURIComponent(text);
  } catch {
    return text;
  }
};

/**
 * Per request: the request id goes out in `x-request-id`, and the request's log context is entered for everything
 * that runs on its behalf (guards, handlers, filters and what they await), so each line they write carries
 * `req: { id, method, url }`. Callback hooks: no promise per hook.
 */
export const installRequestContext = (adapter: FastifyAdapter): void => {
  const fastify = adapter.getInstance();
  fastify.addHook('onRequest', (request, reply, done) => {
    reply.header(REQUEST_ID_HEADER, request.id);
    const context: RequestLogContext = { req: { id: request.id, method: request.method, url: loggedUrl(request.url) } };
    (request as unknown as WithContext)[contextOf] = context;
    requestContext.run(context, done);
  });
  // A body is read in the socket's events, outside the context entered above: enter it again before the handler.
  fastify.addHook('preValidation', (request, _reply, done) => {
    const context = (request as unknown as WithContext)[contextOf];
    if (!context || requestContext.getStore() === context) return done();
    requestContext.run(context, done);
  });
};

/**
 * One line per request once its response is sent: `{ req: { id, method, url }, res: { statusCode }, responseTime }`
 * with `msg: 'request completed'`, or 'request errored' at error level for a 5xx. Health probes are not logged.
 */
export const installAccessLog = (adapter: FastifyAdapter, logger: Pino): void => {
  adapter.getInstance().addHook('onResponse', (request, reply, done) => {
    const context = (request as unknown as WithContext)[contextOf];
    if (context && !isProbe(context.req.url)) {
      const statusCode = reply.statusCode;
      const line = { req: context.req, res: { statusCode }, responseTime: Math.round(reply.elapsedTime * 10) / 10 };
      if (statusCode >= 500) logger.error(line, 'request errored');
      else logger.info(line, 'request completed');
    }
    done();
  });
};
