import { routeOf, UPLOAD_TIMEOUT_MS } from './route-table';

describe(routeOf.name, () => {
  it('sends a public path to the service named by its first segment, path and query unchanged', () => {
    expect(routeOf('GET', '/api/habits/h%2F1?date=2026-11-22')).toEqual({
      service: 'formation',
      servicePath: '/habits/h%2F1?date=2026-11-22',
      rule: undefined,
    });
    expect(routeOf('POST', '/api/groups/g1/prayers')?.service).toBe('community');
    expect(routeOf('POST', '/api/account/delete')?.service).toBe('identity');
  });

  it('knows no route outside /api or under a segment no service serves', () => {
    expect(routeOf('GET', '/api')).toBeUndefined();
    expect(routeOf('GET', '/api/')).toBeUndefined();
    expect(routeOf('GET', '/api/openapi.json')).toBeUndefined();
    expect(routeOf('GET', '/api/health/ready')).toBeUndefined();
    expect(routeOf('GET', '/apix/habits')).toBeUndefined();
    expect(routeOf('GET', '/habits')).toBeUndefined();
  });

  it('limits sign-up, sign-in, its second step and recovery however the path is spelt', () => {
    expect(routeOf('POST', '/api/auth/sign-in')?.rule?.rateLimit).toBe('sign-in');
    expect(routeOf('POST', '/api/auth/two-factor/verify')?.rule?.rateLimit).toBe('two-factor');
    expect(routeOf('POST', '/api/auth/two-factor%2Fverify')?.rule?.rateLimit).toBe('two-factor');
    expect(routeOf('POST', '/api/auth/two-factor/enrolment')?.rule).toBeUndefined();
    expect(routeOf('POST', '/api/auth/sign%2Din?x=1')?.rule?.rateLimit).toBe('sign-in');
    expect(routeOf('POST', '/api/auth/sign-up')?.rule?.rateLimit).toBe('sign-up');
    expect(routeOf('POST', '/api/auth/recover')?.rule?.rateLimit).toBe('recover');
    expect(routeOf('POST', '/api/auth/refresh')?.rule).toBeUndefined();
  });

  it('gives uploads, the moderation preview and the journal insight longer than an ordinary call', () => {
    expect(routeOf('POST', '/api/uploads')?.rule?.timeoutMs).toBe(UPLOAD_TIMEOUT_MS);
    expect(routeOf('GET', '/api/moderation/resources/r1/file')?.rule?.timeoutMs).toBe(60_000);
    expect(routeOf('POST', '/api/journal/entries/e1/insight')?.rule?.timeoutMs).toBe(15_000);
    expect(routeOf('GET', '/api/uploads')?.rule).toBeUndefined();
  });
});
