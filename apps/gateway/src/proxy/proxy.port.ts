import type { ReadinessReport } from '@abide/platform';
import type { OpenAPIObject } from '@nestjs/swagger';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { ServiceName } from './route-table';

/**
 * What other gateway features may use of the proxy (docs/structure.md, "Ports"): the route table, the check of the edge
 * policies a document declares against the routes, and one token per caller of the client that talks to the services'
 * instances (`ServiceClient` answers all three; proxy.module.ts binds them).
 */
export { type EdgeRoute, routeOf, type ServiceName, serviceNames } from './route-table';
export { edgePolicyProblems } from './edge-policy-check';

/** The edge's catch-all route: a public request sent to its service as it came, and the answer back. */
export abstract class ServiceForwarder {
  /** Sends the request to `path` on one of the service's instances; a service down or slow throws a 503/504 problem. */
  abstract forward(service: ServiceName, request: FastifyRequest, reply: FastifyReply, path: string, timeoutMs?: number): Promise<void>;
}

/** The merged API document: each service's own document. */
export abstract class ServiceDocuments {
  abstract document(service: ServiceName): Promise<OpenAPIObject>;
}

/** The gateway's readiness: each service's, ready while one of its instances is. */
export abstract class ServiceReadiness {
  abstract readiness(service: ServiceName): Promise<ReadinessReport>;
}
