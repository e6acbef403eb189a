import { EDGE_POLICY_EXTENSION, edgeRateLimits, isEdgeRateLimit } from '@abide/contracts';
import type { OpenAPIObject } from '@nestjs/swagger';
import { routeOf } from './route-table';

const HTTP_METHODS = ['get', 'put', 'post', 'delete', 'patch', 'head', 'options', 'trace'] as const;

/**
 * What is wrong between the edge policies a merged document declares (`x-abide-edge` on its operations) and the gateway
 * that applies them: a policy on a path the route table sends to no service, a limit the gateway does not have, a
 * timeout that is not a positive number of milliseconds, and a limit of the gateway that no route names (a rule left
 * behind when its route moved). Empty when every policy names a route and every limit is used.
 */
export const edgePolicyProblems = (
  document: Pick<OpenAPIObject, 'paths'>,
  limits: readonly string[] = Object.keys(edgeRateLimits),
): string[] => {
  const problems: string[] = [];
  const named = new Set<string>();
  for (const [path, item] of Object.entries(document.paths ?? {})) {
    for (const method of HTTP_METHODS) {
      const declared = (item[method] as Record<string, unknown> | undefined)?.[EDGE_POLICY_EXTENSION] as
        Record<string, unknown> | undefined;
      if (!declared) continue;
      const operation = `${method.toUpperCase()} ${path}`;
      // Any value stands in for a path parameter: the route table reads only the first segment.
      if (!routeOf(path.replace(/\{[^}]+\}/g, 'x')))
        problems.push(`${operation} declares an edge policy, but the gateway routes it to no service`);
      const { rateLimit, timeoutMs } = declared;
      if (rateLimit !== undefined) {
        if (isEdgeRateLimit(rateLimit) && limits.includes(rateLimit)) named.add(rateLimit);
        else problems.push(`${operation} names the rate limit ${JSON.stringify(rateLimit)}, which the gateway does not have`);
      }
      if (timeoutMs !== undefined && !(Number.isInteger(timeoutMs) && (timeoutMs as number) > 0))
        problems.push(`${operation} declares a timeout of ${JSON.stringify(timeoutMs)}, not a positive number of milliseconds`);
    }
  }
  for (const limit of limits) if (!named.has(limit)) problems.push(`the gateway's rate limit "${limit}" names no route`);
  return problems;
};
