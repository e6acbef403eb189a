import { codeTextedTo } from '@abide/testing';
import type { Locator, Page } from 'playwright-core';

/** Proving a phone number with a texted code, as onboarding's last step and Settings show it. */
export class PhoneVerificationPanel {
  readonly sendCode: Locator;
  readonly sendNewCode: Locator;
  readonly codeInput: Locator;
  readonly verify: Locator;
  readonly sentText: Locator;
  readonly verified: Locator;
  readonly problem: Locator;

  constructor(page: Page) {
    this.sendCode = page.getByRole('button', { name: 'Text me a code' });
    this.sendNewCode = page.getByRole('button', { name: 'Send a new code' });
    this.codeInput = page.getByLabel('Code from the text');
    this.verify = page.getByRole('button', { name: 'Verify number' });
    this.sentText = page.getByText(/^We texted a code to \+\d+\. It works for 10 minutes\.$/);
    this.verified = page.getByText('This number is verified.', { exact: true });
    this.problem = page.locator('.phone-verification').getByRole('alert');
  }

  /** Asks for a code, reads it on the phone (the local SMS inbox) and types it back. */
  async prove(e164: string): Promise<void> {
    await this.sendCode.click();
    await this.sentText.waitFor();
    await this.codeInput.fill(await codeTextedTo(e164));
    await this.verify.click();
    await this.verified.waitFor();
  }
}
