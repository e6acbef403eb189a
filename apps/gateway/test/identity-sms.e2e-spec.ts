import type { ProblemDetails, ReminderSchedule, SettingsResponse } from '@abide/contracts';
import { call, eventually, newPhoneNumber, replyBySms, stackSmsAccountSid, UserSession, withServiceDb } from '@abide/testing';
import { twilioSignature } from '../../identity/src/sms/twilio-signature';

const onboarding = {
  name: 'Lydia of Thyatira',
  spiritualGoals: ['Deeper prayer life'],
  connectionPreferences: ['prayer'],
  reminderFrequency: 'daily',
  timeZone: 'America/Chicago',
};

interface StoredEvent {
  type: string;
  data: Record<string, string>;
}
/** A member's events of `type` in a service's log, oldest first. */
const eventsOf = (service: 'identity' | 'formation', userId: string, type: string) =>
  withServiceDb(service, (db) => db.collection<StoredEvent>('events').find({ subjectId: userId, type }).sort({ occurredAt: 1 }).toArray());

const onboardWithTexts = async () => {
  const member = await UserSession.signUp({ name: 'Lydia' });
  const phone = newPhoneNumber();
  const res = await member.post('/api/onboarding/complete', { ...onboarding, phoneNumber: phone.national, smsOptIn: true });
  expect(res.status).toBe(200);
  return { member, phone };
};

describe('text messages: the opt-in', () => {
  it('completing onboarding with the box ticked stores the number in E.164, turns texts on and records the opt-in with its time', async () => {
    const before = Date.now();
    const { member, phone } = await onboardWithTexts();

    const settings = (await member.get<SettingsResponse>('/api/settings')).body;
    expect(settings).toMatchObject({ phoneNumber: phone.e164, channels: ['in-app', 'email', 'sms'], sms: { state: 'on' } });
    expect(Date.parse(settings.sms.since!)).toBeGreaterThanOrEqual(before - 1000);
    const [optIn] = await eventsOf('identity', member.user.id, 'identity.user.sms-opted-in');
    expect(optIn.data).toEqual({ userId: member.user.id, phoneNumber: phone.e164, optedInAt: settings.sms.since, source: 'onboarding' });
    // Formation, which sends the texts, learns it as an event on the member's stream.
    await eventually(async () =>
      (await eventsOf('formation', member.user.id, 'formation.member.sms-opted-in')).length === 1 ? true : undefined,
    );
  });

  it('without the box ticked, a number is kept but no text is sent: SMS stays off', async () => {
    const member = await UserSession.signUp();
    const phone = newPhoneNumber();

    await member.post('/api/onboarding/complete', { ...onboarding, phoneNumber: phone.national });

    expect((await member.get<SettingsResponse>('/api/settings')).body).toMatchObject({
      phoneNumber: phone.e164,
      channels: ['in-app', 'email'],
      sms: { state: 'off', since: null },
    });
    expect(await eventsOf('identity', member.user.id, 'identity.user.sms-opted-in')).toEqual([]);
  });

  it('refuses a number that is not one, with a message naming the field, and an opt-in without a number', async () => {
    const member = await UserSession.signUp();

    const invalid = await member.post<ProblemDetails>('/api/onboarding/complete', {
      ...onboarding,
      phoneNumber: '(555) 123-4567',
      smsOptIn: true,
    });
    const missing = await member.post<ProblemDetails>('/api/onboarding/complete', { ...onboarding, phoneNumber: '', smsOptIn: true });
    const inSettings = await member.patch<ProblemDetails>('/api/settings', { phoneNumber: '12' });

    expect(invalid.status).toBe(400);
    expect(invalid.body.errors).toEqual([
      {
        field: 'phoneNumber',
        message:
          'This is not a valid United States phone number. Check the digits, or start with + and the country code (for example +44 20 7946 0000).',
      },
    ]);
    expect(missing.status).toBe(400);
    expect(missing.body.errors).toEqual([{ field: 'phoneNumber', message: 'Add a phone number to get reminder texts.' }]);
    expect(inSettings.status).toBe(400);
    expect(inSettings.body.errors?.[0].field).toBe('phoneNumber');
    expect((await member.get<{ onboardingCompleted: boolean }>('/api/auth/me')).body.onboardingCompleted).toBe(false);
  });

  it('reads a national number in the country of the member’s time zone', async () => {
    const member = await UserSession.signUp();

    const res = await member.patch<SettingsResponse>('/api/settings', { timeZone: 'Europe/London', phoneNumber: '020 7946 0123' });

    expect(res.status).toBe(200);
    expect(res.body.phoneNumber).toBe('+442079460123');
  });

  it('opting out in Settings records the opt-out; opting in again records a new opt-in; a new number ends the old one', async () => {
    const { member, phone } = await onboardWithTexts();

    const off = await member.patch<SettingsResponse>('/api/settings', { channels: ['in-app', 'email'] });
    expect(off.body.sms).toEqual({ state: 'off', since: null });
    const on = await member.patch<SettingsResponse>('/api/settings', { channels: ['in-app', 'sms'] });
    expect(on.body).toMatchObject({ channels: ['in-app', 'sms'], sms: { state: 'on' } });
    const other = newPhoneNumber();
    const moved = await member.patch<SettingsResponse>('/api/settings', { phoneNumber: other.e164 });
    expect(moved.body).toMatchObject({ phoneNumber: other.e164, channels: ['in-app'], sms: { state: 'off' } });

    const outs = await eventsOf('identity', member.user.id, 'identity.user.sms-opted-out');
    expect(outs.map((e) => [e.data.phoneNumber, e.data.source])).toEqual([
      [phone.e164, 'settings'],
      [phone.e164, 'number-changed'],
    ]);
    expect((await eventsOf('identity', member.user.id, 'identity.user.sms-opted-in')).map((e) => e.data.source)).toEqual([
      'onboarding',
      'settings',
    ]);
  });

  it('tells a signed-in member when reminders go out, for the words of the opt-in; nobody else', async () => {
    const member = await UserSession.signUp();

    const res = await member.get<ReminderSchedule>('/api/nudges/schedule');

    expect(res.status).toBe(200);
    expect(res.body).toEqual({
      dailyReminderTime: '07:30',
      weeklyReminder: { weekday: 0, time: '18:00' },
      quietHours: { start: '21:00', end: '07:00' },
      dailyCap: 3,
    });
    expect((await call('GET', '/api/nudges/schedule')).status).toBe(401);
  });
});

