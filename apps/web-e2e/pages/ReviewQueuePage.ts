import type { Locator, Page } from 'playwright-core';

/** /moderation: counts, the queue (oldest first), the preview with Approve/Reject, and the audit trail tab. */
export class ReviewQueuePage {
  readonly heading: Locator;
  readonly notAllowed: Locator;
  readonly queue: Locator;
  readonly preview: Locator;
  readonly approveButton: Locator;
  readonly rejectButton: Locator;
  readonly dialog: Locator;
  readonly auditTab: Locator;
  readonly auditRows: Locator;

  constructor(private readonly page: Page) {
    this.heading = page.getByRole('heading', { level: 1, name: 'Review Queue' });
    this.notAllowed = page.getByText('You are not allowed to review resources');
    this.queue = page.getByRole('list', { name: 'Review queue' });
    this.preview = page.locator('.review-preview');
    this.approveButton = this.preview.getByRole('button', { name: 'Approve' });
    this.rejectButton = this.preview.getByRole('button', { name: 'Reject' });
    this.dialog = page.getByRole('dialog');
    this.auditTab = page.getByRole('tab', { name: 'Audit trail' });
    this.auditRows = page.locator('.audit-table tbody tr.ant-table-row');
  }

  async open(): Promise<this> {
    await this.page.goto('/moderation');
    await this.heading.or(this.notAllowed).waitFor();
    return this;
  }

  items(): Locator {
    return this.queue.getByRole('button');
  }

  item(title: string): Locator {
    return this.queue.getByRole('button').filter({ hasText: title });
  }

  /** How many rows the three count cards take: 1 side by side, 3 stacked. */
  async countRows(): Promise<number> {
    const tops = await this.page
      .locator('.review-counts .stat-card')
      .evaluateAll((cards) => cards.map((card) => card.getBoundingClientRect().top));
    return new Set(tops.map(Math.round)).size;
  }

  /** The figure of a count card, e.g. count('Waiting for review') → 2. */
  async count(label: 'Waiting for review' | 'Sent back by reports' | 'Reviewed today'): Promise<number> {
    const card = this.page.locator('.review-counts .stat-card', { hasText: label });
    return Number((await card.locator('.review-counts__value').innerText()).trim());
  }
}
