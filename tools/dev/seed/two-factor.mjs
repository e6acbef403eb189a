// Two-factor sign-in for the seeders (demo data, load suite) as a member's authenticator app does it: otplib's codes
// (RFC 6238: 6 digits, 30 s). Identity never takes a time step twice, and takes the one after its clock, so each code
// here is for a step this process has not used yet: the current one, else the next, else it waits for the clock.
import { generateSync } from 'otplib';

const PERIOD_SECONDS = 30;
const lastStepOf = new Map();

export const nextTotpCode = async (secret) => {
  const current = Math.floor(Date.now() / 1000 / PERIOD_SECONDS);
  const step = Math.max(current, (lastStepOf.get(secret) ?? -1) + 1);
  const waitMs = (step - 1) * PERIOD_SECONDS * 1000 - Date.now();
  if (waitMs > 0) await new Promise((resolve) => setTimeout(resolve, waitMs + 50));
  lastStepOf.set(secret, step);
  return generateSync({ secret, period: PERIOD_SECONDS, epoch: step * PERIOD_SECONDS });
};

/** @typedef {(path: string, body?: unknown) => Promise<{ status: number, body: any }>} Post a POST with the member's token */

/**
 * Turns two-factor sign-in on for the member `post` speaks for (identity asks for their password too): their secret and
 * recovery codes. @param {Post} post @param {string} password
 */
export const enrolTwoFactor = async (post, password) => {
  const started = await post('/api/auth/two-factor/enrolment');
  if (started.status !== 200) throw new Error(`could not start two-factor enrolment: ${started.status} ${JSON.stringify(started.body)}`);
  const confirmed = await post('/api/auth/two-factor/enrolment/confirm', { password, code: await nextTotpCode(started.body.secret) });
  if (confirmed.status !== 200)
    throw new Error(`could not confirm two-factor enrolment: ${confirmed.status} ${JSON.stringify(confirmed.body)}`);
  return { secret: started.body.secret, recoveryCodes: confirmed.body.recoveryCodes };
};

/**
 * Sign-in's second step with the app's code. Identity refuses a step at or before the last one it accepted, and
 * accepts one step ahead of its clock, so after someone signed in within the last minute (a person, a test, an earlier
 * run) a code is tried at the next steps too, waiting for the clock if need be. @param {Post} post
 */
export const verifySecondFactor = async (post, challenge, secret) => {
  for (let attempt = 1; ; attempt += 1) {
    const res = await post('/api/auth/two-factor/verify', { challenge, code: await nextTotpCode(secret) });
    if (res.status === 200 || attempt === 3 || res.body?.code !== 'INVALID_CODE') return res;
  }
};
