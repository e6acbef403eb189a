import type { ProblemDetails, SessionResponse, User } from '@abide/contracts';
import {
  call,
  codeOf,
  mailsTo,
  mailSubjects,
  newPkcePair,
  randomClientIp,
  readConfirmationLink,
  readRecoveryLink,
  uniqueEmail,
  UserSession,
  waitForMail,
  withServiceDb,
} from '@abide/testing';

const signUp = (body: Record<string, unknown>, clientIp = randomClientIp()) => call<ProblemDetails>('POST', '/api/auth/sign-up', { body, clientIp });

describe('POST /api/auth/sign-up', () => {
  it('answers 202 and mails a confirmation link to the web app’s callback', async () => {
    const email = uniqueEmail('signup');
    const pkce = newPkcePair();

    const res = await signUp({ name: 'Ruth', email, password: 'whither thou goest', codeChallenge: pkce.codeChallenge });

    expect(res.status).toBe(202);
    expect(res.body).toEqual({ confirmationRequired: true, message: expect.any(String) });
    const link = new URL(await readConfirmationLink(email));
    expect(`${link.origin}${link.pathname}`).toBe(`${process.env.E2E_BASE_URL ?? 'http://127.0.0.1:4173'}/auth/callback`);
    expect(link.searchParams.get('type')).toBe('signup');
    expect(link.searchParams.get('code')).toMatch(/^[A-Za-z0-9_-]{43}$/);
  });

  it('answers exactly the same for a registered address, and mails its owner instead of creating anything', async () => {
    const owner = await UserSession.signUp({ name: 'Naomi' });
    const fresh = uniqueEmail('fresh');

    const [registered, unknown] = await Promise.all([
      signUp({ name: 'Intruder', email: owner.email, password: 'someone else entirely', codeChallenge: newPkcePair().codeChallenge }),
      signUp({ name: 'Newcomer', email: fresh, password: 'someone else entirely', codeChallenge: newPkcePair().codeChallenge }),
    ]);

    expect(registered.status).toBe(unknown.status);
    expect(registered.body).toEqual(unknown.body);
    const notice = await waitForMail(owner.email, { subject: mailSubjects.signUpAttempt });
    expect(notice.text).toContain('/login');
    expect(await mailsTo(owner.email, mailSubjects.confirmation)).toHaveLength(1);
    // The owner's password is untouched.
    expect((await call('POST', '/api/auth/sign-in', { body: { email: owner.email, password: owner.password } })).status).toBe(200);
  });

  it('mails a fresh confirmation link when the registered address is still unconfirmed', async () => {
    const email = uniqueEmail('twice');
    await signUp({ name: 'Dorcas', email, password: 'full of good works', codeChallenge: newPkcePair().codeChallenge });
    await readConfirmationLink(email);
    const second = newPkcePair();

    const res = await signUp({ name: 'Dorcas', email, password: 'full of good works', codeChallenge: second.codeChallenge });

    expect(res.status).toBe(202);
    const code = codeOf(await readConfirmationLink(email, { atLeast: 2 }));
    const exchanged = await call<SessionResponse>('POST', '/api/auth/token', { body: { code, codeVerifier: second.codeVerifier } });
    expect(exchanged.status).toBe(200);
  });

  it.each([
    ['is too short', 'pray7', ['Password must be at least 8 characters']],
    ['is common', 'baseball', ['This password is too common']],
    ['contains the e-mail', 'i am Tabitha now', ['Password must not contain your email or name']],
    ['contains the name', 'dorcas of joppa!', ['Password must not contain your email or name']],
    ['is short, common and personal', 'dorcas', ['Password must be at least 8 characters', 'Password must not contain your email or name']],
  ])('answers 422 WEAK_PASSWORD with every reason when the password %s', async (_, password, reasons) => {
    // Refused before any account is looked up, so the address need not be unique.
    const email = 'tabitha@test.abide.local';

    const res = await signUp({ name: 'Dorcas Joppa', email, password, codeChallenge: newPkcePair().codeChallenge });

    expect(res.status).toBe(422);
    expect(res.headers.get('content-type')).toContain('application/problem+json');
    expect(res.body.code).toBe('WEAK_PASSWORD');
    expect(res.body.errors).toEqual(reasons.map((message) => ({ field: 'password', message })));
  });

  it('accepts a 128-character passphrase and refuses 129 characters', async () => {
    const long = 'a quiet and gentle spirit '.repeat(5).slice(0, 128);

    const ok = await signUp({ name: 'Eunice', email: uniqueEmail(), password: long, codeChallenge: newPkcePair().codeChallenge });
    const tooLong = await signUp({ name: 'Eunice', email: uniqueEmail(), password: `${long}x`, codeChallenge: newPkcePair().codeChallenge });

    expect(ok.status).toBe(202);
    expect(tooLong.status).toBe(400);
  });

  it('keeps the password out of the event log', async () => {
    const session = await UserSession.signUp({ password: 'a very secret phrase 42' });

    const events = await withServiceDb('identity', (db) => db.collection('events').find({ subjectId: session.user.id }).toArray());

    expect(events.length).toBeGreaterThan(0);
    expect(JSON.stringify(events)).not.toContain('a very secret phrase 42');
    expect(JSON.stringify(events)).not.toContain('argon2');
  });
});

