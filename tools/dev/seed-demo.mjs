// Demo data goes in through the public API, exactly as a person's actions would, so every figure is real.
// Sign-up needs a PKCE challenge and a confirmed e-mail: the seed confirms through the caught mail.
import { createHash, randomBytes } from 'node:crypto';

// The password must not contain the e-mail's local part or the name ("demo", "member").
export const demoMember = { name: 'Demo Member', email: 'demo@abide.local', password: 'walk humbly every day' };

const request = async (apiUrl, method, path, { body, token } = {}) => {
  const res = await fetch(`${apiUrl}${path}`, {
    method,
    headers: { ...(body ? { 'content-type': 'application/json' } : {}), ...(token ? { authorization: `Bearer ${token}` } : {}) },
    body: body ? JSON.stringify(body) : undefined,
  });
  const text = await res.text();
  return { status: res.status, body: text ? JSON.parse(text) : undefined };
};

const expectOk = (res, what) => {
  if (res.status >= 300) throw new Error(`could not ${what}: ${res.status} ${JSON.stringify(res.body)}`);
  return res.body;
};

const newestConfirmationCode = async (smtpWebUrl, email, timeoutMs = 15_000) => {
  const started = Date.now();
  while (Date.now() - started < timeoutMs) {
    const mails = await (await fetch(`${smtpWebUrl}/email`)).json();
    const mail = mails.filter((m) => m.subject === 'Confirm your Abide account' && m.to?.some((t) => t.address === email)).at(-1);
    const code = mail && /[?&]code=([A-Za-z0-9_-]+)/.exec(mail.text ?? '')?.[1];
    if (code) return code;
    await new Promise((r) => setTimeout(r, 200));
  }
  throw new Error(`no confirmation mail for ${email}`);
};

/** Signs the demo member in, creating and confirming the account the first time. */
const demoSession = async (apiUrl, smtpWebUrl) => {
  const signIn = await request(apiUrl, 'POST', '/api/auth/sign-in', { body: demoMember });
  if (signIn.status === 200) return signIn.body;
  const codeVerifier = randomBytes(32).toString('base64url');
  const codeChallenge = createHash('sha256').update(codeVerifier).digest('base64url');
  expectOk(await request(apiUrl, 'POST', '/api/auth/sign-up', { body: { ...demoMember, codeChallenge } }), 'create the demo member');
  const code = await newestConfirmationCode(smtpWebUrl, demoMember.email);
  return expectOk(await request(apiUrl, 'POST', '/api/auth/token', { body: { code, codeVerifier } }), 'confirm the demo member');
};

const demoHabits = [
  { name: 'Morning prayer', category: 'prayer', description: 'Ten quiet minutes before the day begins.', frequency: 'daily', reminderTime: '07:00' },
  { name: 'Read a psalm', category: 'bible-study', description: 'One psalm, read slowly.', frequency: 'daily', reminderTime: '' },
  { name: 'Gratitude list', category: 'gratitude', description: 'Three things from today.', frequency: 'daily', reminderTime: '21:00' },
];

/** The demo member has answered onboarding, keeps three habits (one done today) and has written in the journal. */
export const seedDemoData = async (apiUrl, smtpWebUrl = 'http://127.0.0.1:1080') => {
  const session = await demoSession(apiUrl, smtpWebUrl);
  const token = session.accessToken;
  if (!session.user.onboardingCompleted) {
    expectOk(
      await request(apiUrl, 'POST', '/api/onboarding/complete', {
        token,
        body: {
          name: demoMember.name,
          spiritualGoals: ['Deeper prayer life', 'Daily Bible reading'],
          connectionPreferences: ['prayer', 'bible', 'nature'],
          reminderFrequency: 'daily',
          phoneNumber: '',
          timeZone: Intl.DateTimeFormat().resolvedOptions().timeZone,
        },
      }),
      'complete onboarding',
    );
  }
  const habits = expectOk(await request(apiUrl, 'GET', '/api/habits', { token }), 'list habits');
  if (habits.length === 0) {
    const created = [];
    for (const habit of demoHabits) created.push(expectOk(await request(apiUrl, 'POST', '/api/habits', { token, body: habit }), 'create a habit'));
    expectOk(await request(apiUrl, 'POST', `/api/habits/${created[0].id}/toggle`, { token, body: { completed: true } }), 'check in');
  }
  const entries = expectOk(await request(apiUrl, 'GET', '/api/journal/entries', { token }), 'list journal entries');
  if (entries.total === 0) {
    expectOk(
      await request(apiUrl, 'POST', '/api/journal/entries', {
        token,
        body: {
          content: 'Sat by the window with Psalm 23 this morning. "He restores my soul" stayed with me all day.',
          scriptureReference: 'Psalm 23:1-3',
          mood: 'peaceful',
          gratitude: 'A slow breakfast and a call from my sister.',
          isPrivate: true,
        },
      }),
      'write a journal entry',
    );
  }
  return demoMember;
};
