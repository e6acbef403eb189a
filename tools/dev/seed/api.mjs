// The seed talks to the public API exactly as the web app does, so every figure it leaves behind is real.
import { createHash, randomBytes } from 'node:crypto';
import { verifySecondFactor } from './two-factor.mjs';

// Tests that run the seed give it a client address of its own (SEED_CLIENT_IP, sent as X-Forwarded-For, which the
// gateway trusts from loopback), so its sign-ins never share a per-IP limit with other tests' loopback traffic.
const clientIp = process.env.SEED_CLIENT_IP;

export const request = async (apiUrl, method, path, { body, token, form } = {}) => {
  const res = await fetch(`${apiUrl}${path}`, {
    method,
    headers: {
      ...(body ? { 'content-type': 'application/json' } : {}),
      ...(token ? { authorization: `Bearer ${token}` } : {}),
      ...(clientIp ? { 'x-forwarded-for': clientIp } : {}),
    },
    body: form ?? (body ? JSON.stringify(body) : undefined),
  });
  const text = await res.text();
  return { status: res.status, body: text ? JSON.parse(text) : undefined };
};

export const expectOk = (res, what) => {
  if (res.status >= 300) throw new Error(`could not ${what}: ${res.status} ${JSON.stringify(res.body)}`);
  return res.body;
};

/** Polls until `read` returns something truthy (e.g. an event reached another service). */
export const waitFor = async (read, what, timeoutMs = 30_000) => {
  const started = Date.now();
  while (Date.now() - started < timeoutMs) {
    const value = await read();
    if (value) return value;
    await new Promise((r) => setTimeout(r, 300));
  }
  throw new Error(`timed out waiting for ${what}`);
};

// The catcher filters by address (an exact match): a test run leaves thousands of mails there.
const confirmationMails = async (smtpWebUrl, email) =>
  (await (await fetch(`${smtpWebUrl}/email?${new URLSearchParams({ 'to.address': email })}`)).json()).filter(
    (m) => m.subject === 'Confirm your Abide account' && m.to?.some((t) => t.address === email),
  );

/** The code of a confirmation mail that was not there before (`seen`: ids of older ones, e.g. from an earlier run). */
const newConfirmationCode = (smtpWebUrl, email, seen) =>
  waitFor(async () => {
    const mail = (await confirmationMails(smtpWebUrl, email)).filter((m) => !seen.has(m.id)).at(-1);
    return mail && /[?&]code=([A-Za-z0-9_-]+)/.exec(mail.text ?? '')?.[1];
  }, `the confirmation mail for ${email}`);

/** The account has two-factor sign-in on, and the seed has no key (or not the right one) to answer its code. */
export class TwoFactorKeyUnknown extends Error {}

/** Signs a member in, creating and confirming the account the first time; `secret` answers the code when two-factor sign-in is on. */
export const memberSession = async (apiUrl, smtpWebUrl, member, { secret } = {}) => {
  const credentials = { email: member.email, password: member.password };
  const signIn = await request(apiUrl, 'POST', '/api/auth/sign-in', { body: credentials });
  if (signIn.status === 200) return signIn.body;
  if (signIn.status === 202) {
    const verified =
      secret && (await verifySecondFactor((path, body) => request(apiUrl, 'POST', path, { body }), signIn.body.challenge, secret));
    if (!verified || verified.body?.code === 'INVALID_CODE') throw new TwoFactorKeyUnknown(`no two-factor key for ${member.email}`);
    return expectOk(verified, `sign ${member.email} in with a code`);
  }
  const codeVerifier = randomBytes(32).toString('base64url');
  const codeChallenge = createHash('sha256').update(codeVerifier).digest('base64url');
  const seen = new Set((await confirmationMails(smtpWebUrl, member.email)).map((m) => m.id));
  expectOk(await request(apiUrl, 'POST', '/api/auth/sign-up', { body: { ...member, codeChallenge } }), `create ${member.email}`);
  const code = await newConfirmationCode(smtpWebUrl, member.email, seen);
  return expectOk(await request(apiUrl, 'POST', '/api/auth/token', { body: { code, codeVerifier } }), `confirm ${member.email}`);
};

/** Answers onboarding once (it gives the member a plan and a time zone). */
export const ensureOnboarded = async (apiUrl, session, answers) => {
  if (session.user.onboardingCompleted) return;
  expectOk(
    await request(apiUrl, 'POST', '/api/onboarding/complete', {
      token: session.accessToken,
      body: { name: session.user.name, phoneNumber: '', timeZone: Intl.DateTimeFormat().resolvedOptions().timeZone, ...answers },
    }),
    `complete onboarding for ${session.user.email}`,
  );
};

/**
 * Proves a member's phone number as a person would (docs/architecture.md "Text messages"): asks for the code, reads it
 * in the local SMS inbox (the stack's account at the provider fake) and types it back. Texts go only to a proved number.
 */
export const provePhoneNumber = async (apiUrl, session, phoneNumber, { smsApiUrl, accountSid }) => {
  const token = session.accessToken;
  const timeZone = Intl.DateTimeFormat().resolvedOptions().timeZone;
  const sent = expectOk(
    await request(apiUrl, 'POST', '/api/settings/phone/verification', { token, body: { phoneNumber, timeZone } }),
    `text a code to ${session.user.email}'s number`,
  );
  const inbox = await fetch(`${smsApiUrl}/api/accounts/${accountSid}/messages?number=${encodeURIComponent(sent.phoneNumber)}`);
  const { messages } = await inbox.json();
  const code = messages.map((m) => /^Abide: your code is (\d{6})\./.exec(m.body)?.[1]).filter(Boolean).at(-1);
  if (!code) throw new Error(`no code reached ${sent.phoneNumber} in the SMS inbox`);
  expectOk(
    await request(apiUrl, 'POST', '/api/settings/phone/verification/confirm', { token, body: { phoneNumber, timeZone, code } }),
    `prove ${session.user.email}'s number`,
  );
};
