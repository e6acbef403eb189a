import type { ProblemDetails, RecoveryCodes, SessionResponse, SignInChallenge, TwoFactorEnrolment, TwoFactorStatus } from '@abide/contracts';
import {
  Authenticator,
  call,
  codeOf,
  newPkcePair,
  randomClientIp,
  readRecoveryLink,
  refreshCookieOf,
  signUpWithRole,
  UserSession,
  withServiceDb,
} from '@abide/testing';

type Answer = SessionResponse & SignInChallenge & ProblemDetails;

const signIn = (email: string, password: string, clientIp = randomClientIp()) =>
  call<Answer>('POST', '/api/auth/sign-in', { body: { email, password }, clientIp });
const verify = (challenge: string, code: string, clientIp = randomClientIp()) =>
  call<SessionResponse & ProblemDetails>('POST', '/api/auth/two-factor/verify', { body: { challenge, code }, clientIp });
const claimsOf = (token: string) => JSON.parse(Buffer.from(token.split('.')[1], 'base64url').toString()) as Record<string, unknown>;
const identityDb = <T>(use: (db: import('mongoose').Connection) => Promise<T>) => withServiceDb('identity', use);

/** A member who turned two-factor sign-in on (their session is aal2), with their app and recovery codes. */
const enrolledMember = async (name = 'Priscilla') => {
  const member = await UserSession.signUp({ name });
  const recoveryCodes = await member.enableTwoFactor();
  return { member, recoveryCodes, app: member.authenticator as Authenticator };
};

/** The challenge of a correct password for an account with two-factor sign-in on. */
const challengeFor = async (member: UserSession, clientIp = randomClientIp()): Promise<string> => {
  const res = await signIn(member.email, member.password, clientIp);
  expect(res.status).toBe(202);
  return res.body.challenge;
};

