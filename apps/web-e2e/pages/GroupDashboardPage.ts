import type { Locator, Page } from 'playwright-core';

export type DashboardStat = 'Members' | 'Weekly activity' | 'Week streak' | 'Average rating';

/** /groups/:id/dashboard: stat cards, weekly chart, pending requests, Member Management and Group Settings. */
export class GroupDashboardPage {
  readonly heading: Locator;
  readonly chart: Locator;
  readonly memberTable: Locator;
  /** Member Management as a whole (the table at desktop widths, a card per member on a phone). */
  readonly memberManagement: Locator;
  readonly memberCards: Locator;
  readonly requests: Locator;
  readonly settings: Locator;

  constructor(private readonly page: Page) {
    this.heading = page.getByRole('heading', { level: 1, name: 'Leadership Dashboard' });
    this.chart = page.getByRole('img', { name: /^Activity over the last 8 weeks/ });
    this.memberTable = page.locator('.member-table');
    this.memberManagement = page.locator('.ant-card', { has: page.getByRole('heading', { name: 'Member Management' }) });
    this.memberCards = page.getByRole('list', { name: 'Members' });
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

  /** On a phone: a member's card, found by the name shown. */
  memberCard(name: string): Locator {
    return this.memberCards.getByRole('listitem').filter({ has: this.page.getByText(name, { exact: true }) });
  }

  /** A member card's name, role and each labelled fact (Joined, Check-ins, Plan activities, Journal days). */
  async memberCardFacts(name: string): Promise<Record<string, string>> {
    const card = this.memberCard(name);
    const facts: Record<string, string> = { role: (await card.locator('.role-tag').innerText()).trim() };
    for (const row of await card.locator('dl > div').all())
      facts[(await row.locator('dt').innerText()).trim()] = (await row.locator('dd').innerText()).trim();
    return facts;
  }
}
