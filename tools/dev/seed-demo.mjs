// Demo data goes in through the public API, exactly as a person's actions would, so every figure is real.
// Sign-up now needs a PKCE challenge and a confirmed e-mail: the seed confirms through the caught mail.
import { createHash, randomBytes } from 'node:crypto';

// The password must not contain the e-mail's local part or the name ("demo", "member").
export const demoMember = { name: 'Demo Member', email: 'demo@abide.local', password: 'walk humbly every day' };

const post = (apiUrl, path, body) =>
  fetch(`${apiUrl}${path}`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) });

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

export const seedDemoData = async (apiUrl, smtpWebUrl = 'http://127.0.0.1:1080') => {
  // Already there and confirmed from an earlier start: nothing to do.
  if ((await post(apiUrl, '/api/auth/sign-in', demoMember)).status === 200) return demoMember;
  const codeVerifier = randomBytes(32).toString('base64url');
  const codeChallenge = createHash('sha256').update(codeVerifier).digest('base64url');
  const res = await post(apiUrl, '/api/auth/sign-up', { ...demoMember, codeChallenge });
  if (res.status !== 202) throw new Error(`could not create the demo member: ${res.status} ${await res.text()}`);
  const code = await newestConfirmationCode(smtpWebUrl, demoMember.email);
  const exchanged = await post(apiUrl, '/api/auth/token', { code, codeVerifier });
  if (exchanged.status !== 200) throw new Error(`could not confirm the demo member: ${exchanged.status} ${await exchanged.text()}`);
  return demoMember;
};
