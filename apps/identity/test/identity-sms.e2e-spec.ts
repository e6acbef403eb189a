import type { ProblemDetails, ReminderSchedule, SettingsResponse } from '@abide/contracts';
import {
  call,
  codeTextedTo,
  eventually,
  newPhoneNumber,
  replyBySms,
  runReminderScan,
  stackSmsAccountSid,
  textsTo,
  UserSession,
  verifyPhoneNumber,
  withServiceDb,
  zoneWhereTheMorningReminderIsDue,
} from '@abide/testing';
import { twilioSignature } from '../src/sms/twilio-signature';

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

/** A member who proved their number with the texted code, then ticked the box at onboarding. */
const onboardWithTexts = async (answers: Partial<typeof onboarding> = {}) => {
  const member = await UserSession.signUp({ name: 'Lydia' });
  const phone = newPhoneNumber();
  await verifyPhoneNumber(member, phone.national, answers.timeZone ?? onboarding.timeZone);
  const res = await member.post('/api/onboarding/complete', { ...onboarding, ...answers, phoneNumber: phone.national, smsOptIn: true });
  expect(res.status).toBe(200);
  return { member, phone };
};

/** The stack's number at the SMS provider (tools/stack/sms-account.mjs): where START goes. */
const OUR_NUMBER = () => '+15005550006';

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
      sms: { state: 'off', since: null, verified: false },
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
    expect(off.body.sms).toEqual({ state: 'off', since: null, verified: true, startTo: OUR_NUMBER(), endedBy: 'settings' });
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

describe('text messages: proving the number', () => {
  it('an unproved number cannot be opted in and gets no reminder; only the code was ever texted to it', async () => {
    const timeZone = zoneWhereTheMorningReminderIsDue();
    const unproved = await UserSession.signUp();
    const phone = newPhoneNumber();

    const atOnboarding = await unproved.post<ProblemDetails>('/api/onboarding/complete', {
      ...onboarding,
      timeZone,
      phoneNumber: phone.national,
      smsOptIn: true,
    });
    expect(atOnboarding.status).toBe(400);
    expect(atOnboarding.body.errors).toEqual([
      { field: 'phoneNumber', message: 'Verify this number first: send a code to it and type the code we text you.' },
    ]);
    expect((await unproved.post('/api/onboarding/complete', { ...onboarding, timeZone, phoneNumber: phone.national })).status).toBe(200);
    const inSettings = await unproved.patch<ProblemDetails>('/api/settings', { channels: ['in-app', 'sms'] });
    expect(inSettings.status).toBe(400);
    expect(inSettings.body.errors?.[0].message).toBe('Verify this number first: send a code to it and type the code we text you.');
    // A code asked for but not typed back proves nothing.
    expect((await unproved.post('/api/settings/phone/verification', { phoneNumber: phone.national })).status).toBe(201);
    expect((await unproved.patch('/api/settings', { channels: ['in-app', 'sms'] })).status).toBe(400);

    // A proved member in the same morning gets the reminder text from the same scan; the unproved number gets none.
    const { phone: provedPhone } = await onboardWithTexts({ timeZone });
    await eventually(() =>
      withServiceDb('formation', async (db) =>
        (await db.collection('members').findOne({ smsOptedInAt: { $ne: null }, phoneNumber: provedPhone.e164 })) ? true : undefined,
      ),
    );
    await runReminderScan();
    const reminders = await eventually(async () => {
      const texts = (await textsTo(stackSmsAccountSid(), provedPhone.e164)).filter((t) => t.body.includes('Your daily time with God'));
      return texts.length ? texts : undefined;
    });
    expect(reminders).toHaveLength(1);
    expect((await textsTo(stackSmsAccountSid(), phone.e164)).map((t) => t.body)).toEqual([
      expect.stringMatching(/^Abide: your code is \d{6}\. It works for 10 minutes\./),
    ]);
  });

  it('refuses a wrong code through the gateway as a problem saying how many tries are left, and a code asked for another number', async () => {
    const member = await UserSession.signUp();
    const phone = newPhoneNumber();
    const sent = await member.post<{ phoneNumber: string; expiresAt: string }>('/api/settings/phone/verification', {
      phoneNumber: phone.national,
      timeZone: 'America/Chicago',
    });
    expect(sent.status).toBe(201);
    expect(sent.body.phoneNumber).toBe(phone.e164);
    const code = await codeTextedTo(phone.e164);
    const wrong = code === '000000' ? '111111' : '000000';

    const refused = await member.post<ProblemDetails>('/api/settings/phone/verification/confirm', { phoneNumber: phone.e164, code: wrong });
    const elsewhere = await member.post<ProblemDetails>('/api/settings/phone/verification/confirm', {
      phoneNumber: newPhoneNumber().e164,
      code,
    });
    const notACode = await member.post<ProblemDetails>('/api/settings/phone/verification/confirm', { phoneNumber: phone.e164, code: '12' });

    expect(refused.status).toBe(400);
    expect(refused.headers.get('content-type')).toContain('application/problem+json');
    expect(refused.body.errors).toEqual([{ field: 'code', message: 'That code is not right. 4 tries left.' }]);
    expect(elsewhere.status).toBe(400);
    expect(notACode.status).toBe(400);
    expect((await member.get<SettingsResponse>('/api/settings')).body.sms.verified).toBe(false);
    expect((await member.post('/api/settings/phone/verification/confirm', { phoneNumber: phone.e164, code })).status).toBe(200);
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
    // Which numbers the member proved goes too.
    expect(await withServiceDb('identity', (db) => db.collection('sms_verified_numbers').countDocuments({ userId: member.user.id }))).toBe(0);
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

  it('a STOP holds for the number: no account can turn texts on or get a code there until START, which brings back the opt-in it ended', async () => {
    const { member, phone } = await onboardWithTexts();
    // Someone else who proved the same number (a shared family phone) before it said STOP.
    const other = await UserSession.signUp();
    await other.patch('/api/settings', { phoneNumber: phone.e164 });
    await verifyPhoneNumber(other, phone.e164);

    expect((await replyBySms(stackSmsAccountSid(), phone.e164, 'STOP')).webhook).toEqual({ status: 200 });

    const stoppedMessage = `This number replied STOP; text START to ${OUR_NUMBER()} to receive texts again.`;
    for (const who of [member, other]) {
      const optIn = await who.patch<ProblemDetails>('/api/settings', { channels: ['in-app', 'sms'] });
      expect([optIn.status, optIn.body.detail]).toEqual([409, stoppedMessage]);
      expect((await who.get<SettingsResponse>('/api/settings')).body.sms).toMatchObject({ state: 'stopped', verified: true, startTo: OUR_NUMBER() });
    }
    const code = await UserSession.signUp().then((m) => m.post<ProblemDetails>('/api/settings/phone/verification', { phoneNumber: phone.e164 }));
    expect([code.status, code.body.detail]).toEqual([409, stoppedMessage]);
    const textsBefore = (await textsTo(stackSmsAccountSid(), phone.e164)).length;

    expect((await replyBySms(stackSmsAccountSid(), phone.e164, 'START')).webhook).toEqual({ status: 200 });

    expect((await member.get<SettingsResponse>('/api/settings')).body.sms.state).toBe('on');
    expect((await other.get<SettingsResponse>('/api/settings')).body.sms.state).toBe('off');
    expect((await other.patch<SettingsResponse>('/api/settings', { channels: ['in-app', 'sms'] })).body.sms.state).toBe('on');
    expect((await textsTo(stackSmsAccountSid(), phone.e164)).length).toBe(textsBefore);
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
