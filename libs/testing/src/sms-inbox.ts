import { randomBytes, randomInt } from 'node:crypto';
import { fakeApiFetch } from './fake-api-fetch';

/**
 * The local SMS provider fake (tools/infra/sms): Twilio's Messages API for the apps, an inbox with a JSON API for
 * tests. Each stack and each integration app has its own account there, so their texts never mix.
 */
export const smsApiUrl = (): string => process.env.E2E_SMS_API_URL ?? process.env.SMS_API_URL ?? 'http://127.0.0.1:1090';

/** The e2e stack's account (set by the stack's global setup). */
export const stackSmsAccountSid = (): string => {
  const sid = process.env.E2E_SMS_ACCOUNT_SID;
  if (!sid) throw new Error('E2E_SMS_ACCOUNT_SID is not set: run this under the e2e stack');
  return sid;
};

export interface Text {
  sid: string;
  from: string;
  to: string;
  body: string;
  direction: 'outbound-api' | 'outbound-reply' | 'inbound';
  /** For a reply: what the app's webhook answered. */
  webhook: { status: number | null; error?: string } | null;
}

export interface SmsTestAccount {
  sid: string;
  authToken: string;
  from: string;
  /** What formation needs to send with this account. */
  env: Record<'SMS_API_URL' | 'SMS_ACCOUNT_SID' | 'SMS_AUTH_TOKEN' | 'SMS_FROM', string>;
}

const json = async <T>(res: Response, what: string): Promise<T> => {
  if (!res.ok) throw new Error(`SMS inbox: ${what} answered ${res.status} ${await res.text()}`);
  return (res.status === 204 ? undefined : await res.json()) as T;
};

/** A fresh account at the fake (an integration app's own), optionally with a webhook for replies. */
export const newSmsAccount = async (options: { smsUrl?: string; label?: string } = {}): Promise<SmsTestAccount> => {
  const sid = `AC${randomBytes(16).toString('hex')}`;
  const authToken = randomBytes(16).toString('hex');
  const from = '+15005550006';
  await json(
    await fakeApiFetch(`${smsApiUrl()}/api/accounts/${sid}`, {
      method: 'PUT',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ authToken, phoneNumber: from, smsUrl: options.smsUrl, label: options.label ?? `test ${sid.slice(-6)}` }),
    }),
    'registering an account',
  );
  return { sid, authToken, from, env: { SMS_API_URL: smsApiUrl(), SMS_ACCOUNT_SID: sid, SMS_AUTH_TOKEN: authToken, SMS_FROM: from } };
};

/** Every text between the account and `number`, oldest first: ours, the provider's automatic answers, the replies. */
export const textsWith = async (accountSid: string, number: string): Promise<Text[]> =>
  (
    await json<{ messages: Text[] }>(
      await fakeApiFetch(`${smsApiUrl()}/api/accounts/${accountSid}/messages?number=${encodeURIComponent(number)}`),
      'listing texts',
    )
  ).messages;

/** The texts our app sent to `number` (not the provider's automatic answers). */
export const textsTo = async (accountSid: string, number: string): Promise<Text[]> =>
  (await textsWith(accountSid, number)).filter((t) => t.direction === 'outbound-api' && t.to === number);

/** A member's reply from `from`, as the provider receives it: its keyword handling, then the signed webhook. */
export const replyBySms = async (accountSid: string, from: string, body: string): Promise<Text> =>
  json<Text>(
    await fakeApiFetch(`${smsApiUrl()}/api/accounts/${accountSid}/replies`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ from, body }),
    }),
    'sending a reply',
  );

/** The next `times` sends of the account (to `to`, when given) answer `status` (Twilio's error JSON with `code`). */
export const failNextSends = async (
  accountSid: string,
  fault: { status: number; code?: number; times?: number; to?: string },
): Promise<void> =>
  json(
    await fakeApiFetch(`${smsApiUrl()}/api/accounts/${accountSid}/faults`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(fault),
    }),
    'queueing a fault',
  );

/** The provider itself (not the app) holds `number` as opted out of the account's texts, as after a missed STOP. */
export const optOutAtProvider = async (accountSid: string, number: string): Promise<void> =>
  json(await fakeApiFetch(`${smsApiUrl()}/api/accounts/${accountSid}/opt-outs/${encodeURIComponent(number)}`, { method: 'PUT' }), 'opting out');

/** The page a person opens to read a number's texts. */
export const smsInboxPageOf = (accountSid: string, number: string): string =>
  `${smsApiUrl()}/accounts/${accountSid}/numbers/${encodeURIComponent(number)}`;

/**
 * A valid US number no other test is likely to use (replies find members by number, so tests must not share one):
 * as a person in the US types it, and in E.164.
 */
export const newPhoneNumber = (): { national: string; e164: string } => {
  const exchange = 200 + randomInt(800);
  const line = String(randomInt(10_000)).padStart(4, '0');
  return { national: `(415) ${exchange}-${line}`, e164: `+1415${exchange}${line}` };
};
