import type { Locator, Page } from 'playwright-core';
import type { SignUpRequest } from '@abide/contracts';

/** /login's "Create your account" card. */
export class SignUpPage {
  readonly heading: Locator;
  readonly nameInput: Locator;
  readonly emailInput: Locator;
  readonly passwordInput: Locator;
  readonly submitButton: Locator;

  constructor(private readonly page: Page) {
    this.heading = page.getByRole('heading', { name: 'Create your account' });
    this.nameInput = page.getByLabel('Full Name');
    this.emailInput = page.getByLabel('Email');
    this.passwordInput = page.getByLabel('Password', { exact: true });
    this.submitButton = page.getByRole('button', { name: 'Create Account' });
  }

  async open(): Promise<this> {
    await this.page.goto('/login');
    await this.heading.waitFor();
    return this;
  }

  async fill(member: SignUpRequest): Promise<void> {
    await this.nameInput.fill(member.name);
    await this.emailInput.fill(member.email);
    await this.passwordInput.fill(member.password);
  }

  async submit(): Promise<void> {
    await this.submitButton.click();
  }

  async signUp(member: SignUpRequest): Promise<void> {
    await this.fill(member);
    await this.submit();
  }

  /** The validation message shown under a field, once it appears. */
  fieldError(message: string): Locator {
    return this.page.locator('.ant-form-item-explain-error', { hasText: message });
  }

  /** The single toast (spec §9: at most one at a time). */
  toast(title: string): Locator {
    return this.page.locator('.ant-notification-notice', { hasText: title });
  }
}
