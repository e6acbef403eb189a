/**
 * What other gateway features may use of the proxy: the route table, the client that forwards to the services, and the
 * check of the edge policies a document declares against the routes.
 */
export { ServiceClient } from './service-client';
export { type EdgeRoute, routeOf, type ServiceName, serviceNames } from './route-table';
export { edgePolicyProblems } from './edge-policy-check';
