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

const leave = (): void => {
  httpRequestsInFlight.dec();
};

/**
 * Request rate, latency and in-flight requests for every route, labelled by route template (`/habits/:id`), never
 * by raw URL. Callback hooks, and the elapsed time Fastify measures anyway: a few map lookups per request.
 */
export const installHttpMetrics = (adapter: FastifyAdapter, labelRoute?: RouteLabeller): void => {
  const fastify = adapter.getInstance();
  // Counted up and down in one place, on the response's own `close` (sent, or its connection gone): a request another
  // hook answers first, a client that gives up, or one Fastify answers before any hook (a bad URL) cannot unbalance it.
  fastify.addHook('onRequest', (_request, reply, done) => {
    httpRequestsInFlight.inc();
    reply.raw.once('close', leave);
    done();
  });
  fastify.addHook('onResponse', (request, reply, done) => {
    const template = request.routeOptions.url;
    const route = labelRoute?.(request.method, request.url, template) ?? template ?? UNMATCHED_ROUTE;
    const labels = { method: request.method, route, status: String(reply.statusCode) };
    httpRequestsTotal.inc(labels);
    httpRequestDuration.observe(labels, reply.elapsedTime / 1000);
    done();
  });
};
