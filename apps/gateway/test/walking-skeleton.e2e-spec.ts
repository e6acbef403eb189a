import type { FormationProfile, ProblemDetails, User } from '@abide/contracts';
import { call, eventually, UserSession } from '@abide/testing';

describe('walking skeleton: sign-up → identity → Kafka → formation → gateway', () => {
  it('returns the new member’s formation profile once formation has consumed the registration event', async () => {
    const sut = await UserSession.signUp({ name: 'Lydia of Thyatira' });

    const profile = await eventually(async () => {
      const res = await sut.get<FormationProfile>('/api/formation/profile');
      return res.status === 200 ? res.body : undefined;
    });

    expect(profile).toEqual({ userId: sut.user.id, displayName: 'Lydia of Thyatira', createdAt: expect.any(String) });
  });

  it('returns the account from /api/auth/me for the token’s owner only', async () => {
    const sut = await UserSession.signUp({ name: 'Priscilla' });

    const me = await sut.get<User>('/api/auth/me');

    expect(me.status).toBe(200);
    expect(me.body).toMatchObject({ id: sut.user.id, name: 'Priscilla', email: sut.email, roles: ['user'], onboardingCompleted: false });
  });
});

describe('gateway errors are problem+json with a request id, never a 500 for bad input', () => {
  it('lists each invalid field of a sign-up', async () => {
    const res = await call<ProblemDetails>('POST', '/api/auth/sign-up', { body: { name: ' ', email: 'not-an-email', password: 'short' } });

    expect(res.status).toBe(400);
    expect(res.body.code).toBe('VALIDATION_FAILED');
    expect(res.body.errors?.map((e) => e.field).sort()).toEqual(['codeChallenge', 'email', 'name']);
    expect(res.body.requestId).toBeTruthy();
  });

  it('answers malformed JSON with a 400 problem', async () => {
    const res = await call<ProblemDetails>('POST', '/api/auth/sign-up', { body: '{"name": "x",', headers: { 'content-type': 'application/json' } });

    expect(res.status).toBe(400);
    expect(res.body).toMatchObject({ code: 'VALIDATION_FAILED', detail: 'The request body is not valid JSON.' });
  });

  it('drops a __proto__ key from a JSON body and judges the rest, as the document allows', async () => {
    const body = '{"__proto__": {"polluted": true}, "name": ""}';
    const res = await call<ProblemDetails>('POST', '/api/auth/sign-up', { body, headers: { 'content-type': 'application/json' } });

    expect(res.status).toBe(400);
    expect(res.body.errors?.map((e) => e.field).sort()).toEqual(['codeChallenge', 'email', 'name', 'password']);
  });

  it('answers an unknown route with a 404 problem', async () => {
    const res = await call<ProblemDetails>('GET', '/api/no-such-thing');

    expect(res.status).toBe(404);
    expect(res.headers.get('content-type')).toContain('application/problem+json');
  });

  it('keeps the caller’s request id when one is sent', async () => {
    const res = await call<ProblemDetails>('GET', '/api/no-such-thing', { headers: { 'x-request-id': 'trace-me-123' } });

    expect(res.headers.get('x-request-id')).toBe('trace-me-123');
    expect(res.body.requestId).toBe('trace-me-123');
  });

  it('serves the OpenAPI document with every public route', async () => {
    const res = await call<{ paths: Record<string, unknown> }>('GET', '/api/docs-json');

    expect(res.status).toBe(200);
    expect(Object.keys(res.body.paths)).toEqual(
      expect.arrayContaining([
        '/api/auth/sign-up',
        '/api/auth/sign-in',
        '/api/auth/refresh',
        '/api/auth/sign-out',
        '/api/auth/token',
        '/api/auth/confirm',
        '/api/auth/recover',
        '/api/auth/password',
        '/api/auth/change-password',
        '/api/auth/me',
        '/api/auth/create-profile',
        '/api/formation/profile',
      ]),
    );
  });
});