describe('two-factor sign-in: enrolment', () => {
  it('starts with a secret shown as a QR code and as text, and keeps it only sealed, out of the event log', async () => {
    const member = await UserSession.signUp({ name: 'Lois' });

    const before = await member.get<TwoFactorStatus>('/api/auth/two-factor');
    const started = await member.post<TwoFactorEnrolment>('/api/auth/two-factor/enrolment');

    expect(before.body).toEqual({ enabled: false, required: false, enabledAt: null, recoveryCodesLeft: 0 });
    expect(started.status).toBe(200);
    expect(started.body.secret).toMatch(/^[A-Z2-7]{32}$/);
    expect(started.body.otpauthUri).toBe(`otpauth://totp/Abide:${encodeURIComponent(member.email)}?secret=${started.body.secret}&issuer=Abide`);
    expect(started.body.qrCode).toMatch(/^data:image\/svg\+xml;base64,/);
    expect(Buffer.from(started.body.qrCode.split(',')[1], 'base64').toString()).toContain('<svg');
    const stored = await identityDb((db) => db.collection('two_factor_secrets').findOne({ _id: member.user.id as never }));
    expect(JSON.stringify(stored)).not.toContain(started.body.secret);
    const events = await identityDb((db) => db.collection('events').find({ streamId: `user-${member.user.id}` }).toArray());
    expect(JSON.stringify(events)).not.toContain(started.body.secret);
  });

  it('turns on with a current code: ten recovery codes once, this session aal2, every other session ended, an event without secrets', async () => {
    const member = await UserSession.signUp({ name: 'Phoebe' });
    const otherDevice = await UserSession.signIn(member.email, member.password);
    const started = await member.post<TwoFactorEnrolment>('/api/auth/two-factor/enrolment');
    const app = new Authenticator(started.body.secret);

    const wrong = await member.post<ProblemDetails>('/api/auth/two-factor/enrolment/confirm', {
      password: member.password,
      code: app.codeAt(app.currentStep - 5),
    });
    const confirmed = await member.post<RecoveryCodes>('/api/auth/two-factor/enrolment/confirm', {
      password: member.password,
      code: await app.nextCode(),
    });

    expect(wrong.status).toBe(400);
    expect(wrong.body).toMatchObject({ code: 'INVALID_CODE', errors: [{ field: 'code' }] });
    expect(confirmed.status).toBe(200);
    expect(confirmed.body.recoveryCodes).toHaveLength(10);
    for (const code of confirmed.body.recoveryCodes) expect(code).toMatch(/^[0-9a-z]{5}-[0-9a-z]{5}$/);
    const refreshed = await member.refresh();
    expect(refreshed.body.aal).toBe('aal2');
    expect(claimsOf(refreshed.body.accessToken).aal).toBe('aal2');
    expect((await otherDevice.refresh()).status).toBe(401);
    const status = await member.get<TwoFactorStatus>('/api/auth/two-factor');
    expect(status.body).toMatchObject({ enabled: true, required: false, recoveryCodesLeft: 10, enabledAt: expect.any(String) });
    const again = await member.post<ProblemDetails>('/api/auth/two-factor/enrolment');
    expect(again.status).toBe(409);
    const events = await identityDb((db) => db.collection('events').find({ streamId: `user-${member.user.id}` }).toArray());
    const enabled = events.find((e) => e.type === 'identity.user.two-factor-enabled');
    expect(enabled?.data).toEqual({ userId: member.user.id, method: 'totp', recoveryCodes: 10, enabledAt: expect.any(String) });
    const log = JSON.stringify(events);
    expect(log).not.toContain(started.body.secret);
    for (const code of confirmed.body.recoveryCodes) expect(log).not.toContain(code);
  });

  it('refuses to turn on for a right code with a wrong or missing password: a session alone cannot bind the account to an app', async () => {
    const member = await UserSession.signUp({ name: 'Tabitha' });
    const started = await member.post<TwoFactorEnrolment>('/api/auth/two-factor/enrolment');
    const app = new Authenticator(started.body.secret);
    const code = app.codeAt(app.currentStep);

    const missing = await member.post<ProblemDetails>('/api/auth/two-factor/enrolment/confirm', { code });
    const wrong = await member.post<ProblemDetails>('/api/auth/two-factor/enrolment/confirm', { password: 'not my password', code });

    expect(missing.status).toBe(400);
    expect(missing.body.errors).toEqual(expect.arrayContaining([expect.objectContaining({ field: 'password' })]));
    expect(wrong.status).toBe(400);
    expect(wrong.body).toMatchObject({ detail: 'Your password is not correct.', errors: [{ field: 'password' }] });
    expect((await member.get<TwoFactorStatus>('/api/auth/two-factor')).body.enabled).toBe(false);
    // The code was not spent: with the password it turns two-factor sign-in on.
    const confirmed = await member.post<RecoveryCodes>('/api/auth/two-factor/enrolment/confirm', { password: member.password, code });
    expect(confirmed.status).toBe(200);
  });

  it('answers only the member themself: status, enrolment and turning off act on the caller, never on another account', async () => {
    const { member: owner, app } = await enrolledMember('Tabitha');
    const other = await UserSession.signUp({ name: 'Dorcas' });

    // The routes take no account id: what another member can send acts on their own account only.
    const otherStatus = await other.get<TwoFactorStatus>('/api/auth/two-factor');
    // With the owner's current code, even: it is checked against the caller's own account, which has none.
    const code = app.codeAt(app.currentStep);
    const disable = await other.post<ProblemDetails>('/api/auth/two-factor/disable', { password: other.password, code });
    const renew = await other.post<ProblemDetails>('/api/auth/two-factor/recovery-codes', { code });
    const anonymous = await call('GET', '/api/auth/two-factor');

    expect(otherStatus.body.enabled).toBe(false);
    expect(disable.status).toBe(409);
    expect(renew.status).toBe(409);
    expect(anonymous.status).toBe(401);
    expect((await owner.get<TwoFactorStatus>('/api/auth/two-factor')).body.enabled).toBe(true);
  });
});

