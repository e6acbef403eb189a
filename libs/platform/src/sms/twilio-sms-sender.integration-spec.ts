import { failNextSends, newSmsAccount, optOutAtProvider, type SmsTestAccount, smsApiUrl, textsTo } from '@abide/testing';
import { SmsRefused } from './sms-sender';
import { SmsProviderUnavailable, TwilioSmsSender } from './twilio-sms-sender';

// Against the local SMS provider fake (tools/infra, engine `sms`), which speaks Twilio's Messages API.
let account: SmsTestAccount;
let sender: TwilioSmsSender;
const to = '+12015550142';
const message = (text: string) => ({ to, text, idempotencyKey: `test:${text}` });

beforeAll(async () => {
  account = await newSmsAccount({ label: 'adapter integration' });
  sender = new TwilioSmsSender({
    apiUrl: smsApiUrl(),
    accountSid: account.sid,
    authToken: account.authToken,
    from: account.from,
    timeoutMs: 5000,
  });
});

describe(TwilioSmsSender.name, () => {
  it("sends through Twilio's Messages API and returns the provider's message id", async () => {
    const sut = await sender.send(message('Abide: hello'));

    const [text] = await textsTo(account.sid, to);
    expect(sut.id).toBe(text.sid);
    expect([text.from, text.to, text.body]).toEqual([account.from, to, 'Abide: hello']);
  });

  it('throws a retriable error when the provider is failing (5xx) or busy (429), and sends on the next try', async () => {
    await failNextSends(account.sid, { status: 503 });
    await failNextSends(account.sid, { status: 429 });

    await expect(sender.send(message('retry 1'))).rejects.toThrow(SmsProviderUnavailable);
    await expect(sender.send(message('retry 1'))).rejects.toThrow(/answered 429/);
    await sender.send(message('retry 1'));

    expect((await textsTo(account.sid, to)).filter((t) => t.body === 'retry 1')).toHaveLength(1);
  });

  it('throws SmsRefused with the provider’s code for a number that opted out, and for one that is not a number', async () => {
    const stopped = '+12015550199';
    await optOutAtProvider(account.sid, stopped);

    const refusal = await sender.send({ ...message('x'), to: stopped }).catch((e: unknown) => e);
    expect(refusal).toBeInstanceOf(SmsRefused);
    expect(refusal).toMatchObject({ code: '21610', message: 'Attempt to send to unsubscribed recipient' });
    await expect(sender.send({ ...message('x'), to: '555-0100' })).rejects.toMatchObject({ name: 'SmsRefused', code: '21211' });
  });

  it('throws a retriable error for credentials the provider refuses and for a provider that does not answer', async () => {
    const wrongToken = new TwilioSmsSender({
      apiUrl: smsApiUrl(),
      accountSid: account.sid,
      authToken: 'not-the-token-0000',
      from: account.from,
      timeoutMs: 5000,
    });
    const nowhere = new TwilioSmsSender({
      apiUrl: 'http://127.0.0.1:9',
      accountSid: account.sid,
      authToken: account.authToken,
      from: account.from,
      timeoutMs: 2000,
    });

    await expect(wrongToken.send(message('x'))).rejects.toThrow(/answered 401 \(code 20003\)/);
    await expect(nowhere.send(message('x'))).rejects.toThrow(SmsProviderUnavailable);
  });
});
