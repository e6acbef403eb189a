import type { Locator, Page } from 'playwright-core';

/** /plan: the greeting and the formation profile card. */
export class PlanPage {
  readonly profileCard: Locator;
  readonly preparing: Locator;
  readonly logOutButton: Locator;

  constructor(private readonly page: Page) {
    this.profileCard = page.locator('.ant-card', {
      has: page.getByRole('heading', { name: 'Your formation profile' }),
    });
    this.preparing = page.getByText('Preparing your space…');
    this.logOutButton = page.getByRole('button', { name: 'Log out' });
  }

  greeting(name: string): Locator {
    return this.page.getByRole('heading', { level: 1, name: `Welcome, ${name}` });
  }

  async waitUntilShown(): Promise<void> {
    await this.page.waitForURL('**/plan');
  }

  /** Formation answers 404 until it has consumed the registration event; the page polls for up to 20 s. */
  async waitForProfile(): Promise<Locator> {
    await this.profileCard.waitFor({ timeout: 30_000 });
    return this.profileCard;
  }
}
