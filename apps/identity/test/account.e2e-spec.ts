import type { FormationProfile, ProblemDetails, SettingsResponse, User } from '@abide/contracts';
import { call, eventually, UserSession } from '@abide/testing';
import { spawnSync } from 'node:child_process';
import path from 'node:path';

const onboarding = {
  name: 'Ruth of Moab',
  spiritualGoals: ['Deeper prayer life', 'Daily Bible reading'],
  connectionPreferences: ['prayer', 'nature'],
  reminderFrequency: 'weekly',
  phoneNumber: '(201) 555-0123',
  timeZone: 'America/Chicago',
};

describe('onboarding', () => {
  it('stores the answers and marks onboarding complete', async () => {
    const sut = await UserSession.signUp({ name: 'Ruth' });

    const res = await sut.post<User>('/api/onboarding/complete', onboarding);

    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ id: sut.user.id, name: 'Ruth of Moab', onboardingCompleted: true });
    const settings = await sut.get<SettingsResponse>('/api/settings');
    expect(settings.body).toMatchObject({ timeZone: 'America/Chicago', reminderFrequency: 'weekly', phoneNumber: '+12015550123' });
  });

  it('lists each step’s rule when the answers are incomplete', async () => {
    const sut = await UserSession.signUp();

    const res = await sut.post<ProblemDetails>('/api/onboarding/complete', { ...onboarding, spiritualGoals: [], connectionPreferences: ['telepathy'] });

    expect(res.status).toBe(400);
    expect(res.body.errors?.map((e) => e.field).sort()).toEqual(['connectionPreferences.0', 'spiritualGoals']);
    expect(res.body.errors).toContainEqual({ field: 'spiritualGoals', message: 'Choose at least one spiritual goal' });
  });

  it('refuses a time zone that does not exist', async () => {
    const sut = await UserSession.signUp();

    const res = await sut.post<ProblemDetails>('/api/onboarding/complete', { ...onboarding, timeZone: 'Mars/Olympus_Mons' });

    expect(res.status).toBe(400);
    expect(res.body.errors).toEqual([{ field: 'timeZone', message: 'Unknown time zone "Mars/Olympus_Mons"' }]);
  });
});

describe('settings', () => {
  it('changes only the given fields, and a new name reaches /auth/me and formation', async () => {
    const sut = await UserSession.signUp({ name: 'Martha' });

    const res = await sut.patch<SettingsResponse>('/api/settings', { name: 'Martha of Bethany', shareProgressWithGroups: false });

    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ name: 'Martha of Bethany', shareProgressWithGroups: false, reminderFrequency: 'daily', email: sut.email });
    expect((await sut.get<User>('/api/auth/me')).body.name).toBe('Martha of Bethany');
    await eventually(async () => {
      const profile = await sut.get<FormationProfile>('/api/formation/profile');
      return profile.body.displayName === 'Martha of Bethany' ? true : undefined;
    });
  });

  it('asks for a phone number before reminder texts can be chosen', async () => {
    const sut = await UserSession.signUp();

    const res = await sut.patch<ProblemDetails>('/api/settings', { channels: ['in-app', 'sms'] });

    expect(res.status).toBe(400);
    expect(res.body.errors).toEqual([{ field: 'phoneNumber', message: 'Add a phone number to get reminder texts.' }]);
  });

  it('never shows or changes another member’s settings: the token decides whose they are', async () => {
    const [mary, martha] = await Promise.all([UserSession.signUp({ name: 'Mary' }), UserSession.signUp({ name: 'Martha' })]);

    await mary.patch('/api/settings', { name: 'Mary Magdalene' });

    expect((await martha.get<SettingsResponse>('/api/settings')).body.name).toBe('Martha');
    expect((await call('GET', '/api/settings')).status).toBe(401);
  });
});

