import type { Locator, Page } from 'playwright-core';

/** /: the public landing page. */
export class LandingPage {
  readonly heroHeading: Locator;
  readonly startJourney: Locator;
  readonly learnMore: Locator;
  readonly howItWorks: Locator;
  readonly startFreeToday: Locator;

  constructor(private readonly page: Page) {
    this.heroHeading = page.getByRole('heading', { level: 1 });
    this.startJourney = page.getByRole('link', { name: 'Start Your Journey' });
    this.learnMore = page.getByRole('link', { name: 'Learn More' });
    this.howItWorks = page.locator('#how-it-works');
    this.startFreeToday = page.getByRole('link', { name: 'Start Free Today' });
  }

  async open(): Promise<this> {
    await this.page.goto('/');
    await this.heroHeading.waitFor();
    return this;
  }

  section(title: string | RegExp): Locator {
    return this.page.getByRole('region', { name: title });
  }
}
