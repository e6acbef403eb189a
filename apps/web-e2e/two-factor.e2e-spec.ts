import { Authenticator } from '@abide/testing';
import { AppFrame } from './pages/AppFrame';
import { LoginPage } from './pages/LoginPage';
import { PlanPage } from './pages/PlanPage';
import { SettingsPage } from './pages/SettingsPage';
import { toast } from './pages/Toasts';
import { TwoFactorSettings } from './pages/TwoFactorSettings';
import { grantRole } from './seed/library';
import { seedMember } from './seed/members';
import { expectAccessible } from './support/accessibility';
import { screenshot, useBrowser, viewports } from './support/browser';
import { signIn } from './support/sign-in';

/** Two-factor sign-in (issue #16): turning it on in Settings, signing in with a code or a recovery code, roles that need it. */
describe('two-factor sign-in', () => {
  const session = useBrowser(viewports.desktop);

  it('turns on in Settings with a QR code, the first code and the password, shows the recovery codes once, then asks for a code at sign-in', async () => {
    const { page } = session;
    const member = await seedMember();
    await signIn(page, member);
    await page.goto('/settings');
    await new SettingsPage(page).waitUntilShown();
    const twoFactor = new TwoFactorSettings(page);

    const app = new Authenticator(await twoFactor.start());
    await twoFactor.card.scrollIntoViewIfNeeded();
    await screenshot(page, 'two-factor-enrolment');
    await expectAccessible(page, 'two-factor enrolment');
    await twoFactor.confirmWith(app.codeAt(app.currentStep), 'not my password');
    await twoFactor.card.getByText('Your password is not correct').waitFor();
    await twoFactor.confirmWith(app.codeAt(app.currentStep - 10), member.password);
    await twoFactor.card.getByText('That code is not right').waitFor();
    await twoFactor.confirmWith(await app.nextCode(), member.password);

    await toast(page, 'Two-factor sign-in is on').waitFor();
    expect(await twoFactor.recoveryCodes.count()).toBe(10);
    const recoveryCodes = (await twoFactor.recoveryCodes.allInnerTexts()).map((code) => code.trim());
    await screenshot(page, 'two-factor-recovery-codes');
    await expectAccessible(page, 'two-factor recovery codes');
    const [download] = await Promise.all([page.waitForEvent('download'), twoFactor.downloadCodes.click()]);
    expect(download.suggestedFilename()).toBe('abide-recovery-codes.txt');
    await twoFactor.savedThem.click();
    await twoFactor.card.getByText('10 of 10 left').waitFor();
    await twoFactor.onTag.waitFor();

    // Signing in again: the password alone is not enough; a wrong code is refused, the app's code signs in.
    await new AppFrame(page).logOut();
    const login = await new LoginPage(page).open();
    await login.signIn(member);
    await login.secondFactorHeading.waitFor();
    await screenshot(page, 'two-factor-sign-in');
    await expectAccessible(page, 'two-factor sign-in');
    await login.enterCode('000000');
    await page.getByText('That code is not right').waitFor();
    await login.codeInput.fill(await app.nextCode());
    await login.verifyButton.click();
    await new PlanPage(page).waitUntilShown();
    await toast(page, 'Welcome back!').waitFor();

    // Without the phone: a recovery code, once.
    await new AppFrame(page).logOut();
    await (await new LoginPage(page).open()).signIn(member);
    await login.secondFactorHeading.waitFor();
    await login.useRecoveryCode.click();
    await login.enterCode(recoveryCodes[0]);
    await new PlanPage(page).waitUntilShown();
    await page.goto('/settings');
    await twoFactor.card.getByText('9 of 10 left').waitFor();
  });
});

describe('two-factor sign-in for a moderator (phone)', () => {
  const session = useBrowser(viewports.phone);

  it('keeps the Review Queue closed until the moderator turns it on, then opens it in the same session', async () => {
    const { page } = session;
    const moderator = await seedMember();
    grantRole(moderator.email, 'moderator');
    await signIn(page, moderator);

    await page.goto('/moderation');
    await page.getByText('Turn on two-factor sign-in first').waitFor();
    await screenshot(page, 'two-factor-needed-phone');
    await expectAccessible(page, 'two-factor needed');
    await page.getByRole('link', { name: 'Set Up Two-Factor Sign-In' }).click();
    const twoFactor = new TwoFactorSettings(page);
    await twoFactor.roleWarning.waitFor();

    const app = new Authenticator(await twoFactor.start());
    await twoFactor.card.scrollIntoViewIfNeeded();
    await screenshot(page, 'two-factor-enrolment-phone');
    await expectAccessible(page, 'two-factor enrolment at phone width');
    await twoFactor.confirmWith(await app.nextCode(), moderator.password);
    await twoFactor.savedThem.waitFor();
    await screenshot(page, 'two-factor-recovery-codes-phone');
    await twoFactor.savedThem.click();
    await twoFactor.card.getByText('Moderators and admins keep two-factor sign-in on while they hold the role.').waitFor();

    await page.goto('/moderation');
    await page.getByRole('heading', { level: 1, name: 'Review Queue' }).waitFor();
  });
});
