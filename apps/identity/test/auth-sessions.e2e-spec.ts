import type { ProblemDetails, SessionResponse } from '@abide/contracts';
import {
  call,
  newPkcePair,
  randomClientIp,
  readConfirmationLink,
  refreshCookieOf,
  uniqueEmail,
  UserSession,
  withServiceDb,
} from '@abide/testing';

const signIn = (email: string, password: string, clientIp = randomClientIp()) =>
  call<SessionResponse & ProblemDetails>('POST', '/api/auth/sign-in', { body: { email, password }, clientIp });
const refreshWith = (refreshCookie: string | undefined) => call<SessionResponse & ProblemDetails>('POST', '/api/auth/refresh', { refreshCookie });
const claimsOf = (token: string) => JSON.parse(Buffer.from(token.split('.')[1], 'base64url').toString()) as Record<string, unknown>;
const sessions = (update: (c: import('mongoose').Connection) => Promise<unknown>) => withServiceDb('identity', update);

describe('POST /api/auth/sign-in', () => {
  it('answers a session and sets the refresh cookie HttpOnly, SameSite=Strict, on /api/auth, for the absolute lifetime', async () => {
    const member = await UserSession.signUp({ name: 'Junia' });

    const res = await signIn(member.email, member.password);

    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ accessToken: expect.any(String), expiresAt: expect.any(String), user: { id: member.user.id, email: member.email } });
    const cookie = refreshCookieOf(res.headers);
    expect(cookie?.value).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(cookie?.attributes).toContain('HttpOnly');
    expect(cookie?.attributes).toContain('SameSite=Strict');
    expect(cookie?.attributes).toContain('Path=/api/auth');
    expect(cookie?.attributes).not.toContain('Secure');
    const maxAge = Number(/Max-Age=(\d+)/.exec(cookie?.attributes ?? '')?.[1]);
    expect(maxAge).toBeGreaterThan(30 * 86_400 - 60);
    expect(maxAge).toBeLessThanOrEqual(30 * 86_400);
    const claims = claimsOf(res.body.accessToken);
    expect(claims).toMatchObject({ sub: member.user.id, roles: ['user'], sid: expect.any(String) });
    expect(Number(claims.exp) - Number(claims.iat)).toBe(900);
  });

  it('answers 401 INVALID_CREDENTIALS, the same for a wrong password and an unknown address', async () => {
    const member = await UserSession.signUp();

    const [wrong, unknown] = await Promise.all([signIn(member.email, 'not the password at all'), signIn(uniqueEmail('nobody'), 'not the password at all')]);

    for (const res of [wrong, unknown]) {
      expect(res.status).toBe(401);
      expect(res.body).toMatchObject({ code: 'INVALID_CREDENTIALS', detail: 'Invalid email or password.' });
      expect(refreshCookieOf(res.headers)).toBeUndefined();
    }
  });

  it('answers 403 EMAIL_NOT_CONFIRMED for an unconfirmed account, but only after a correct password', async () => {
    const email = uniqueEmail('unconfirmed');
    await call('POST', '/api/auth/sign-up', { body: { name: 'Tryphena', email, password: 'labour in the lord', codeChallenge: newPkcePair().codeChallenge } });
    await readConfirmationLink(email);

    const right = await signIn(email, 'labour in the lord');
    const wrong = await signIn(email, 'labour in the lore');

    expect(right.status).toBe(403);
    expect(right.body.code).toBe('EMAIL_NOT_CONFIRMED');
    expect(wrong.status).toBe(401);
    expect(wrong.body.code).toBe('INVALID_CREDENTIALS');
  });

  it('locks the account with 429 and Retry-After after 5 failures, from any address, even for the right password', async () => {
    const member = await UserSession.signUp();
    const other = await UserSession.signUp();

    const failures = [];
    for (let i = 0; i < 5; i++) failures.push(await signIn(member.email, `wrong guess ${i}`));
    const locked = await signIn(member.email, member.password);

    expect(failures.map((r) => r.status)).toEqual([401, 401, 401, 401, 401]);
    expect(locked.status).toBe(429);
    expect(locked.body.code).toBe('RATE_LIMITED');
    const retryAfter = Number(locked.headers.get('retry-after'));
    expect(retryAfter).toBeGreaterThanOrEqual(1);
    expect(retryAfter).toBeLessThanOrEqual(30);
    // Another account is not affected.
    expect((await signIn(other.email, other.password)).status).toBe(200);
  });

  it('judges at most 5 of 20 wrong passwords sent at once, and answers the rest 429 with Retry-After', async () => {
    const member = await UserSession.signUp();

    const answers = await Promise.all(Array.from({ length: 20 }, (_, i) => signIn(member.email, `wrong guess ${i}`)));

    const statuses = answers.map((r) => r.status);
    expect(statuses.filter((s) => s === 401)).toHaveLength(5);
    expect(statuses.filter((s) => s === 429)).toHaveLength(15);
    for (const locked of answers.filter((r) => r.status === 429)) {
      expect(locked.body).toMatchObject({ code: 'RATE_LIMITED', detail: expect.stringContaining('Too many failed sign-ins') });
      expect(Number(locked.headers.get('retry-after'))).toBeGreaterThanOrEqual(1);
    }
  });
});

