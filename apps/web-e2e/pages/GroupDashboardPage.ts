import type { Locator, Page } from 'playwright-core';

export type DashboardStat = 'Members' | 'Weekly activity' | 'Week streak' | 'Average rating';

/** /groups/:id/dashboard: stat cards, weekly chart, pending requests, Member Management and Group Settings. */
export class GroupDashboardPage {
  readonly heading: Locator;
  readonly chart: Locator;
  readonly memberTable: Locator;
  readonly requests: Locator;
  readonly settings: Locator;

  constructor(private readonly page: Page) {
    this.heading = page.getByRole('heading', { level: 1, name: 'Leadership Dashboard' });
    this.chart = page.getByRole('img', { name: /^Activity over the last 8 weeks/ });
    this.memberTable = page.locator('.member-table');
    this.requests = page.locator('.ant-card', { has: page.getByRole('heading', { name: 'Pending requests' }) });
    this.settings = page.locator('form#group-settings');
  }

  async open(groupId: string): Promise<this> {
    await this.page.goto(`/groups/${groupId}/dashboard`);
    await this.heading.waitFor();
    return this;
  }

  statCard(title: DashboardStat): Locator {
    return this.page.getByRole('region', { name: title, exact: true });
  }

  async statValue(title: DashboardStat): Promise<string> {
    return (await this.statCard(title).locator('.stat-card__value').innerText()).trim();
  }

  /** A member's row in Member Management, found by the name shown. */
  memberRow(name: string): Locator {
    return this.memberTable.locator('tbody tr', { has: this.page.getByRole('cell', { name, exact: true }) });
  }

  /** The row's cells as text: name, role, joined, check-ins, plan activities, journal days, actions. */
  async memberCells(name: string): Promise<string[]> {
    return (await this.memberRow(name).getByRole('cell').allInnerTexts()).map((text) => text.trim());
  }
}