describe('text messages: erasure', () => {
  it('deleting the account forgets the number replies found the member by, and erases it from the opt-in events', async () => {
    const { member, phone } = await onboardWithTexts();

    expect((await member.post('/api/account/delete', { password: member.password })).status).toBeLessThan(300);

    const listed = await withServiceDb('identity', (db) => db.collection('sms_numbers').findOne({ _id: phone.e164 as never }));
    expect(listed).toBeNull();
    const [optIn] = await eventsOf('identity', member.user.id, 'identity.user.sms-opted-in');
    expect(optIn.data.phoneNumber).toBe('[erased]');
  });
});

describe('text messages: replies', () => {
  it('a STOP reply through the provider turns texts off, as a member event in identity and formation; START turns them on again', async () => {
    const { member, phone } = await onboardWithTexts();

    const stop = await replyBySms(stackSmsAccountSid(), phone.e164, 'Stop');

    expect(stop.webhook).toEqual({ status: 200 });
    const stopped = (await member.get<SettingsResponse>('/api/settings')).body;
    expect(stopped).toMatchObject({ channels: ['in-app', 'email'], sms: { state: 'stopped' } });
    const [optOut] = await eventsOf('identity', member.user.id, 'identity.user.sms-opted-out');
    expect(optOut.data).toMatchObject({ phoneNumber: phone.e164, source: 'reply', optedOutAt: stopped.sms.since });
    await eventually(async () =>
      (await eventsOf('formation', member.user.id, 'formation.member.sms-opted-out')).length === 1 ? true : undefined,
    );

    expect((await replyBySms(stackSmsAccountSid(), phone.e164, 'START')).webhook).toEqual({ status: 200 });
    expect((await member.get<SettingsResponse>('/api/settings')).body.sms.state).toBe('on');
    expect((await eventsOf('identity', member.user.id, 'identity.user.sms-opted-in')).map((e) => e.data.source)).toEqual([
      'onboarding',
      'reply',
    ]);
  });

  it('changes nothing for another text, or a STOP from a number no member opted in with', async () => {
    const { member } = await onboardWithTexts();

    expect((await replyBySms(stackSmsAccountSid(), newPhoneNumber().e164, 'STOP')).webhook).toEqual({ status: 200 });
    expect(
      (await replyBySms(stackSmsAccountSid(), (await member.get<SettingsResponse>('/api/settings')).body.phoneNumber!, 'Thank you!'))
        .webhook,
    ).toEqual({
      status: 200,
    });

    expect((await member.get<SettingsResponse>('/api/settings')).body.sms.state).toBe('on');
  });

  it('refuses a reply not signed with the account’s token (403), and a signed one without a sender’s number (400)', async () => {
    const { phone } = await onboardWithTexts();
    const url = `${process.env.E2E_API_URL}/api/sms/inbound`;
    const post = (fields: Record<string, string>, signature: string) =>
      fetch(url, { method: 'POST', headers: { 'x-twilio-signature': signature }, body: new URLSearchParams(fields) });
    const stop = { From: phone.e164, Body: 'STOP' };

    const forged = await post(stop, twilioSignature('not-the-token-0000', url, stop));
    const unsigned = await post(stop, '');
    const noSender = await post({ Body: 'STOP' }, twilioSignature(process.env.E2E_SMS_AUTH_TOKEN!, url, { Body: 'STOP' }));

    expect(forged.status).toBe(403);
    expect(((await forged.json()) as ProblemDetails).detail).toBe('The request is not signed by our SMS provider.');
    expect(unsigned.status).toBe(403);
    expect(noSender.status).toBe(400);
  });
});
