import type { Locator, Page } from 'playwright-core';

/** /ops: live figures (or the metrics-unavailable notice), health, failed jobs with Retry, dead letters with Replay. */
export class OpsPage {
  readonly heading: Locator;
  readonly notAllowed: Locator;
  readonly metrics: Locator;
  readonly metricsUnavailable: Locator;
  readonly charts: Locator;
  readonly health: Locator;
  readonly failedJobs: Locator;
  readonly deadLetters: Locator;
  readonly links: Locator;

  constructor(private readonly page: Page) {
    this.heading = page.getByRole('heading', { level: 1, name: 'Operations' });
    this.notAllowed = page.getByText('You are not allowed to see operations');
    this.metrics = page.getByRole('region', { name: 'Live figures' });
    this.metricsUnavailable = this.metrics.getByRole('alert').filter({ hasText: 'Metrics unavailable' });
    this.charts = this.metrics.getByRole('figure');
    this.health = page.getByRole('list', { name: 'Health of each service' });
    this.failedJobs = page.getByRole('region', { name: 'Failed jobs' });
    this.deadLetters = page.getByRole('region', { name: 'Dead letters' });
    this.links = page.getByRole('region', { name: 'Documentation and reports' });
  }

  async open(): Promise<this> {
    await this.page.goto('/ops');
    await this.heading.or(this.notAllowed).waitFor();
    return this;
  }

  /** A service's health card, e.g. service('library'). */
  service(name: string): Locator {
    return this.health.getByRole('listitem').filter({ has: this.page.getByRole('heading', { level: 3, name: new RegExp(`^${name}`) }) });
  }

  failedJob(jobId: string): Locator {
    return this.failedJobs.locator('tr.ant-table-row', { hasText: jobId });
  }

  deadLetter(text: string): Locator {
    return this.deadLetters.locator('tr.ant-table-row', { hasText: text });
  }
}
