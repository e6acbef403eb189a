import { AppFrame } from './pages/AppFrame';
import { LoginPage } from './pages/LoginPage';
import { PlanPage } from './pages/PlanPage';
import { SettingsPage } from './pages/SettingsPage';
import { toast } from './pages/Toasts';
import { seedMember } from './seed/members';
import { screenshot, useBrowser, viewports } from './support/browser';
import { expectAccessible } from './support/accessibility';

describe('settings', () => {
  const session = useBrowser(viewports.desktop);

  it('saves the profile, reminders and privacy and shows them again after a reload', async () => {
    const { page } = session;
    const member = await seedMember();
    await (await new LoginPage(page).open()).signIn(member);
    await new PlanPage(page).waitUntilShown();
    const frame = new AppFrame(page);
    await frame.openSettings();
    const settings = new SettingsPage(page);
    await settings.waitUntilShown();
    expect(await settings.nameInput.inputValue()).toBe(member.name);

    const newName = `${member.name} Renewed`;
    await settings.nameInput.fill(newName);
    await settings.saveProfile.click();
    await toast(page, 'Settings saved').waitFor();
    await frame.openAccountMenu();
    await frame.accountMenuText(newName).waitFor();
    await page.keyboard.press('Escape');

    await settings.frequency('Weekly').check();
    await settings.channel('Email').uncheck();
    await settings.phoneInput.fill('(555) 987-6543');
    await settings.saveReminders.click();
    // The server reads the number in the country of the member's time zone (Chicago: the US) and says why it is not one.
    await page.locator('.ant-form-item-explain-error', { hasText: 'This is not a valid United States phone number' }).waitFor();
    await expectAccessible(page, 'settings with a field error');
    await settings.phoneInput.fill('(201) 555-0187');
    await settings.saveReminders.click();
    await toast(page, 'Your reminder preferences have been updated.').waitFor();
    // Stored and shown in E.164; a number alone turns no texts on.
    expect(await settings.phoneInput.inputValue()).toBe('+12015550187');
    expect(await settings.smsStatus.innerText()).toBe('Text messages are off.');

    // A member in no group or church yet is told that joining one will ask (#26; the switches are in sharing-consent).
    await settings.privacy.getByText('When you join one, we will ask whether its leaders may see your progress.').waitFor();
    await screenshot(page, 'settings-saved');
    await expectAccessible(page, 'settings');

    await page.reload();
    await settings.waitUntilShown();
    expect(await settings.nameInput.inputValue()).toBe(newName);
    expect(await settings.frequency('Weekly').isChecked()).toBe(true);
    expect(await settings.channel('Email').isChecked()).toBe(false);
    expect(await settings.smsOptIn.isChecked()).toBe(false);
    expect(await settings.phoneInput.inputValue()).toBe('+12015550187');

    const [download] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name: 'Download my data' }).click()]);
    expect(download.suggestedFilename()).toMatch(/^abide-export-\d{4}-\d{2}-\d{2}\.json$/);
  });

  it('asks for the password before deleting the account', async () => {
    const { page } = session;
    const member = await seedMember();
    await (await new LoginPage(page).open()).signIn(member);
    await new PlanPage(page).waitUntilShown();
    await page.goto('/settings');
    await new SettingsPage(page).waitUntilShown();

    await page.getByRole('button', { name: 'Delete my account' }).click();
    const dialog = page.getByRole('dialog', { name: 'Delete your account?' });
    await dialog.waitFor();
    await dialog.getByLabel('Password').fill(member.password);
    await screenshot(page, 'settings-delete-confirm');
    await expectAccessible(page, 'delete account dialog');
    await dialog.getByRole('button', { name: 'Delete my account' }).click();

    await toast(page, 'Your account has been deleted').waitFor();
    await page.waitForURL((url) => url.pathname === '/');
    await (await new LoginPage(page).open()).signIn(member);
    await toast(page, 'Login failed').waitFor();
  });
});
