import type { Locator, Page } from 'playwright-core';

/** Settings' "Two-factor sign-in" card: turning it on (QR code, key, first code), the recovery codes, turning it off. */
export class TwoFactorSettings {
  readonly card: Locator;
  readonly turnOn: Locator;
  readonly qrCode: Locator;
  readonly key: Locator;
  readonly codeInput: Locator;
  readonly passwordInput: Locator;
  readonly confirm: Locator;
  readonly recoveryCodes: Locator;
  readonly downloadCodes: Locator;
  readonly savedThem: Locator;
  readonly onTag: Locator;
  readonly roleWarning: Locator;

  constructor(page: Page) {
    this.card = page.locator('#two-factor');
    this.turnOn = this.card.getByRole('button', { name: 'Turn On' });
    this.qrCode = this.card.getByRole('img', { name: 'QR code to add Abide to your authenticator app' });
    this.key = this.card.locator('.two-factor-enrolment__key');
    this.codeInput = this.card.getByLabel('Code from your app');
    this.passwordInput = this.card.locator('form[id="two-factor-confirm"]').getByLabel('Password');
    this.confirm = this.card.getByRole('button', { name: 'Turn On' });
    this.recoveryCodes = this.card.getByRole('list', { name: 'Recovery codes' }).getByRole('listitem');
    this.downloadCodes = this.card.getByRole('button', { name: 'Download codes' });
    this.savedThem = this.card.getByRole('button', { name: 'I have saved them' });
    this.onTag = this.card.locator('.ant-card-extra', { hasText: 'On' });
    this.roleWarning = this.card.getByText('Your role needs two-factor sign-in');
  }

  /** Starts the setup and answers the key as an app would take it (the page shows it in groups of four). */
  async start(): Promise<string> {
    await this.turnOn.click();
    await this.qrCode.waitFor();
    return (await this.key.innerText()).replace(/\s/g, '');
  }

  async confirmWith(code: string, password: string): Promise<void> {
    await this.codeInput.fill(code);
    await this.passwordInput.fill(password);
    await this.confirm.click();
  }
}
