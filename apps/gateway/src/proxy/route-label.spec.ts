import type { OpenAPIObject } from '@nestjs/swagger';
import { DocumentedMethods } from '../shared/documented-methods';
import { edgeRouteLabel } from './route-label';

const op = { responses: {} };
const documented = new DocumentedMethods({
  paths: {
    '/api/habits': { get: op, post: op },
    '/api/habits/{id}': { patch: op, delete: op },
    '/api/groups/discover': { get: op },
    '/api/groups/{groupId}': { get: op },
    '/api/groups/{groupId}/members/{userId}': { delete: op },
  } as OpenAPIObject['paths'],
});

describe(edgeRouteLabel.name, () => {
  it("labels a forwarded request by the document's path template, ids and query left out", () => {
    expect(edgeRouteLabel('/api/habits/0195f3a2-7c1e?date=2026-11-22', '/api/*', documented)).toBe('/api/habits/:id');
    expect(edgeRouteLabel('/api/groups/g-1/members/u-2', '/api/*', documented)).toBe('/api/groups/:groupId/members/:userId');
    expect(edgeRouteLabel('/api/habits?week=2026-W48', '/api/*', documented)).toBe('/api/habits');
  });

  it('prefers a concrete documented path over a templated one', () => {
    expect(edgeRouteLabel('/api/groups/discover', '/api/*', documented)).toBe('/api/groups/discover');
  });

  it("falls back to the route table's segment when the document is not known yet or does not declare the path", () => {
    expect(edgeRouteLabel('/api/habits/0195f3a2-7c1e', '/api/*', undefined)).toBe('/api/habits/*');
    expect(edgeRouteLabel('/api/habits/a/b/c/d', '/api/*', documented)).toBe('/api/habits/*');
  });

  it('gives every path no service serves one label, so made-up URLs add no series', () => {
    const labels = ['/api/no-such-thing', '/api/x1/y', '/api/%zz', '/api', '/api/constructor', '/wp-login.php'].map((url) =>
      edgeRouteLabel(url, url.startsWith('/api') ? '/api/*' : undefined, documented),
    );

    expect(new Set(labels)).toEqual(new Set(['unmatched']));
  });

  it("leaves the gateway's own routes to their Fastify template", () => {
    expect(edgeRouteLabel('/health/ready', '/health/ready', documented)).toBeUndefined();
    expect(edgeRouteLabel('/api/docs-json', '/api/docs-json', documented)).toBeUndefined();
  });
});
