import { routeOf } from './route-table';

describe(routeOf.name, () => {
  it('sends a public path to the service named by its first segment, path and query unchanged', () => {
    expect(routeOf('/api/habits/h%2F1?date=2026-11-22')).toEqual({
      service: 'formation',
      servicePath: '/habits/h%2F1?date=2026-11-22',
      plainPath: '/habits/h/1',
    });
    expect(routeOf('/api/groups/g1/prayers')?.service).toBe('community');
    expect(routeOf('/api/account/delete')?.service).toBe('identity');
  });

  it('knows no route outside /api or under a segment no service serves', () => {
    expect(routeOf('/api')).toBeUndefined();
    expect(routeOf('/api/')).toBeUndefined();
    expect(routeOf('/api/openapi.json')).toBeUndefined();
    expect(routeOf('/api/health/ready')).toBeUndefined();
    expect(routeOf('/apix/habits')).toBeUndefined();
    expect(routeOf('/habits')).toBeUndefined();
  });
});