describe('data export', () => {
  it('returns one JSON file with the account from identity, the profile from formation, and the library and community parts', async () => {
    const sut = await UserSession.signUp({ name: 'Lydia' });
    await eventually(async () => ((await sut.get('/api/formation/profile')).status === 200 ? true : undefined));

    await sut.post('/api/journal/entries', { content: 'Grateful for the river at dawn.', isPrivate: true });

    const res = await sut.get<{ identity: { account: User; history: unknown[] }; formation: { profile: FormationProfile; journalEntries: unknown[] } }>(
      '/api/account/export',
    );

    expect(res.status).toBe(200);
    expect(res.headers.get('content-disposition')).toMatch(/^attachment; filename="abide-export-\d{4}-\d{2}-\d{2}\.json"$/);
    expect(res.body.identity.account).toMatchObject({ id: sut.user.id, email: sut.email, name: 'Lydia' });
    expect(res.body.identity.history.length).toBeGreaterThanOrEqual(2);
    expect(res.body.formation.profile).toMatchObject({ userId: sut.user.id, displayName: 'Lydia' });
    expect(res.body.formation).toMatchObject({ plans: [], habits: [], habitEntries: [] });
    expect(res.body.formation.journalEntries).toEqual([expect.objectContaining({ content: 'Grateful for the river at dawn.' })]);
    expect(res.body).toMatchObject({ library: { resources: [] }, community: { groups: [], memberships: [] } });
  });
});

describe('account deletion', () => {
  it('refuses without the right password and keeps the account', async () => {
    const sut = await UserSession.signUp();

    const res = await sut.post<ProblemDetails>('/api/account/delete', { password: 'not my password' });

    expect(res.status).toBe(403);
    expect((await sut.get('/api/auth/me')).status).toBe(200);
  });

  it('counts wrong passwords toward the sign-in back-off: after 5, even the right one gets 429 with Retry-After', async () => {
    const sut = await UserSession.signUp();

    const wrong = [];
    for (let i = 0; i < 5; i++) wrong.push(await sut.post<ProblemDetails>('/api/account/delete', { password: `guess ${i}` }));
    const locked = await sut.post<ProblemDetails>('/api/account/delete', { password: sut.password });
    const signIn = await call('POST', '/api/auth/sign-in', { body: { email: sut.email, password: sut.password } });

    expect(wrong.map((r) => r.status)).toEqual([403, 403, 403, 403, 403]);
    expect(locked.status).toBe(429);
    expect(locked.body.code).toBe('RATE_LIMITED');
    expect(Number(locked.headers.get('retry-after'))).toBeGreaterThanOrEqual(1);
    // The same back-off as sign-in: the guesses here lock signing in too.
    expect(signIn.status).toBe(429);
    expect((await sut.get('/api/auth/me')).status).toBe(200);
  });

  it('deletes the account, ends sign-in and makes formation purge the member’s profile', async () => {
    const sut = await UserSession.signUp({ name: 'Dorcas' });
    await eventually(async () => ((await sut.get('/api/formation/profile')).status === 200 ? true : undefined));

    const res = await sut.post('/api/account/delete', { password: sut.password });

    expect(res.status).toBe(204);
    expect((await sut.get('/api/auth/me')).status).toBe(404);
    expect((await call('POST', '/api/auth/sign-in', { body: { email: sut.email, password: sut.password }, clientIp: sut.clientIp })).status).toBe(401);
    expect((await sut.refresh()).status).toBe(401);
    await eventually(async () => ((await sut.get('/api/formation/profile')).status === 404 ? true : undefined));
  });
});

describe('roles', () => {
  it('grants moderator through the operator command, effective at the next refresh', async () => {
    const sut = await UserSession.signUp();
    const root = path.resolve(__dirname, '../../..');

    const cli = spawnSync(process.execPath, ['tools/dev/roles.mjs', 'grant', 'moderator', sut.email], {
      cwd: root,
      env: { ...process.env, ABIDE_PROFILE: 'test' },
      encoding: 'utf8',
    });

    expect({ status: cli.status, stderr: cli.stderr }).toEqual({ status: 0, stderr: '' });
    expect(cli.stdout).toContain(`${sut.email} now has the roles: user, moderator`);
    expect(sut.user.roles).toEqual(['user']);
    const refreshed = await sut.refresh();
    expect(refreshed.body.user.roles).toEqual(['user', 'moderator']);
    const claims = JSON.parse(Buffer.from(sut.token.split('.')[1], 'base64url').toString());
    expect(claims.roles).toEqual(['user', 'moderator']);
  });
});
