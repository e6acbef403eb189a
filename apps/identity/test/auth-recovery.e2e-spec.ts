import type { ProblemDetails, SessionResponse } from '@abide/contracts';
import {
  call,
  codeOf,
  mailsTo,
  mailSubjects,
  newPkcePair,
  type PkcePair,
  randomClientIp,
  readConfirmationLink,
  readRecoveryLink,
  uniqueEmail,
  UserSession,
} from '@abide/testing';

const recover = (email: string, pkce: PkcePair = newPkcePair(), clientIp = randomClientIp()) =>
  call<{ message: string }>('POST', '/api/auth/recover', { body: { email, codeChallenge: pkce.codeChallenge }, clientIp });
const signIn = (email: string, password: string) => call<SessionResponse & ProblemDetails>('POST', '/api/auth/sign-in', { body: { email, password } });

/** Asks for a recovery link and opens it in the same browser: a recovery session. */
const recoverySession = async (member: UserSession) => {
  const pkce = newPkcePair();
  await recover(member.email, pkce);
  const code = codeOf(await readRecoveryLink(member.email));
  const res = await call<SessionResponse & { flow: string }>('POST', '/api/auth/token', { body: { code, codeVerifier: pkce.codeVerifier } });
  expect(res.status).toBe(200);
  expect(res.body.flow).toBe('recovery');
  return res.body;
};

describe('POST /api/auth/recover', () => {
  it('answers the same for a registered and an unknown address, and mails only the registered one', async () => {
    const member = await UserSession.signUp();
    const unknown = uniqueEmail('nobody');

    const [registered, stranger] = await Promise.all([recover(member.email), recover(unknown)]);

    expect(registered.status).toBe(202);
    expect(stranger.status).toBe(202);
    expect(registered.body).toEqual(stranger.body);
    const link = new URL(await readRecoveryLink(member.email));
    expect(link.pathname).toBe('/auth/callback');
    expect(link.searchParams.get('type')).toBe('recovery');
    expect(await mailsTo(unknown)).toEqual([]);
  });

  it('refuses the recovery code with a wrong verifier', async () => {
    const member = await UserSession.signUp();
    await recover(member.email);
    const code = codeOf(await readRecoveryLink(member.email));

    const res = await call<ProblemDetails>('POST', '/api/auth/token', { body: { code, codeVerifier: newPkcePair().codeVerifier } });

    expect(res.status).toBe(400);
    expect(res.body.code).toBe('INVALID_LINK');
  });

  it('confirms the e-mail of an account that was never confirmed (the mailbox is proven)', async () => {
    const email = uniqueEmail('neverconfirmed');
    await call('POST', '/api/auth/sign-up', { body: { name: 'Chloe', email, password: 'of the household', codeChallenge: newPkcePair().codeChallenge } });
    await readConfirmationLink(email);
    const pkce = newPkcePair();
    await recover(email, pkce);

    const res = await call('POST', '/api/auth/token', { body: { code: codeOf(await readRecoveryLink(email)), codeVerifier: pkce.codeVerifier } });

    expect(res.status).toBe(200);
    expect((await signIn(email, 'of the household')).status).toBe(200);
  });
});

describe('POST /api/auth/password (recovery session)', () => {
  it('sets the new password, ends the other sessions and keeps this one', async () => {
    const member = await UserSession.signUp({ name: 'Apphia' });
    const otherDevice = await UserSession.signIn(member.email, member.password);
    const recovery = await recoverySession(member);

    const res = await call('POST', '/api/auth/password', { token: recovery.accessToken, body: { password: 'a brand new passphrase' } });

    expect(res.status).toBe(204);
    expect((await signIn(member.email, member.password)).status).toBe(401);
    expect((await signIn(member.email, 'a brand new passphrase')).status).toBe(200);
    expect((await member.refresh()).status).toBe(401);
    expect((await otherDevice.refresh()).status).toBe(401);
  });

  it('answers 422 with the reasons for a weak new password', async () => {
    const member = await UserSession.signUp({ name: 'Apphia' });
    const recovery = await recoverySession(member);

    const res = await call<ProblemDetails>('POST', '/api/auth/password', { token: recovery.accessToken, body: { password: 'password' } });

    expect(res.status).toBe(422);
    expect(res.body.errors).toEqual([{ field: 'password', message: 'This password is too common' }]);
  });

  it('refuses an ordinary session, and a recovery session a second time, with 403', async () => {
    const member = await UserSession.signUp();
    const recovery = await recoverySession(member);
    await call('POST', '/api/auth/password', { token: recovery.accessToken, body: { password: 'first new passphrase' } });

    const ordinary = await member.post<ProblemDetails>('/api/auth/password', { password: 'sneaky new passphrase' });
    const twice = await call<ProblemDetails>('POST', '/api/auth/password', { token: recovery.accessToken, body: { password: 'second new passphrase' } });

    expect(ordinary.status).toBe(403);
    expect(ordinary.body.code).toBe('RECOVERY_REQUIRED');
    expect(twice.status).toBe(403);
    expect((await signIn(member.email, 'first new passphrase')).status).toBe(200);
  });

  it('changes only the caller’s password', async () => {
    const [a, b] = await Promise.all([UserSession.signUp(), UserSession.signUp()]);
    const recovery = await recoverySession(a);

    await call('POST', '/api/auth/password', { token: recovery.accessToken, body: { password: 'only for account a' } });

    expect((await signIn(b.email, b.password)).status).toBe(200);
    expect((await signIn(b.email, 'only for account a')).status).toBe(401);
  });

  it('needs a token', async () => {
    expect((await call('POST', '/api/auth/password', { body: { password: 'anything at all here' } })).status).toBe(401);
  });
});

describe('POST /api/auth/change-password', () => {
  it('changes the password with the current one and ends the other sessions', async () => {
    const member = await UserSession.signUp();
    const otherDevice = await UserSession.signIn(member.email, member.password);

    const res = await member.post('/api/auth/change-password', { currentPassword: member.password, newPassword: 'steadfast and immovable' });

    expect(res.status).toBe(204);
    expect((await otherDevice.refresh()).status).toBe(401);
    expect((await member.refresh()).status).toBe(200);
    expect((await signIn(member.email, 'steadfast and immovable')).status).toBe(200);
  });

  it('refuses a wrong current password with 400 and a weak new one with 422', async () => {
    const member = await UserSession.signUp({ name: 'Onesimus' });

    const wrong = await member.post<ProblemDetails>('/api/auth/change-password', { currentPassword: 'not it at all', newPassword: 'steadfast and immovable' });
    const weak = await member.post<ProblemDetails>('/api/auth/change-password', { currentPassword: member.password, newPassword: 'onesimus!' });

    expect(wrong.status).toBe(400);
    expect(wrong.body.errors).toEqual([{ field: 'currentPassword', message: 'Your current password is not correct' }]);
    expect(weak.status).toBe(422);
    expect(weak.body.errors).toEqual([{ field: 'newPassword', message: 'Password must not contain your email or name' }]);
  });

  it('changes only the caller’s password', async () => {
    const [a, b] = await Promise.all([UserSession.signUp(), UserSession.signUp()]);

    await a.post('/api/auth/change-password', { currentPassword: a.password, newPassword: 'only for account a' });

    expect((await signIn(b.email, b.password)).status).toBe(200);
  });
});

it('mail subjects are the ones the web tests look for', () => {
  expect(mailSubjects.recovery).toBe('Reset your Abide password');
});
