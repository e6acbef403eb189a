import type { Locator, Page } from 'playwright-core';

/** /my-uploads: the member's own resources with status tags and the owner's actions. */
export class MyUploadsPage {
  readonly heading: Locator;
  readonly list: Locator;
  readonly dialog: Locator;

  constructor(private readonly page: Page) {
    this.heading = page.getByRole('heading', { level: 1, name: 'My uploads' });
    this.list = page.getByRole('list', { name: 'My uploads' });
    this.dialog = page.getByRole('dialog');
  }

  async open(): Promise<this> {
    await this.page.goto('/my-uploads');
    await this.heading.waitFor();
    return this;
  }

  card(title: string): Locator {
    return this.list.getByRole('article', { name: title, exact: true });
  }

  status(title: string): Locator {
    return this.card(title).locator('.status-tag');
  }

  note(title: string): Locator {
    return this.card(title).locator('.owner-controls__note');
  }
}