describe('POST /api/auth/refresh', () => {
  it('rotates the refresh token on every use and answers a working access token', async () => {
    const member = await UserSession.signUp();
    const first = member.refreshToken;

    const res = await member.refresh();
    const me = await member.get('/api/auth/me');

    expect(res.status).toBe(200);
    expect(member.refreshToken).not.toBe(first);
    expect(claimsOf(res.body.accessToken).sid).toBe(claimsOf(member.token).sid);
    expect(me.status).toBe(200);
  });

  it('tolerates the just-rotated token within the grace window (parallel tabs) without issuing another cookie', async () => {
    const member = await UserSession.signUp();
    const old = member.refreshToken;
    await member.refresh();

    const late = await refreshWith(old);

    expect(late.status).toBe(200);
    expect(refreshCookieOf(late.headers)).toBeUndefined();
    expect((await member.refresh()).status).toBe(200);
  });

  it('rotates once when tabs refresh with the same token at the same time; the others get the grace answer', async () => {
    const member = await UserSession.signUp();

    const results = await Promise.all([1, 2, 3].map(() => refreshWith(member.refreshToken)));

    expect(results.map((r) => r.status)).toEqual([200, 200, 200]);
    expect(results.filter((r) => refreshCookieOf(r.headers))).toHaveLength(1);
  });

  it('revokes the whole family when a rotated token is replayed after the grace window', async () => {
    const member = await UserSession.signUp();
    const stolen = member.refreshToken;
    await member.refresh();
    // Ten seconds pass, without sleeping: the stolen token's rotation is moved back in time.
    const sessionId = claimsOf(member.token).sid;
    await sessions((db) =>
      db.collection('refresh_tokens').updateMany({ sessionId, rotated: true }, { $set: { rotatedAt: new Date(Date.now() - 11_000) } }),
    );

    const replay = await refreshWith(stolen);
    const legitimate = await refreshWith(member.refreshToken);

    expect(replay.status).toBe(401);
    expect(legitimate.status).toBe(401);
    expect(refreshCookieOf(legitimate.headers)?.value).toBe('');
  });

  it('answers 401 without a cookie and with a made-up one', async () => {
    expect((await refreshWith(undefined)).status).toBe(401);
    expect((await refreshWith('x'.repeat(43))).status).toBe(401);
  });

  it('ends a session idle longer than the inactivity timeout', async () => {
    const member = await UserSession.signUp();
    const sid = claimsOf(member.token).sid;
    await sessions((db) => db.collection('sessions').updateOne({ _id: sid as never }, { $set: { lastUsedAt: new Date(Date.now() - 7 * 86_400_000 - 1000) } }));

    expect((await member.refresh()).status).toBe(401);
  });

  it('ends a session past its absolute lifetime, however active', async () => {
    const member = await UserSession.signUp();
    const sid = claimsOf(member.token).sid;
    await sessions((db) => db.collection('sessions').updateOne({ _id: sid as never }, { $set: { absoluteExpiresAt: new Date(Date.now() - 1000) } }));

    expect((await member.refresh()).status).toBe(401);
  });

  it('carries the current roles from the account, so a role change applies at the next refresh', async () => {
    const member = await UserSession.signUp();
    await sessions((db) => db.collection('users').updateOne({ _id: member.user.id as never }, { $set: { roles: ['user', 'moderator'] } }));

    const res = await member.refresh();

    expect(res.body.user.roles).toEqual(['user', 'moderator']);
    expect(claimsOf(res.body.accessToken).roles).toEqual(['user', 'moderator']);
  });
});

describe('POST /api/auth/sign-out', () => {
  it('ends this session only, clears the cookie, and leaves the member’s other devices signed in', async () => {
    const phone = await UserSession.signUp();
    const laptop = await UserSession.signIn(phone.email, phone.password);

    const res = await phone.post('/api/auth/sign-out', { scope: 'local' });

    expect(res.status).toBe(204);
    const cleared = refreshCookieOf(res.headers);
    expect(cleared?.value).toBe('');
    expect(cleared?.attributes).toContain('Path=/api/auth');
    expect((await phone.refresh()).status).toBe(401);
    expect((await laptop.refresh()).status).toBe(200);
  });

  it('defaults to this session when no body is sent', async () => {
    const member = await UserSession.signUp();

    const res = await call('POST', '/api/auth/sign-out', { token: member.token });

    expect(res.status).toBe(204);
    expect((await member.refresh()).status).toBe(401);
  });

  it('ends every session of the member with scope global, and nobody else’s', async () => {
    const phone = await UserSession.signUp();
    const laptop = await UserSession.signIn(phone.email, phone.password);
    const stranger = await UserSession.signUp();

    const res = await laptop.post('/api/auth/sign-out', { scope: 'global' });

    expect(res.status).toBe(204);
    expect((await phone.refresh()).status).toBe(401);
    expect((await laptop.refresh()).status).toBe(401);
    expect((await stranger.refresh()).status).toBe(200);
  });

  it('needs a token and refuses an unknown scope', async () => {
    const member = await UserSession.signUp();

    expect((await call('POST', '/api/auth/sign-out', { body: { scope: 'local' } })).status).toBe(401);
    expect((await member.post('/api/auth/sign-out', { scope: 'everywhere' })).status).toBe(400);
  });
});
