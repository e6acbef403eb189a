import type { ProblemDetails, SettingsResponse, User } from '@abide/contracts';
import { UserSession } from '@abide/testing';

/**
 * Two tabs of one member changing their account at the same moment: every write of identity goes through the command
 * runner, so each answers 200 or a 409 that says to try again (never a 500), and what is stored is what an answer said.
 */
const PARALLEL = 12;

type Answer = { status: number; body: unknown };

const expectOnly = (responses: Answer[], allowed: number[]) => {
  expect(responses.map((r) => r.status).filter((s) => !allowed.includes(s))).toEqual([]);
  for (const conflict of responses.filter((r) => r.status === 409)) {
    const problem = conflict.body as ProblemDetails;
    expect(problem.code).toBe('CONCURRENCY_CONFLICT');
    expect(problem.detail).toMatch(/try again/i);
  }
};

const onboarding = {
  spiritualGoals: ['Deeper prayer life'],
  connectionPreferences: ['prayer'],
  reminderFrequency: 'weekly',
  phoneNumber: '',
  timeZone: 'Europe/London',
};

describe('parallel identity writes of one member', () => {
  it(`${PARALLEL} profile names at once: each 200 or 409, and /auth/me shows one of the answered names`, async () => {
    const member = await UserSession.signUp({ name: 'Phoebe' });

    const responses = await Promise.all(
      Array.from({ length: PARALLEL }, (_, i) => member.post<User>('/api/auth/create-profile', { name: `Phoebe of Cenchreae ${i}` })),
    );

    expectOnly(responses, [200, 409]);
    const stored = (await member.get<User>('/api/auth/me')).body.name;
    expect(responses.filter((r) => r.status === 200).map((r) => r.body.name)).toContain(stored);
  });

  it('changes of different settings at once all stay: none is lost to another', async () => {
    const member = await UserSession.signUp();
    const changes: Array<Partial<SettingsResponse>> = [
      { timeZone: 'Asia/Tokyo' },
      { reminderFrequency: 'none' },
      { shareProgressWithGroups: false },
      { name: 'Tabitha' },
      { phoneNumber: '+12015550143' },
    ];

    const responses = await Promise.all(changes.map((change) => member.patch<SettingsResponse>('/api/settings', change)));

    expectOnly(responses, [200, 409]);
    const stored = (await member.get<SettingsResponse>('/api/settings')).body;
    changes.forEach((change, i) => {
      if (responses[i].status === 200) expect(stored).toMatchObject(change);
    });
  });

  it('onboarding finished in one tab while the name changes in another: each 200 or 409, and both kinds of answer are kept', async () => {
    const member = await UserSession.signUp({ name: 'Lois' });

    const responses = await Promise.all(
      Array.from({ length: PARALLEL }, (_, i) =>
        i % 2 === 0
          ? member.post<User>('/api/onboarding/complete', { ...onboarding, name: `Lois ${i}` })
          : member.patch<SettingsResponse>('/api/settings', { name: `Eunice ${i}` }),
      ),
    );

    expectOnly(responses, [200, 409]);
    const me = (await member.get<User>('/api/auth/me')).body;
    const answeredNames = responses.filter((r) => r.status === 200).map((r) => (r.body as { name: string }).name);
    expect(answeredNames).toContain(me.name);
    if (responses.some((r, i) => i % 2 === 0 && r.status === 200)) {
      expect(me.onboardingCompleted).toBe(true);
      expect((await member.get<SettingsResponse>('/api/settings')).body).toMatchObject({
        timeZone: 'Europe/London',
        reminderFrequency: 'weekly',
      });
    }
  });

  it('settings changes racing the deletion of the account: the deletion goes through, each change 200, 404 or 409, never a 500', async () => {
    const member = await UserSession.signUp({ name: 'Priscilla' });

    const [deletion, ...changes] = await Promise.all([
      member.post('/api/account/delete', { password: member.password }),
      ...Array.from({ length: PARALLEL }, (_, i) =>
        member.patch<SettingsResponse | ProblemDetails>('/api/settings', { name: `Prisca ${i}` }),
      ),
    ]);

    expect(deletion.status).toBe(204);
    expectOnly(changes, [200, 404, 409]);
    for (const refused of changes.filter((r) => r.status === 404)) {
      expect((refused.body as ProblemDetails).detail).toBe('This account was not found.');
    }
    const after = await member.patch<ProblemDetails>('/api/settings', { name: 'Prisca' });
    expect(after.status).toBe(404);
    expect((await member.get('/api/auth/me')).status).toBe(404);
  });
});