describe('two-factor sign-in: signing in', () => {
  it('gives no tokens for the password alone, then a session (aal2, refresh cookie) for the challenge and a code', async () => {
    const { member, app } = await enrolledMember();

    const first = await signIn(member.email, member.password);
    const noCode = await call<ProblemDetails>('POST', '/api/auth/two-factor/verify', { body: { challenge: first.body.challenge } });
    const second = await verify(first.body.challenge, await app.nextCode());

    expect(first.status).toBe(202);
    expect(first.body).toEqual({ secondFactor: 'totp', challenge: expect.stringMatching(/^[A-Za-z0-9_-]{43}$/), expiresAt: expect.any(String) });
    expect(Date.parse(first.body.expiresAt) - Date.now()).toBeLessThanOrEqual(300_000);
    expect(refreshCookieOf(first.headers)).toBeUndefined();
    expect(noCode.status).toBe(400);
    expect(second.status).toBe(200);
    expect(second.body).toMatchObject({ aal: 'aal2', user: { id: member.user.id } });
    expect(claimsOf(second.body.accessToken)).toMatchObject({ sub: member.user.id, aal: 'aal2' });
    expect(refreshCookieOf(second.headers)?.value).toMatch(/^[A-Za-z0-9_-]{43}$/);
    const refreshed = await call<SessionResponse>('POST', '/api/auth/refresh', { refreshCookie: refreshCookieOf(second.headers)?.value });
    expect(refreshed.body.aal).toBe('aal2');
  });

  it('refuses a code used before (replay), an old one, and a challenge used or unknown', async () => {
    const { member, app, recoveryCodes } = await enrolledMember();
    const code = await app.nextCode();
    const first = await verify(await challengeFor(member), code);

    const replayed = await verify(await challengeFor(member), code);
    const stale = await verify(await challengeFor(member), app.codeAt(app.currentStep - 3));
    // One app code per 30 s: the challenge's own rules are shown with recovery codes.
    const challenge = await challengeFor(member);
    const used = await verify(challenge, recoveryCodes[0]);
    const usedAgain = await verify(challenge, recoveryCodes[1]);
    const unknown = await verify('x'.repeat(43), recoveryCodes[2]);

    expect(first.status).toBe(200);
    for (const res of [replayed, stale]) {
      expect(res.status).toBe(401);
      expect(res.body).toMatchObject({ code: 'INVALID_CODE', detail: expect.stringContaining('not right') });
    }
    expect(used.status).toBe(200);
    for (const res of [usedAgain, unknown]) {
      expect(res.status).toBe(401);
      expect(res.body.code).toBe('CHALLENGE_EXPIRED');
    }
  });

  it('refuses a challenge after its five minutes', async () => {
    const { member, app } = await enrolledMember();
    const challenge = await challengeFor(member);
    await identityDb((db) => db.collection('sign_in_challenges').updateMany({ userId: member.user.id }, { $set: { expiresAt: new Date(Date.now() - 1000) } }));

    const late = await verify(challenge, await app.nextCode());

    expect(late.status).toBe(401);
    expect(late.body.code).toBe('CHALLENGE_EXPIRED');
  });

  it('takes each recovery code once instead of an app code, and counts them down', async () => {
    const { member, recoveryCodes } = await enrolledMember();

    const withRecovery = await verify(await challengeFor(member), recoveryCodes[0].toUpperCase());
    const again = await verify(await challengeFor(member), recoveryCodes[0]);

    expect(withRecovery.status).toBe(200);
    expect(withRecovery.body.aal).toBe('aal2');
    expect(again.status).toBe(401);
    expect(again.body.code).toBe('INVALID_CODE');
    const status = await call<TwoFactorStatus>('GET', '/api/auth/two-factor', { token: withRecovery.body.accessToken });
    expect(status.body.recoveryCodesLeft).toBe(9);
    const events = await identityDb((db) => db.collection('events').find({ streamId: `user-${member.user.id}`, type: 'identity.user.two-factor-recovery-code-used' }).toArray());
    expect(events.map((e) => e.data.remaining)).toEqual([9]);
  });

  it('backs off after repeated wrong codes (429 with Retry-After, even for the right code), and a right password does not reset it', async () => {
    const { member, app } = await enrolledMember();
    const clientIp = randomClientIp();
    const wrong = app.codeAt(app.currentStep - 10);

    const failures = [];
    for (let i = 0; i < 5; i += 1) failures.push(await verify(await challengeFor(member, clientIp), wrong, clientIp));
    const locked = await verify(await challengeFor(member, clientIp), await app.nextCode(), clientIp);

    expect(failures.map((r) => r.status)).toEqual([401, 401, 401, 401, 401]);
    expect(locked.status).toBe(429);
    expect(locked.body).toMatchObject({ code: 'RATE_LIMITED', detail: expect.stringContaining('Too many wrong codes') });
    expect(Number(locked.headers.get('retry-after'))).toBeGreaterThan(0);
  });

  it('judges at most 5 of 20 wrong codes sent at once (app or recovery codes), and answers the rest 429 with Retry-After', async () => {
    const { member, app } = await enrolledMember();
    const challenge = await challengeFor(member);
    const wrong = (i: number) => (i % 2 ? app.codeAt(app.currentStep - 10 - i) : `wrong-${String(i).padStart(5, '0')}`);

    const answers = await Promise.all(Array.from({ length: 20 }, (_, i) => verify(challenge, wrong(i))));

    const statuses = answers.map((r) => r.status);
    expect(statuses.filter((s) => s === 401)).toHaveLength(5);
    expect(statuses.filter((s) => s === 429)).toHaveLength(15);
    for (const locked of answers.filter((r) => r.status === 429)) {
      expect(locked.body).toMatchObject({ code: 'RATE_LIMITED', detail: expect.stringContaining('Too many wrong codes') });
      expect(Number(locked.headers.get('retry-after'))).toBeGreaterThanOrEqual(1);
    }
  });

  it('asks a recovery link for a code too: the mailbox alone does not sign in, and the session may then set a password', async () => {
    const { member, app } = await enrolledMember();
    const pkce = newPkcePair();
    await call('POST', '/api/auth/recover', { body: { email: member.email, codeChallenge: pkce.codeChallenge } });
    const code = codeOf(await readRecoveryLink(member.email));

    const exchanged = await call<Answer & { flow: string }>('POST', '/api/auth/token', { body: { code, codeVerifier: pkce.codeVerifier } });
    const verified = await verify(exchanged.body.challenge, await app.nextCode());
    const newPassword = await call('POST', '/api/auth/password', { token: verified.body.accessToken, body: { password: 'a new song every morning' } });

    expect(exchanged.status).toBe(202);
    expect(exchanged.body).toMatchObject({ secondFactor: 'totp', flow: 'recovery' });
    expect(exchanged.body.accessToken).toBeUndefined();
    expect(refreshCookieOf(exchanged.headers)).toBeUndefined();
    expect(verified.status).toBe(200);
    expect(newPassword.status).toBe(204);
  });
});

