import type { OpenAPIObject } from '@nestjs/swagger';
import { DocumentClashError, mergeDocuments } from './merge-documents';

const problem = { type: 'object', properties: { status: { type: 'integer' } } };
const doc = (paths: OpenAPIObject['paths'], schemas: Record<string, unknown> = {}, tags: string[] = []): OpenAPIObject =>
  ({
    openapi: '3.0.0',
    info: { title: 'service', version: '1' },
    tags: tags.map((name) => ({ name })),
    paths,
    components: { schemas: { ProblemDetails: problem, ...schemas } },
  }) as OpenAPIObject;

describe(mergeDocuments.name, () => {
  it('serves every service’s paths under /api with their components, one info and the bearer scheme', () => {
    const merged = mergeDocuments({
      identity: doc({ '/auth/me': { get: { responses: {} } } }, { UserDto: { type: 'object' } }, ['auth']),
      formation: doc({ '/habits': { get: { responses: {} }, post: { responses: {} } } }, { HabitDto: { type: 'object' } }, [
        'habits',
        'auth',
      ]),
    });

    expect(Object.keys(merged.paths)).toEqual(['/api/auth/me', '/api/habits']);
    expect(Object.keys(merged.paths['/api/habits'])).toEqual(['get', 'post']);
    expect(Object.keys(merged.components?.schemas ?? {}).sort()).toEqual(['HabitDto', 'ProblemDetails', 'UserDto']);
    expect(merged.components?.securitySchemes?.bearer).toMatchObject({ type: 'http', scheme: 'bearer' });
    expect(merged.info.title).toBe('Abide API');
    expect(merged.tags?.map((t) => t.name)).toEqual(['auth', 'habits']);
  });

  it('refuses two services defining one schema name differently, or documenting one operation', () => {
    const merge = () =>
      mergeDocuments({
        library: doc({ '/uploads': { get: { responses: {} } } }, { ResourceDto: { type: 'object' } }),
        community: doc({ '/uploads': { get: { responses: {} } } }, { ResourceDto: { type: 'string' } }),
      });

    expect(merge).toThrow(DocumentClashError);
    expect(merge).toThrow(/GET \/api\/uploads is documented by library and community/);
    expect(merge).toThrow(/components\.schemas\.ResourceDto differs between library and community/);
  });
});
