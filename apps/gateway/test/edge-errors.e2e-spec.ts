import { apiUrl, call, eventually, randomClientIp, streamedInPieces, UserSession } from '@abide/testing';
import { randomBytes, randomUUID } from 'node:crypto';
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { Pool, request } from 'undici';

/**
 * The gateway's edge as strangers meet it: every refusal, whoever makes it (Fastify, Node, the gateway or a service),
 * is problem+json with a request id; a service's early answer to a large body reaches the caller; a credential in a
 * URL is never echoed or logged.
 */
describe('the gateway edge', () => {
  const base = apiUrl();
  const clientIp = randomClientIp();

  const json = (body: string) => ({ 'content-type': 'application/json', 'content-length': String(Buffer.byteLength(body)) });
  type Call = { method?: 'GET' | 'POST' | 'PUT' | 'DELETE'; path: string; headers?: Record<string, string>; body?: string };
  const framework: Array<[string, Call, number]> = [
    ['a 3,000-character id', { path: `/api/churches/${'a'.repeat(3000)}` }, 414],
    ['a URL that cannot be decoded', { path: '/api/churches/by-slug/%00%ff' }, 400],
    ['a path outside the API', { path: '/nowhere' }, 404],
    ['a method the API does not declare', { method: 'DELETE', path: '/api/churches' }, 405],
    ['malformed JSON', { method: 'POST', path: '/api/churches', headers: json('{"name":'), body: '{"name":' }, 400],
    ['a content type nobody parses', { method: 'POST', path: '/api/churches', headers: { 'content-type': 'text/xml' }, body: '<a/>' }, 415],
    ['a body past the limit', { method: 'POST', path: '/api/churches', headers: json('x'.repeat(2e6)), body: 'x'.repeat(2e6) }, 413],
    ['headers past what Node reads', { path: '/api/churches', headers: { 'x-padding': 'p'.repeat(20_000) } }, 431],
  ];

  // The gateway answers 405 from the services' merged document, which it fetches once they are up.
  beforeAll(() =>
    eventually(async () => ((await call('DELETE', '/api/churches')).status === 405 ? true : undefined), { timeoutMs: 30_000 }),
  );

  it.each(framework)('answers %s with problem+json and a request id', async (_what, call, status) => {
    const response = await request(`${base}${call.path}`, {
      method: call.method ?? 'GET',
      headers: { 'x-forwarded-for': clientIp, ...call.headers },
      body: call.body,
    });
    const body = (await response.body.json()) as Record<string, unknown>;

    expect(response.statusCode).toBe(status);
    expect(response.headers['content-type']).toBe('application/problem+json; charset=utf-8');
    expect(body).toMatchObject({ status, requestId: response.headers['x-request-id'] });
    expect(body.requestId).toEqual(expect.any(String));
    expect(String(body.detail)).not.toMatch(/FST_|HPE_/);
  });

  it('answers a 500-character slug as the service does (not found), in problem+json', async () => {
    const response = await request(`${base}/api/churches/by-slug/${'s'.repeat(500)}`, { headers: { 'x-forwarded-for': clientIp } });
    const body = (await response.body.json()) as Record<string, unknown>;

    expect([400, 404]).toContain(response.statusCode);
    expect(response.headers['content-type']).toBe('application/problem+json; charset=utf-8');
    expect(body.requestId).toBe(response.headers['x-request-id']);
  });

  it('gives the caller the service’s own early answer to a large body (413, 401, 400, 403/404), never a 503, time after time', async () => {
    const admin = await UserSession.signUp({ name: 'Priscilla' });
    const big = Buffer.alloc(4 * 1024 * 1024, 'a');
    const multipart = 'multipart/form-data; boundary=abide-early-answer';
    const routes: Array<{ method: 'POST' | 'PUT'; path: string; contentType: string; token?: string; expected: number[] }> = [
      { method: 'POST', path: '/api/churches', contentType: 'application/json', token: admin.token, expected: [413] },
      { method: 'POST', path: '/api/uploads', contentType: multipart, expected: [401] },
      { method: 'POST', path: '/api/member-imports', contentType: multipart, token: admin.token, expected: [400] },
      { method: 'PUT', path: `/api/logos/${randomUUID()}`, contentType: multipart, token: admin.token, expected: [403, 404] },
    ];
    const pool = new Pool(base, { connections: 2, headersTimeout: 30_000, bodyTimeout: 30_000 });
    const unexpected: string[] = [];
    try {
      for (let round = 0; round < 5; round += 1) {
        for (const route of routes) {
          const headers: Record<string, string> = {
            'content-type': route.contentType,
            'content-length': String(big.length),
            'x-forwarded-for': clientIp,
          };
          if (route.token) headers.authorization = `Bearer ${route.token}`;
          const outcome = await pool
            .request({ method: route.method, path: route.path, headers, body: streamedInPieces(big) })
            .then(async (response) => {
              const text = await response.body.text();
              return route.expected.includes(response.statusCode) ? undefined : `${response.statusCode} ${text.slice(0, 200)}`;
            })
            .catch((error: { code?: string }) => String(error.code));
          if (outcome) unexpected.push(`${route.method} ${route.path}: ${outcome}`);
        }
      }
    } finally {
      await pool.close();
    }
    expect(unexpected).toEqual([]);
  });

  it('never echoes or logs an access token sent in a URL', async () => {
    const member = await UserSession.signUp({ name: 'Lydia' });
    // A token that looks real but is refused (a signature of no key, fresh each run: the logs outlive a run), and the
    // member's real one on a route that refuses it for another reason.
    const fake = `${member.token.split('.').slice(0, 2).join('.')}.${randomBytes(32).toString('base64url')}`;
    const calls = [`/api/live?access_token=${fake}`, `/api/habits?access_token=${fake}`, `/api/nowhere/at/all?token=${member.token}`];
    for (const url of calls) {
      const response = await request(`${base}${url}`, { headers: { 'x-forwarded-for': clientIp, accept: 'application/json' } });
      const text = await response.body.text();

      expect([401, 404]).toContain(response.statusCode);
      expect(text).not.toContain('access_token');
      expect(text).not.toContain(fake.split('.')[2]);
      expect(text).not.toContain(member.token.split('.')[2]);
    }
    // The access-log lines are written as each answer goes: give the asynchronous log a moment to reach the files.
    await new Promise((resolve) => setTimeout(resolve, 1000));
    const dir = process.env.E2E_LOG_DIR ?? '';
    const logs = readdirSync(dir).map((name) => readFileSync(path.join(dir, name), 'utf8'));
    for (const log of logs) {
      expect(log).not.toContain(fake.split('.')[2]);
      expect(log).not.toContain(member.token.split('.')[2]);
    }
  });
});