describe('POST /api/auth/token (PKCE exchange of an e-mail link)', () => {
  const pending = async () => {
    const email = uniqueEmail('pkce');
    const pkce = newPkcePair();
    await signUp({ name: 'Lois', email, password: 'sincere faith dwelt', codeChallenge: pkce.codeChallenge });
    return { email, pkce, code: codeOf(await readConfirmationLink(email)) };
  };

  it('confirms the e-mail and answers a session with the flow and the refresh cookie', async () => {
    const { email, pkce, code } = await pending();

    const res = await call<SessionResponse & { flow: string }>('POST', '/api/auth/token', { body: { code, codeVerifier: pkce.codeVerifier } });

    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ flow: 'signup', accessToken: expect.any(String), user: { email, name: 'Lois', roles: ['user'] } });
    expect(res.headers.getSetCookie().join()).toMatch(/^abide_refresh=[A-Za-z0-9_-]{43};/);
  });

  it('refuses a wrong verifier with 400, and the right one still works afterwards', async () => {
    const { pkce, code } = await pending();

    const wrong = await call<ProblemDetails>('POST', '/api/auth/token', { body: { code, codeVerifier: newPkcePair().codeVerifier } });
    const right = await call('POST', '/api/auth/token', { body: { code, codeVerifier: pkce.codeVerifier } });

    expect(wrong.status).toBe(400);
    expect(wrong.body).toMatchObject({ code: 'INVALID_LINK', detail: expect.stringContaining('different browser') });
    expect(right.status).toBe(200);
  });

  it('refuses a used code with 400', async () => {
    const { pkce, code } = await pending();
    await call('POST', '/api/auth/token', { body: { code, codeVerifier: pkce.codeVerifier } });

    const again = await call<ProblemDetails>('POST', '/api/auth/token', { body: { code, codeVerifier: pkce.codeVerifier } });

    expect(again.status).toBe(400);
    expect(again.body).toMatchObject({ code: 'INVALID_LINK', detail: expect.stringContaining('already been used') });
  });

  it('lets only one of two simultaneous exchanges of the same code succeed', async () => {
    const { pkce, code } = await pending();

    const results = await Promise.all([1, 2, 3].map(() => call('POST', '/api/auth/token', { body: { code, codeVerifier: pkce.codeVerifier } })));

    expect(results.map((r) => r.status).sort()).toEqual([200, 400, 400]);
  });

  it('refuses an expired code with 400', async () => {
    const { pkce, code } = await pending();
    await withServiceDb('identity', (db) =>
      db.collection('one_time_codes').updateMany({ codeChallenge: pkce.codeChallenge }, { $set: { expiresAt: new Date(Date.now() - 1000) } }),
    );

    const res = await call<ProblemDetails>('POST', '/api/auth/token', { body: { code, codeVerifier: pkce.codeVerifier } });

    expect(res.status).toBe(400);
    expect(res.body).toMatchObject({ code: 'INVALID_LINK', detail: expect.stringContaining('expired') });
  });

  it('refuses a made-up code with 400', async () => {
    const res = await call<ProblemDetails>('POST', '/api/auth/token', {
      body: { code: 'x'.repeat(43), codeVerifier: newPkcePair().codeVerifier },
    });

    expect(res.status).toBe(400);
    expect(res.body.code).toBe('INVALID_LINK');
  });
});

describe('POST /api/auth/confirm (link opened in another browser)', () => {
  it('confirms without a verifier and starts no session; the member then signs in', async () => {
    const email = uniqueEmail('confirm');
    await signUp({ name: 'Phoebe', email, password: 'servant of the church', codeChallenge: newPkcePair().codeChallenge });
    const code = codeOf(await readConfirmationLink(email));

    const res = await call('POST', '/api/auth/confirm', { body: { code } });
    const signIn = await call<SessionResponse>('POST', '/api/auth/sign-in', { body: { email, password: 'servant of the church' } });

    expect(res.status).toBe(200);
    expect(res.body).toEqual({ confirmed: true });
    expect(res.headers.getSetCookie()).toEqual([]);
    expect(signIn.status).toBe(200);
  });

  it('refuses a recovery code', async () => {
    const member = await UserSession.signUp();
    await call('POST', '/api/auth/recover', { body: { email: member.email, codeChallenge: newPkcePair().codeChallenge } });
    const code = codeOf(await readRecoveryLink(member.email));

    const res = await call<ProblemDetails>('POST', '/api/auth/confirm', { body: { code } });

    expect(res.status).toBe(400);
    expect(res.body.code).toBe('INVALID_LINK');
  });
});

describe('POST /api/auth/create-profile', () => {
  it('renames only the caller, and is idempotent', async () => {
    const [a, b] = await Promise.all([UserSession.signUp({ name: 'Mary' }), UserSession.signUp({ name: 'Martha' })]);

    const first = await a.post<User>('/api/auth/create-profile', { name: 'Mary of Bethany' });
    const again = await a.post<User>('/api/auth/create-profile', { name: 'Mary of Bethany' });
    const other = await b.get<User>('/api/auth/me');

    expect(first.status).toBe(200);
    expect(first.body).toMatchObject({ id: a.user.id, name: 'Mary of Bethany' });
    expect(again.body).toEqual(first.body);
    expect(other.body).toMatchObject({ id: b.user.id, name: 'Martha' });
    const events = await withServiceDb('identity', (db) =>
      db.collection('events').countDocuments({ subjectId: a.user.id, type: 'identity.user.profile-updated' }),
    );
    expect(events).toBe(1);
  });

  it('needs a token', async () => {
    expect((await call('POST', '/api/auth/create-profile', { body: { name: 'Anyone' } })).status).toBe(401);
  });
});
