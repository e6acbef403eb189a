// Each stack's account at the local SMS provider fake (tools/infra/sms): its own SID, auth token and number, so a test
// run's texts never land in dev's inbox, and its webhook, so a member's STOP reaches that stack's identity.
import { createHash } from 'node:crypto';

const hex = (text) => createHash('sha256').update(text).digest('hex');

/** Twilio's magic test number: "a valid From number" in Twilio's own test credentials. */
export const SMS_FROM = '+15005550006';

/** A stack's account, derived from its namespace (stable across starts, different per profile and test slot). */
export const smsAccountOf = (namespace) => ({
  sid: `AC${hex(`abide-sms-account|${namespace}`).slice(0, 32)}`,
  authToken: hex(`abide-sms-token|${namespace}`).slice(0, 32),
  from: SMS_FROM,
});

/** Registers (or updates) the account at the fake; idempotent. */
export const registerSmsAccount = async (apiUrl, { sid, authToken, from }, { smsUrl, label }) => {
  const res = await fetch(`${apiUrl}/api/accounts/${sid}`, {
    method: 'PUT',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ authToken, phoneNumber: from, smsUrl, label }),
  });
  if (res.status !== 204)
    throw new Error(`the SMS provider fake at ${apiUrl} refused the account ${sid}: ${res.status} ${await res.text()}`);
};