describe('two-factor sign-in: recovery codes and turning it off', () => {
  it('replaces the recovery codes for a current app code (not a recovery code); the old ones stop working', async () => {
    const { member, app, recoveryCodes } = await enrolledMember();

    const withRecovery = await member.post<ProblemDetails>('/api/auth/two-factor/recovery-codes', { code: recoveryCodes[0] });
    const renewed = await member.post<RecoveryCodes>('/api/auth/two-factor/recovery-codes', { code: await app.nextCode() });
    const old = await verify(await challengeFor(member), recoveryCodes[1]);
    const fresh = await verify(await challengeFor(member), renewed.body.recoveryCodes[0]);

    expect(withRecovery.status).toBe(400);
    expect(renewed.status).toBe(200);
    expect(renewed.body.recoveryCodes).toHaveLength(10);
    expect(renewed.body.recoveryCodes).not.toContain(recoveryCodes[1]);
    expect(old.status).toBe(401);
    expect(fresh.status).toBe(200);
  });

  it('turns off only with the password and a code, then signs in with the password alone and forgets the secret', async () => {
    const { member, app } = await enrolledMember();

    const wrongPassword = await member.post<ProblemDetails>('/api/auth/two-factor/disable', { password: 'not my password', code: '000000' });
    const wrongCode = await member.post<ProblemDetails>('/api/auth/two-factor/disable', { password: member.password, code: app.codeAt(app.currentStep - 10) });
    const off = await member.post('/api/auth/two-factor/disable', { password: member.password, code: await app.nextCode() });
    const again = await member.post<ProblemDetails>('/api/auth/two-factor/disable', { password: member.password, code: '000000' });

    expect(wrongPassword.status).toBe(400);
    expect(wrongPassword.body.errors).toEqual([{ field: 'password', message: 'Your password is not correct' }]);
    expect(wrongCode.status).toBe(400);
    expect(wrongCode.body).toMatchObject({ code: 'INVALID_CODE', errors: [{ field: 'code' }] });
    expect(off.status).toBe(204);
    expect(again.status).toBe(409);
    expect((await signIn(member.email, member.password)).status).toBe(200);
    expect(await identityDb((db) => db.collection('two_factor_secrets').findOne({ _id: member.user.id as never }))).toBeNull();
    // On again at once, with a new secret: the steps the old one spent do not count against it.
    await member.enableTwoFactor();
    expect((await signIn(member.email, member.password)).status).toBe(202);
  });
});

describe('two-factor sign-in: required for moderators and admins', () => {
  it('refuses a moderator the moderation routes until two-factor sign-in is on, and then in that same session opens them', async () => {
    const moderator = await UserSession.signUp({ name: 'Moderator Junia' });
    await identityDb((db) => db.collection('users').updateOne({ _id: moderator.user.id as never }, { $set: { roles: ['user', 'moderator'] } }));
    await moderator.refresh();

    const before = await moderator.get<ProblemDetails>('/api/moderation/queue');
    const ordinary = await moderator.get('/api/habits');
    const status = await moderator.get<TwoFactorStatus>('/api/auth/two-factor');
    await moderator.enableTwoFactor();
    const after = await moderator.get('/api/moderation/queue');

    expect(before.status).toBe(403);
    expect(before.body).toMatchObject({ code: 'TWO_FACTOR_REQUIRED', detail: expect.stringContaining('Turn it on in Settings') });
    expect(ordinary.status).toBe(200);
    expect(status.body.required).toBe(true);
    expect(after.status).toBe(200);
  });

  it('asks an admin for a code at sign-in, and keeps it on while they hold the role', async () => {
    const admin = await signUpWithRole('admin', 'Admin Ada');
    const app = admin.authenticator as Authenticator;

    const signedIn = await UserSession.signIn(admin.email, admin.password, randomClientIp(), app);
    const ops = await signedIn.get('/api/ops/health');
    const off = await signedIn.post<ProblemDetails>('/api/auth/two-factor/disable', { password: admin.password, code: '000000' });

    expect(signedIn.session.aal).toBe('aal2');
    expect(ops.status).toBe(200);
    expect(off.status).toBe(403);
    expect(off.body.detail).toContain('stays on while you hold the role');
  });
});
