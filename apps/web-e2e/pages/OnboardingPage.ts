import type { Locator, Page } from 'playwright-core';

/** /onboarding: the four-step wizard. */
export class OnboardingPage {
  readonly progressBar: Locator;
  readonly previousButton: Locator;
  readonly continueButton: Locator;
  readonly completeButton: Locator;
  readonly phoneInput: Locator;
  /** The opt-in to reminder texts; its label is the words of the consent. */
  readonly smsOptIn: Locator;
  readonly smsConsentWords: Locator;
  readonly phoneHelp: Locator;
  readonly summary: Locator;

  constructor(private readonly page: Page) {
    this.progressBar = page.getByRole('progressbar');
    this.previousButton = page.getByRole('button', { name: 'Previous' });
    this.continueButton = page.getByRole('button', { name: 'Continue' });
    this.completeButton = page.getByRole('button', { name: 'Complete Setup' });
    this.phoneInput = page.getByLabel(/Phone number/);
    this.smsOptIn = page.getByRole('checkbox', { name: /^Text me Abide reminders at this number/ });
    this.phoneHelp = page.locator('#onboarding-phone-help');
    this.smsConsentWords = page.locator('.sms-consent');
    this.summary = page.getByRole('region', { name: 'Your plan will include' });
  }

  async waitUntilShown(): Promise<void> {
    await this.page.waitForURL('**/onboarding');
    await this.stepText(1).waitFor();
  }

  stepText(step: number): Locator {
    return this.page.getByText(`Step ${step} of 4`, { exact: true });
  }

  percentText(percent: number): Locator {
    return this.page.getByText(`${percent}% Complete`, { exact: true });
  }

  hint(message: string): Locator {
    return this.page.locator('.onboarding__hint', { hasText: message });
  }

  option(label: string | RegExp): Locator {
    return this.page.getByRole('checkbox', { name: label });
  }

  reminder(label: string): Locator {
    return this.page.getByRole('radio', { name: new RegExp(`^${label}`) });
  }

  async choose(labels: readonly string[]): Promise<void> {
    for (const label of labels) await this.option(label).check();
  }
}
