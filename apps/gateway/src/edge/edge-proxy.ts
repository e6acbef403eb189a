import { errorCodes, type EdgePolicy } from '@abide/contracts';
import { DomainError, replyWithProblem } from '@abide/platform';
import type { NestFastifyApplication } from '@nestjs/platform-fastify';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { DocumentedRoutes } from '../docs/docs.port';
import { clientAddress } from '../shared/client-address';
import { RateLimiter, SignedInMember } from '../rate-limit/rate-limit.port';
import { type EdgeRoute, routeOf, ServiceForwarder } from '../proxy/proxy.port';

/**
 * The public API: every `/api/…` request goes to the service the route table names, as it came. A raw Fastify route,
 * not a Nest controller: no guard, pipe or body parsing runs for a request the gateway only passes on; the request id,
 * access log and CORS hooks are the app's own and run as for any route. Bodies are never parsed here (the services
 * validate them): in this scope every content type is accepted unread and its bytes stream to the service.
 *
 * Authentication is the services' (their AccessGuard knows which routes are public and which roles a route needs);
 * the gateway does not check tokens, so a stale token still reaches /auth/refresh and the other public routes.
 */
export const installEdgeProxy = (app: NestFastifyApplication): void => {
  const services = app.get(ServiceForwarder);
  const limits = app.get(RateLimiter);
  const document = app.get(DocumentedRoutes);
  const members = app.get(SignedInMember);
  /**
   * The route's edge policy, from its service's own document (docs/api-document.ts). Until that document can be read
   * the request is not forwarded unlimited: it answers as a request to a service that is down.
   */
  const policyOf = async (method: string, route: EdgeRoute): Promise<EdgePolicy | undefined> => {
    const routes = await document.routesOf(route.service).catch(() => {
      throw DomainError.upstream(route.service, false);
    });
    return routes.policyOf(method, route.plainPath);
  };
  /**
   * A documented path asked with a method its document does not declare answers 405 with `Allow` (RFC 9110), before
   * its body is read or a service is asked. OPTIONS is CORS' preflight and always passes; with no document yet, every
   * request is forwarded as it came.
   */
  const refuseUndeclaredMethod = async (request: FastifyRequest, reply: FastifyReply): Promise<FastifyReply | undefined> => {
    if (request.method === 'OPTIONS') return undefined;
    const allowed = document.methods()?.methodsOf(request.url.split('?')[0]);
    if (!allowed || allowed.includes(request.method)) return undefined;
    const allow = allowed.join(', ');
    const detail = `${request.method} is not allowed here; use ${allow}.`;
    replyWithProblem(new DomainError(errorCodes.methodNotAllowed, 405, 'Method not allowed', detail, undefined, { allow }), request, reply);
    return reply; // Fastify: an async hook that returns the reply it sent ends the request there.
  };
  const forward = async (request: FastifyRequest, reply: FastifyReply): Promise<void> => {
    try {
      const route = routeOf(request.url);
      if (!route) {
        throw new DomainError(errorCodes.notFound, 404, 'Not found', `Cannot ${request.method} ${request.url.split('?')[0]}`);
      }
      const policy = await policyOf(request.method, route);
      const counted = policy?.rateLimit
        ? await limits.check(policy.rateLimit, clientAddress(request), () => members.of(request))
        : undefined;
      try {
        await services.forward(route.service, request, reply, route.servicePath, policy?.timeoutMs);
      } finally {
        // A request the service never answered (down, timed out) is given back like one whose answer does not count.
        // Not awaited: the answer does not wait for the counter; settle logs a counter it could not reach.
        if (counted) limits.settle(counted, reply.sent ? reply.statusCode : 503).catch(() => undefined);
      }
    } catch (error) {
      if (reply.sent) {
        request.raw.destroy();
        return;
      }
      replyWithProblem(error, request, reply);
    }
  };
  void app
    .getHttpAdapter()
    .getInstance()
    .register(async (edge) => {
      edge.removeAllContentTypeParsers();
      edge.addContentTypeParser('*', (_request, _payload, done) => done(null));
      edge.addHook('onRequest', (request, reply) =>
        refuseUndeclaredMethod(request as unknown as FastifyRequest, reply as unknown as FastifyReply),
      );
      // Nest's adapter is typed against its own copy of fastify, the libraries against the root one: same runtime API.
      const handler = (request: unknown, reply: unknown) => forward(request as FastifyRequest, reply as FastifyReply);
      edge.all('/api', handler);
      edge.all('/api/*', handler);
    });
};
