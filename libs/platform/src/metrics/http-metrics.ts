import type { FastifyAdapter } from '@nestjs/platform-fastify';
import { httpRequestDuration, httpRequestsInFlight, httpRequestsTotal } from './instruments';

/**
 * The `route` label of a request, when the app knows better than Fastify's route template (`template`, undefined
 * when no route matched): the gateway's one `/api/*` forwarder labels by its route table. Undefined: the template.
 * Must return a bounded set of values, never the raw URL.
 */
export type RouteLabeller = (method: string, url: string, template: string | undefined) => string | undefined;

/** What a request that matched no route is labelled: never its URL, which would make a series per probe for typos. */
export const UNMATCHED_ROUTE = 'unmatched';

const counted = Symbol('abide.httpMetricsCounted');

interface Marked {
  [counted]?: boolean;
}

/**
 * Request rate, latency and in-flight requests for every route, labelled by route template (`/habits/:id`), never
 * by raw URL. Callback hooks, and the elapsed time Fastify measures anyway: a few map lookups per request.
 */
export const installHttpMetrics = (adapter: FastifyAdapter, labelRoute?: RouteLabeller): void => {
  const fastify = adapter.getInstance();
  fastify.addHook('onRequest', (request, _reply, done) => {
    httpRequestsInFlight.inc();
    done();
  });
  // A request the client gave up on may never get onResponse: it leaves the in-flight count here, once.
  const settle = (request: Marked): boolean => {
    if (request[counted]) return false;
    request[counted] = true;
    httpRequestsInFlight.dec();
    return true;
  };
  fastify.addHook('onRequestAbort', (request, done) => {
    settle(request as unknown as Marked);
    done();
  });
  fastify.addHook('onResponse', (request, reply, done) => {
    settle(request as unknown as Marked);
    const template = request.routeOptions.url;
    const route = labelRoute?.(request.method, request.url, template) ?? template ?? UNMATCHED_ROUTE;
    const labels = { method: request.method, route, status: String(reply.statusCode) };
    httpRequestsTotal.inc(labels);
    httpRequestDuration.observe(labels, reply.elapsedTime / 1000);
    done();
  });
};
