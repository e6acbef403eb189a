import type { Locator, Page } from 'playwright-core';

export type ChurchFigure =
  'Members' | 'Active this week' | 'Active in the 8 weeks before' | 'Habit check-ins' | 'Plan activities done' | 'Journaling days';

/** /churches/:id/dashboard: figure cards, trend charts, group health, CSV downloads, the curriculum section. */
export class ChurchDashboardPage {
  readonly heading: Locator;
  readonly groupHealth: Locator;
  readonly curriculum: Locator;

  constructor(private readonly page: Page) {
    this.heading = page.getByRole('heading', { level: 1, name: 'Pastor’s dashboard' });
    this.groupHealth = page.locator('.ant-card', { has: page.getByRole('heading', { name: 'Group health' }) });
    this.curriculum = page.getByRole('region', { name: 'Curriculum progress' });
  }

  async open(churchId: string): Promise<this> {
    await this.page.goto(`/churches/${churchId}/dashboard`);
    await this.heading.waitFor();
    return this;
  }

  async figure(title: ChurchFigure): Promise<string> {
    return (await this.page.getByRole('region', { name: title, exact: true }).locator('.stat-card__value').innerText()).trim();
  }

  /** A group's row in Group health, as cell texts (after the expand button): name, members, progress, ratings. */
  async groupCells(name: string): Promise<string[]> {
    const row = this.groupHealth.locator('tbody tr', { has: this.page.getByRole('cell', { name, exact: true }) });
    return (await row.locator('td').allInnerTexts()).map((t) => t.trim()).filter(Boolean);
  }

  /** Opens a group's row to its members' week. */
  async expandGroup(name: string): Promise<Locator> {
    const row = this.groupHealth.locator('tbody tr', { has: this.page.getByRole('cell', { name, exact: true }) });
    await row.getByRole('button', { name: /expand row/i }).click();
    return this.groupHealth.locator('.ant-table-expanded-row').first();
  }

  /** At phone width: a group's card as its figures by label (Members, Check-ins this week, Meeting ratings). */
  async groupCard(name: string): Promise<{ card: Locator; figures: Record<string, string> }> {
    const card = this.groupHealth.getByRole('listitem').filter({ has: this.page.getByRole('heading', { level: 3, name, exact: true }) });
    const terms = await card.locator('.church-health-card__figures dt').allInnerTexts();
    const values = await card.locator('.church-health-card__figures dd').allInnerTexts();
    return { card, figures: Object.fromEntries(terms.map((t, i) => [t.trim(), values[i]?.trim() ?? ''])) };
  }

  /** How far the page, and the Group health card, scroll sideways (0 when everything fits). */
  async sidewaysOverflow(): Promise<{ page: number; groupHealth: number }> {
    const page = await this.page.evaluate(() => {
      const root = document.scrollingElement ?? document.documentElement;
      return root.scrollWidth - root.clientWidth;
    });
    // The card and everything in it: a table in a scroller would hide its overflow from the page's width.
    const groupHealth = await this.groupHealth.evaluate((card) =>
      Math.max(0, ...[card, ...Array.from(card.querySelectorAll('*'))].map((el) => el.scrollWidth - el.clientWidth)),
    );
    return { page, groupHealth };
  }

  /** Clicks a CSV button and returns the saved file's name and text. */
  async download(label: 'Weekly figures (CSV)' | 'Group health (CSV)'): Promise<{ name: string; text: string }> {
    const [download] = await Promise.all([this.page.waitForEvent('download'), this.page.getByRole('button', { name: label }).click()]);
    const stream = await download.createReadStream();
    const chunks: Buffer[] = [];
    for await (const chunk of stream) chunks.push(chunk as Buffer);
    return { name: download.suggestedFilename(), text: Buffer.concat(chunks).toString('utf8') };
  }
}
