import { UNMATCHED_ROUTE } from '@abide/platform';
import type { DocumentedMethods } from '../shared/documented-methods';
import { serviceOfSegment } from './route-table';

/** Fastify's templates of the forwarder (edge-proxy.ts): every public request has one of them, so they say nothing. */
const FORWARDER_TEMPLATES = new Set(['/api', '/api/*']);

const decoded = (segment: string): string => {
  try {
    return decodeURIComponent(segment);
  } catch {
    return segment;
  }
};

/**
 * The `route` label of a forwarded request: the merged document's path template in Fastify's notation
 * (`/api/habits/:id`); before the document is known, or for a path it does not declare, the route table's segment
 * (`/api/habits/*`); `unmatched` for a segment no service serves. Never the raw URL, so the series stay bounded.
 * Undefined for the gateway's own routes, whose Fastify template is the label.
 */
export const edgeRouteLabel = (
  url: string,
  template: string | undefined,
  documented: DocumentedMethods | undefined,
): string | undefined => {
  if (template !== undefined && !FORWARDER_TEMPLATES.has(template)) return undefined;
  const path = url.split('?')[0];
  const documentedPath = documented?.templateOf(path);
  if (documentedPath) return documentedPath.replace(/\{([^}]+)\}/g, ':$1');
  const segment = decoded(path.split('/')[2] ?? '');
  return path.startsWith('/api/') && Object.hasOwn(serviceOfSegment, segment) ? `/api/${segment}/*` : UNMATCHED_ROUTE;
};
