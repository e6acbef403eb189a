import type { OpenAPIObject } from '@nestjs/swagger';
import { DocumentedMethods } from './documented-methods';

const op = { responses: {} };
const methods = new DocumentedMethods({
  paths: {
    '/api/groups': { get: op, post: op },
    '/api/groups/discover': { get: op },
    '/api/groups/{id}': { get: op, patch: op },
    '/api/groups/{id}/members/{userId}': { delete: op },
  } as OpenAPIObject['paths'],
});

describe(DocumentedMethods.name, () => {
  it('names the documented methods of a path, with HEAD wherever GET is', () => {
    expect(methods.methodsOf('/api/groups')).toEqual(['GET', 'POST', 'HEAD']);
    expect(methods.methodsOf('/api/groups/0195/members/0196')).toEqual(['DELETE']);
  });

  it('prefers a concrete path to a templated one, as the services route', () => {
    expect(methods.methodsOf('/api/groups/discover')).toEqual(['GET', 'HEAD']);
    expect(methods.methodsOf('/api/groups/0195')).toEqual(['GET', 'PATCH', 'HEAD']);
  });

  it('falls back to the template when the concrete branch leads nowhere', () => {
    const withChild = new DocumentedMethods({
      paths: { '/api/a/fixed': { get: op }, '/api/a/{id}/child': { post: op } } as OpenAPIObject['paths'],
    });
    expect(withChild.methodsOf('/api/a/fixed/child')).toEqual(['POST']);
  });

  it('knows nothing of an undocumented path, so the request is forwarded as it came', () => {
    expect(methods.methodsOf('/api/unknown')).toBeUndefined();
    expect(methods.methodsOf('/api/groups/0195/members')).toBeUndefined();
  });

  it('finds a route’s edge policy by its method, as the services’ routers do', () => {
    const routes = new DocumentedMethods({
      paths: {
        '/api/groups/discover': { get: op },
        '/api/groups/{id}': { post: { ...op, 'x-abide-edge': { rateLimit: 'church-join' } } },
      } as OpenAPIObject['paths'],
    });
    // A POST to /groups/discover is served by POST /groups/{id}, so it is counted as one.
    expect(routes.policyOf('POST', '/api/groups/discover')).toEqual({ rateLimit: 'church-join' });
    expect(routes.policyOf('GET', '/api/groups/discover')).toBeUndefined();
  });
});
