import type { Locator, Page } from 'playwright-core';

/** /settings: profile, reminders, privacy, password and account. */
export class SettingsPage {
  readonly heading: Locator;
  readonly nameInput: Locator;
  readonly saveProfile: Locator;
  readonly saveReminders: Locator;
  readonly phoneInput: Locator;
  /** The opt-in to reminder texts (its label is the words of the consent) and the line saying where texts stand. */
  readonly smsOptIn: Locator;
  readonly smsConsentWords: Locator;
  readonly smsStatus: Locator;
  /** Privacy: one sharing switch per group and church (#26), or the words for a member in none. */
  readonly privacy: Locator;

  constructor(private readonly page: Page) {
    this.heading = page.getByRole('heading', { level: 1, name: 'Settings' });
    this.nameInput = page.getByLabel('Name', { exact: true });
    this.saveProfile = page.getByRole('button', { name: 'Save Profile' });
    this.saveReminders = page.getByRole('button', { name: 'Save Reminders' });
    this.phoneInput = page.getByLabel('Phone number');
    this.smsOptIn = page.getByRole('checkbox', { name: /^Text me Abide reminders at this number/ });
    this.smsStatus = page.getByRole('group', { name: 'Text messages' }).getByRole('status');
    this.smsConsentWords = page.locator('.sms-consent');
    this.privacy = page.locator('.settings-card').filter({ has: page.getByRole('heading', { name: 'Privacy' }) });
  }

  async waitUntilShown(): Promise<void> {
    await this.page.waitForURL('**/settings');
    await this.saveProfile.waitFor();
  }

  /** The sharing switch of one group (its name) or church (`${name} (church)`). */
  sharingSwitch(name: string): Locator {
    return this.privacy.getByRole('switch', { name: `Share my progress with ${name}`, exact: true });
  }

  frequency(label: string): Locator {
    return this.page.getByRole('radio', { name: new RegExp(`^${label}`) });
  }

  channel(label: 'In-app' | 'Email'): Locator {
    return this.page.getByRole('checkbox', { name: label, exact: true });
  }
}
