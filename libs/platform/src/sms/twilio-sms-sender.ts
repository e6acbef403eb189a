import { SmsRefused, type SmsMessage, type SmsSender } from './sms-sender';

export interface TwilioSettings {
  /** Base URL of a Twilio-compatible API: https://api.twilio.com, or the local fake (tools/infra, engine `sms`). */
  apiUrl: string;
  accountSid: string;
  authToken: string;
  /** Our number, E.164. */
  from: string;
  timeoutMs: number;
}


interface TwilioAnswer {
  sid?: string;
  status?: string | number;
  code?: number;
  message?: string;
}

/** Unreachable, timed out, busy (429) or failing (5xx): worth trying again later. */
export class SmsProviderUnavailable extends Error {
  override readonly name = 'SmsProviderUnavailable';
}

/**
 * Twilio's Messages API: `POST {base}/2010-04-01/Accounts/{AccountSid}/Messages.json`, form-encoded To, From and Body,
 * HTTP basic auth (account SID and auth token); a 201 with the message's `sid` and `status` when accepted, a JSON
 * error with Twilio's `code` when not. A 400 is Twilio refusing this message (e.g. 21610, the recipient replied STOP;
 * 21211, not a valid number): permanent. Anything else that is not a success (auth or account errors, 429, 5xx, no
 * answer) is thrown as retriable, so the calling job tries again with back-off and an operator sees it fail.
 */
export class TwilioSmsSender implements SmsSender {
  private readonly messagesUrl: string;
  private readonly authorization: string;

  constructor(private readonly settings: TwilioSettings) {
    this.messagesUrl = `${settings.apiUrl.replace(/\/+$/, '')}/2010-04-01/Accounts/${encodeURIComponent(settings.accountSid)}/Messages.json`;
    this.authorization = `Basic ${Buffer.from(`${settings.accountSid}:${settings.authToken}`).toString('base64')}`;
  }

  async send(message: SmsMessage): Promise<{ id: string }> {
    let res: Response;
    try {
      res = await fetch(this.messagesUrl, {
        method: 'POST',
        headers: { authorization: this.authorization, accept: 'application/json' },
        body: new URLSearchParams({ To: message.to, From: this.settings.from, Body: message.text }),
        signal: AbortSignal.timeout(this.settings.timeoutMs),
      });
    } catch (error) {
      throw new SmsProviderUnavailable(`SMS provider not reachable: ${(error as Error).message}`);
    }
    const answer = (await res.json().catch(() => ({}))) as TwilioAnswer;
    if (res.ok && answer.sid) return { id: answer.sid };
    const why = `SMS provider answered ${res.status}${answer.code ? ` (code ${answer.code})` : ''}: ${answer.message ?? res.statusText}`;
    if (res.status === 400) throw new SmsRefused(String(answer.code ?? res.status), answer.message ?? why);
    throw new SmsProviderUnavailable(why);
  }
}

/** The provider a service's `smsProviderEnv` settings name (config/env-fragments.ts). */
export const twilioSenderFor = (config: { SMS_API_URL: string; SMS_ACCOUNT_SID: string; SMS_AUTH_TOKEN: string; SMS_FROM: string; SMS_TIMEOUT_MS: number }) =>
  new TwilioSmsSender({
    apiUrl: config.SMS_API_URL,
    accountSid: config.SMS_ACCOUNT_SID,
    authToken: config.SMS_AUTH_TOKEN,
    from: config.SMS_FROM,
    timeoutMs: config.SMS_TIMEOUT_MS,
  });
