import type { Locator, Page } from 'playwright-core';
import type { Member } from '../fixtures/new-member';

/** /login: the tabbed Login/Register card, password recovery and 'Check your email'. */
export class LoginPage {
  readonly loginTab: Locator;
  readonly registerTab: Locator;
  readonly emailInput: Locator;
  readonly passwordInput: Locator;
  readonly nameInput: Locator;
  readonly signInButton: Locator;
  readonly createAccountButton: Locator;
  readonly forgotPasswordButton: Locator;
  readonly checkEmailHeading: Locator;
  readonly secondFactorHeading: Locator;
  readonly codeInput: Locator;
  readonly verifyButton: Locator;
  readonly useRecoveryCode: Locator;
  /** What the form says while a limit holds: when to try again, and the server's reason. */
  readonly limitNotice: Locator;

  constructor(private readonly page: Page) {
    this.loginTab = page.getByRole('tab', { name: 'Login' });
    this.registerTab = page.getByRole('tab', { name: 'Register' });
    this.emailInput = page.getByLabel('Email');
    this.passwordInput = page.getByLabel('Password', { exact: true });
    this.nameInput = page.getByLabel('Full Name');
    this.signInButton = page.getByRole('button', { name: 'Sign In' });
    this.createAccountButton = page.getByRole('button', { name: 'Create Account' });
    this.forgotPasswordButton = page.getByRole('button', { name: 'Forgot password?' });
    this.checkEmailHeading = page.getByRole('heading', { name: 'Check your email' });
    this.secondFactorHeading = page.getByRole('heading', { name: 'Two-factor sign-in' });
    this.codeInput = page.getByLabel(/^(Authentication code|Recovery code)$/);
    this.verifyButton = page.getByRole('button', { name: 'Verify' });
    this.useRecoveryCode = page.getByRole('button', { name: 'Use a recovery code' });
    this.limitNotice = page.getByRole('alert').filter({ hasText: 'You can try again at' });
  }

  async open(): Promise<this> {
    await this.page.goto('/login');
    await this.signInButton.waitFor();
    return this;
  }

  async signIn({ email, password }: Pick<Member, 'email' | 'password'>): Promise<void> {
    await this.loginTab.click();
    await this.emailInput.fill(email);
    await this.passwordInput.fill(password);
    await this.signInButton.click();
  }

  /** Sign-in's second step (two-factor sign-in on): a code from the app, or a recovery code. */
  async enterCode(code: string): Promise<void> {
    await this.secondFactorHeading.waitFor();
    await this.codeInput.fill(code);
    await this.verifyButton.click();
  }

  async register(member: Member): Promise<void> {
    await this.registerTab.click();
    await this.nameInput.fill(member.name);
    await this.emailInput.fill(member.email);
    await this.passwordInput.fill(member.password);
    await this.createAccountButton.click();
  }

  async requestRecovery(email: string): Promise<void> {
    await this.forgotPasswordButton.click();
    await this.page.getByRole('heading', { name: 'Reset your password' }).waitFor();
    await this.emailInput.fill(email);
    await this.page.getByRole('button', { name: 'Send Reset Link' }).click();
  }

  /** The address the 'Check your email' state says it wrote to. */
  sentTo(email: string): Locator {
    return this.page.locator('.check-email__address', { hasText: email });
  }
}
