import { newPhoneNumber, readConfirmationLink, readRecoveryLink } from '@abide/testing';
import { newMember } from './fixtures/new-member';
import { onboardingChoices } from './fixtures/onboarding-choices';
import { AppFrame } from './pages/AppFrame';
import { LoginPage } from './pages/LoginPage';
import { OnboardingPage } from './pages/OnboardingPage';
import { PhoneVerificationPanel } from './pages/PhoneVerificationPanel';
import { PlanPage } from './pages/PlanPage';
import { dismissToast, fieldError, openMailedLink, toast } from './pages/Toasts';
import { seedMember } from './seed/members';
import { screenshot, useBrowser, viewports } from './support/browser';
import { expectAccessible } from './support/accessibility';

/** Accounts through the real stack: browser → gateway → identity (+ the SMTP catcher) → formation. */
describe('accounts', () => {
  const session = useBrowser(viewports.desktop);

  it('signs up, confirms through the mailed link, completes onboarding and shows the plan', async () => {
    const { page } = session;
    const member = newMember();
    const login = await new LoginPage(page).open();

    await login.register(member);

    await login.checkEmailHeading.waitFor();
    await login.sentTo(member.email).waitFor();
    await screenshot(page, 'sign-up-check-email');
    await expectAccessible(page, 'sign-up: check your e-mail');

    await openMailedLink(page, await readConfirmationLink(member.email));

    await toast(page, 'Welcome to Abide!').waitFor();
    const onboarding = new OnboardingPage(page);
    await onboarding.waitUntilShown();

    // Step 1: goals; Continue stays disabled until one is chosen.
    await onboarding.percentText(25).waitFor();
    expect(await onboarding.previousButton.isDisabled()).toBe(true);
    expect(await onboarding.continueButton.isDisabled()).toBe(true);
    await onboarding.hint('Choose at least one spiritual goal').waitFor();
    await screenshot(page, 'onboarding-step-1-empty');
    await expectAccessible(page, 'onboarding step 1, nothing chosen');
    await onboarding.choose(onboardingChoices.goals);
    expect(await onboarding.continueButton.isEnabled()).toBe(true);
    await screenshot(page, 'onboarding-step-1');
    await onboarding.continueButton.click();

    // Step 2: connection preferences.
    await onboarding.stepText(2).waitFor();
    await onboarding.percentText(50).waitFor();
    expect(await onboarding.continueButton.isDisabled()).toBe(true);
    await onboarding.choose(onboardingChoices.connections);
    await screenshot(page, 'onboarding-step-2');
    await expectAccessible(page, 'onboarding step 2');
    await onboarding.continueButton.click();

    // Step 3: reminders, daily by default; Previous keeps the answers.
    await onboarding.stepText(3).waitFor();
    await onboarding.percentText(75).waitFor();
    expect(await onboarding.reminder('Daily').isChecked()).toBe(true);
    await onboarding.previousButton.click();
    await onboarding.stepText(2).waitFor();
    expect(await onboarding.option(onboardingChoices.connections[0]).isChecked()).toBe(true);
    await onboarding.continueButton.click();
    await onboarding.reminder(onboardingChoices.reminder).check();
    await screenshot(page, 'onboarding-step-3');
    await expectAccessible(page, 'onboarding step 3');
    await onboarding.continueButton.click();

    // Step 4: optional phone, the opt-in to texts (its words name the weekly reminder chosen) and the summary.
    await onboarding.stepText(4).waitFor();
    await onboarding.percentText(100).waitFor();
    const phone = newPhoneNumber();
    await onboarding.phoneInput.fill(phone.national);
    expect(await onboarding.summary.innerText()).not.toContain('Text message nudges');
    expect(await onboarding.smsConsentWords.textContent()).toContain('the weekly reminder on Sundays at 18:00');
    await onboarding.smsOptIn.check();
    // Texts only go to a number proved with a texted code.
    await new PhoneVerificationPanel(page).prove(phone.e164);
    const summary = await onboarding.summary.innerText();
    expect(summary).toContain('Weekly activities for deeper prayer life and daily Bible reading');
    expect(summary).toContain('Weekly reminders, Sunday evening');
    expect(summary).toContain(`Text message nudges to ${phone.national}`);
    await screenshot(page, 'onboarding-step-4');
    await expectAccessible(page, 'onboarding step 4');
    await onboarding.completeButton.click();

    await toast(page, 'Welcome to your spiritual journey!').waitFor();
    const plan = new PlanPage(page);
    await plan.waitUntilShown();
    await plan.greeting(member.name).waitFor();
    await plan.waitForPlan();
    await plan.heading.waitFor();
    await screenshot(page, 'plan-after-onboarding');

    // Onboarding is done: the wizard now sends the member on to the plan.
    await page.goto('/onboarding');
    await plan.waitUntilShown();
  });

  it('shows every weak-password reason under the password field', async () => {
    const { page } = session;
    const login = await new LoginPage(page).open();

    await login.register(newMember({ password: '1234567' }));

    await toast(page, 'Registration failed').waitFor();
    await fieldError(page, 'Password must be at least 8 characters').waitFor();
    expect(page.url()).toMatch(/\/login$/);
    await screenshot(page, 'sign-up-weak-password');
  });

  it('shows the field errors for an empty submit without calling the API', async () => {
    const { page } = session;
    const calls: string[] = [];
    page.on('request', (request) => {
      if (request.url().includes('/api/auth/sign-')) calls.push(request.url());
    });
    const login = await new LoginPage(page).open();

    await login.registerTab.click();
    await login.createAccountButton.click();

    await fieldError(page, 'Please enter your name').waitFor();
    await fieldError(page, 'Please enter your email').waitFor();
    await fieldError(page, 'Please enter a password').waitFor();
    await expectAccessible(page, 'registration with field errors');
    expect(calls).toEqual([]);
  });

  it('signs in, keeps the session across a reload and sends a signed-in visitor from /login to the plan', async () => {
    const { page } = session;
    const member = await seedMember();
    const login = await new LoginPage(page).open();

    await login.signIn(member);

    await toast(page, 'Welcome back!').waitFor();
    const plan = new PlanPage(page);
    await plan.waitUntilShown();
    await plan.greeting(member.name).waitFor();
    await screenshot(page, 'sign-in-plan');

    await page.reload();
    await plan.greeting(member.name).waitFor();

    await page.goto('/login');
    await plan.waitUntilShown();
  });

  it('refuses a wrong password', async () => {
    const { page } = session;
    const member = await seedMember();
    const login = await new LoginPage(page).open();

    await login.signIn({ email: member.email, password: 'not my password' });

    await toast(page, 'Login failed').waitFor();
    await toast(page, 'Please check your email and password.').waitFor();
    expect(page.url()).toMatch(/\/login$/);
    await screenshot(page, 'sign-in-failed');
    await expectAccessible(page, 'login after a refusal');
  });

  it('signs out from the avatar menu and guards the app pages afterwards', async () => {
    const { page } = session;
    const member = await seedMember();
    await (await new LoginPage(page).open()).signIn(member);
    const plan = new PlanPage(page);
    await plan.waitUntilShown();
    const frame = new AppFrame(page);
    await dismissToast(page, 'Welcome back!');

    await frame.openAccountMenu();
    await frame.accountMenuText(member.email).waitFor();
    await screenshot(page, 'avatar-menu');
    await expectAccessible(page, 'account menu');
    await page.getByRole('menuitem', { name: 'Log out' }).click();

    await page.waitForURL('**/login');
    for (const path of ['/plan', '/settings', '/onboarding']) {
      await page.goto(path);
      await page.waitForURL('**/login');
    }
    await page.reload();
    await new LoginPage(page).signInButton.waitFor();
  });

  it('recovers a forgotten password through the mailed link', async () => {
    const { page } = session;
    const member = await seedMember();
    const login = await new LoginPage(page).open();

    await login.requestRecovery(member.email);
    await login.checkEmailHeading.waitFor();
    await login.sentTo(member.email).waitFor();
    await screenshot(page, 'recovery-check-email');
    await expectAccessible(page, 'recovery: check your e-mail');

    await openMailedLink(page, await readRecoveryLink(member.email));
    await page.getByRole('heading', { name: 'Set a new password' }).waitFor();
    const newPassword = `${member.password} renewed`;
    await page.getByLabel('New password', { exact: true }).fill(newPassword);
    await page.getByLabel('Confirm new password').fill(newPassword);
    await screenshot(page, 'recovery-new-password');
    await expectAccessible(page, 'set a new password');
    await page.getByRole('button', { name: 'Save New Password' }).click();

    await toast(page, 'Password updated').waitFor();
    await new PlanPage(page).waitUntilShown();

    await new AppFrame(page).logOut();
    await page.waitForURL('**/login');
    await new LoginPage(page).signIn({ email: member.email, password: newPassword });
    await toast(page, 'Welcome back!').waitFor();
  });

  it('treats a link that carries an error as a failure', async () => {
    const { page } = session;

    await page.goto('/auth/callback?error=access_denied&error_description=Email+link+is+invalid+or+has+expired');

    await page.getByRole('heading', { name: 'This link did not work' }).waitFor();
    await page.getByText('Email link is invalid or has expired').waitFor();
    await screenshot(page, 'callback-error');
    await expectAccessible(page, 'e-mail link error');
  });
});
