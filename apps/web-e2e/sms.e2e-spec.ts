import type { SettingsResponse } from '@abide/contracts';
import {
  codeTextedTo,
  eventually,
  newPhoneNumber,
  runReminderScan,
  smsInboxPageOf,
  stackSmsAccountSid,
  textsTo,
  verifyPhoneNumber,
  withServiceDb,
  zoneWhereTheMorningReminderIsDue,
} from '@abide/testing';
import { onboardingChoices } from './fixtures/onboarding-choices';
import { LoginPage } from './pages/LoginPage';
import { OnboardingPage } from './pages/OnboardingPage';
import { PhoneVerificationPanel } from './pages/PhoneVerificationPanel';
import { PlanPage } from './pages/PlanPage';
import { SettingsPage } from './pages/SettingsPage';
import { SmsInboxPage } from './pages/SmsInboxPage';
import { toast } from './pages/Toasts';
import { seedMember } from './seed/members';
import { expectAccessible } from './support/accessibility';
import { launchBrowser, newPage, screenshot, viewports } from './support/browser';
import type { Browser, BrowserContext } from 'playwright-core';

const DAILY_TEXT =
  'Abide: Your daily time with God. Take a few minutes today for prayer, scripture or a journal reflection. Reply STOP to opt out.';

describe('text message reminders', () => {
  let browser: Browser;
  let context: BrowserContext | undefined;
  beforeAll(async () => {
    browser = await launchBrowser();
  });
  afterEach(async () => {
    await context?.close();
  });
  afterAll(async () => {
    await browser?.close();
  });

  it('a member who ticks the box at onboarding gets the morning reminder as a text, seen in the local SMS inbox; STOP turns them off', async () => {
    // A member whose morning it is now, so their daily reminder is due as soon as the reminder scan runs.
    const opened = await newPage(browser, viewports.desktop, { timezoneId: zoneWhereTheMorningReminderIsDue() });
    context = opened.context;
    const { page } = opened;
    const member = await seedMember({ onboarded: false });
    const phone = newPhoneNumber();
    await (await new LoginPage(page).open()).signIn(member);
    const onboarding = new OnboardingPage(page);
    await onboarding.waitUntilShown();
    await onboarding.choose(onboardingChoices.goals);
    await onboarding.continueButton.click();
    await onboarding.choose(onboardingChoices.connections);
    await onboarding.continueButton.click();
    await onboarding.reminder('Daily').check();
    await onboarding.continueButton.click();

    // Step 4: ticking the box without a number says what is missing; with one, the summary promises the texts.
    await onboarding.stepText(4).waitFor();
    await onboarding.smsOptIn.check();
    expect(await onboarding.phoneHelp.innerText()).toBe('Add a phone number to get reminder texts');
    expect(await onboarding.completeButton.isDisabled()).toBe(true);
    await onboarding.phoneInput.fill(phone.national);
    // Until the number is proved with a texted code, texts cannot be asked for.
    expect(await onboarding.phoneHelp.innerText()).toBe('Verify this number to get reminder texts: we text you a code');
    expect(await onboarding.completeButton.isDisabled()).toBe(true);
    const proving = new PhoneVerificationPanel(page);
    await proving.sendCode.click();
    await proving.sentText.waitFor();
    expect(await proving.sentText.innerText()).toBe(`We texted a code to ${phone.e164}. It works for 10 minutes.`);
    await screenshot(page, 'onboarding-sms-code');
    await expectAccessible(page, 'onboarding step 4 with the code field');
    await page.setViewportSize(viewports.phone);
    await proving.codeInput.scrollIntoViewIfNeeded();
    await screenshot(page, 'onboarding-sms-code-phone');
    await expectAccessible(page, 'onboarding step 4 with the code field (phone)');
    await page.setViewportSize(viewports.desktop);
    await proving.codeInput.fill(await codeTextedTo(phone.e164));
    await proving.verify.click();
    await proving.verified.waitFor();
    expect(await onboarding.completeButton.isDisabled()).toBe(false);
    expect(await onboarding.smsConsentWords.innerText()).toBe(
      'Text me Abide reminders at this number: the daily reminder at 07:30 (not on days I have already been active) and the ' +
        'reminders I set on my habits, at most 3 texts a day, none between 21:00 and 07:00 my time. Reply STOP to opt out, ' +
        'START to opt back in. Message and data rates may apply.',
    );
    expect(await onboarding.summary.innerText()).toContain(`Text message nudges to ${phone.national}`);
    await screenshot(page, 'onboarding-sms-opt-in');
    await expectAccessible(page, 'onboarding step 4 with the SMS opt-in');
    await onboarding.completeButton.click();
    await new PlanPage(page).waitUntilShown();
    // Formation learns the member's zone and opt-in from identity's events before its scan can text them.
    await eventually(() =>
      withServiceDb('formation', async (db) => {
        const known = await db.collection('members').findOne({ _id: member.session.user.id as never, smsOptedInAt: { $ne: null } });
        return known ? true : undefined;
      }),
    );

    await runReminderScan();

    const inbox = new SmsInboxPage(page);
    const url = smsInboxPageOf(stackSmsAccountSid(), phone.e164);
    const text = await inbox.openUntilShown(url, 'Your daily time with God');
    expect(await text.innerText()).toContain(DAILY_TEXT);
    expect(await inbox.heading.innerText()).toBe(`Texts with ${phone.e164}`);
    await screenshot(page, 'sms-inbox-daily-reminder');
    await expectAccessible(page, 'the local SMS inbox');
    // The code, then the reminder: nothing else reached the number.
    expect((await textsTo(stackSmsAccountSid(), phone.e164)).map((t) => t.body)).toEqual([expect.stringMatching(/^Abide: your code is \d{6}\./), DAILY_TEXT]);

    // The member answers STOP from their phone: the provider confirms, and the app records it.
    await inbox.replyStop.click();
    await inbox.messages.filter({ hasText: 'You have successfully been unsubscribed.' }).waitFor();
    expect(await inbox.replies.innerText()).toMatch(/app answered 200\s+STOP$/);
    await screenshot(page, 'sms-inbox-stop');

    await page.goto('/settings');
    const settings = new SettingsPage(page);
    await settings.waitUntilShown();
    expect(await settings.smsStatus.innerText()).toBe('This number replied STOP; text START to +15005550006 to receive texts again.');
    expect(await settings.smsOptIn.isChecked()).toBe(false);
    // A STOP is the number's: no box to tick and no code to ask for until it texts START.
    expect(await settings.smsOptIn.isDisabled()).toBe(true);
    expect(await new PhoneVerificationPanel(page).sendCode.count()).toBe(0);
    await screenshot(page, 'settings-sms-stopped');
  });

  it('Settings shows texts on since the opt-in, and unticking the box turns them off (desktop and phone)', async () => {
    const opened = await newPage(browser, viewports.phone);
    context = opened.context;
    const { page } = opened;
    const member = await seedMember({ onboarded: false });
    const phone = newPhoneNumber();
    await verifyPhoneNumber(member.session, phone.national, 'America/Chicago');
    const res = await member.session.post('/api/onboarding/complete', {
      name: member.name,
      spiritualGoals: ['Deeper prayer life'],
      connectionPreferences: ['prayer'],
      reminderFrequency: 'weekly',
      phoneNumber: phone.national,
      smsOptIn: true,
      timeZone: 'America/Chicago',
    });
    expect(res.status).toBe(200);
    await (await new LoginPage(page).open()).signIn(member);
    await new PlanPage(page).waitUntilShown();
    await page.goto('/settings');
    const settings = new SettingsPage(page);
    await settings.waitUntilShown();

    expect(await settings.smsStatus.innerText()).toMatch(/^Text messages are on, since you opted in on \w+ \d+, \d{4}\.$/);
    expect(await settings.smsOptIn.isChecked()).toBe(true);
    expect(await settings.phoneInput.inputValue()).toBe(phone.e164);
    expect(await settings.smsConsentWords.innerText()).toContain('the weekly reminder on Sundays at 18:00');
    await settings.smsOptIn.scrollIntoViewIfNeeded();
    await screenshot(page, 'settings-sms-on-phone');
    await expectAccessible(page, 'settings with texts on');

    await settings.smsOptIn.uncheck();
    await settings.saveReminders.click();
    await toast(page, 'Your reminder preferences have been updated.').waitFor();

    expect(await settings.smsStatus.innerText()).toBe('Text messages are off.');
    expect((await member.session.get<SettingsResponse>('/api/settings')).body).toMatchObject({
      sms: { state: 'off' },
      channels: ['in-app', 'email'],
    });
    await page.setViewportSize(viewports.desktop);
    await screenshot(page, 'settings-sms-off');
  });
  it('Settings asks for the texted code before texts can be ticked; a wrong code says how many tries are left (phone and desktop)', async () => {
    const opened = await newPage(browser, viewports.phone);
    context = opened.context;
    const { page } = opened;
    const member = await seedMember({ onboarded: true });
    const phone = newPhoneNumber();
    expect((await member.session.patch('/api/settings', { phoneNumber: phone.e164 })).status).toBe(200);
    await (await new LoginPage(page).open()).signIn(member);
    await new PlanPage(page).waitUntilShown();
    await page.goto('/settings');
    const settings = new SettingsPage(page);
    await settings.waitUntilShown();
    const proving = new PhoneVerificationPanel(page);

    expect(await settings.smsOptIn.isDisabled()).toBe(true);
    await proving.sendCode.click();
    await proving.sentText.waitFor();
    const code = await codeTextedTo(phone.e164);
    await proving.codeInput.fill(code === '000000' ? '111111' : '000000');
    await proving.verify.click();
    await proving.problem.waitFor();
    expect(await proving.problem.innerText()).toBe('That code is not right. 4 tries left.');
    await proving.codeInput.scrollIntoViewIfNeeded();
    await screenshot(page, 'settings-sms-code-phone');
    await expectAccessible(page, 'settings with the code field');

    await proving.codeInput.fill(code);
    await proving.verify.click();
    await proving.verified.waitFor();
    await settings.smsOptIn.check();
    await settings.saveReminders.click();
    await toast(page, 'Your reminder preferences have been updated.').waitFor();

    expect(await settings.smsStatus.innerText()).toMatch(/^Text messages are on, since you opted in on \w+ \d+, \d{4}\.$/);
    expect((await member.session.get<SettingsResponse>('/api/settings')).body.sms).toMatchObject({ state: 'on', verified: true });
    await page.setViewportSize(viewports.desktop);
    await settings.smsOptIn.scrollIntoViewIfNeeded();
    await screenshot(page, 'settings-sms-verified');
    await expectAccessible(page, 'settings with a verified number');
  });
});
