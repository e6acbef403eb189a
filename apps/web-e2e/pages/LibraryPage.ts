import type { Locator, Page } from 'playwright-core';

/** An open antd Select's option (the dropdown renders in a portal at the end of the body). */
export function selectOption(page: Page, label: string): Locator {
  return page.locator('.ant-select-dropdown:not(.ant-select-dropdown-hidden) .ant-select-item-option', {
    hasText: new RegExp(`^${label.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}$`),
  });
}

/** /library: search, type and topic filters, Clear, badges, the count, cards and 'Load More Resources'. */
export class LibraryPage {
  readonly heading: Locator;
  readonly search: Locator;
  readonly typeFilter: Locator;
  readonly topicFilter: Locator;
  readonly clearButton: Locator;
  readonly badges: Locator;
  readonly count: Locator;
  readonly list: Locator;
  readonly loadMore: Locator;
  readonly uploadLink: Locator;
  readonly myUploadsLink: Locator;
  readonly dialog: Locator;

  constructor(private readonly page: Page) {
    this.heading = page.getByRole('heading', { level: 1, name: 'Resource Library' });
    this.search = page.getByRole('textbox', { name: 'Search resources' });
    this.typeFilter = page.getByRole('combobox', { name: 'Type' });
    this.topicFilter = page.getByRole('combobox', { name: 'Topic' });
    this.clearButton = page.getByRole('button', { name: 'Clear', exact: true });
    this.badges = page.locator('[aria-label="Active filters"] .filter-badge');
    this.count = page.locator('.library-count');
    this.list = page.getByRole('list', { name: 'Resources' });
    this.loadMore = page.getByRole('button', { name: 'Load More Resources' });
    this.uploadLink = page.getByRole('link', { name: 'Upload Resource' }).first();
    this.myUploadsLink = page.getByRole('link', { name: 'My uploads' });
    this.dialog = page.getByRole('dialog');
  }

  async open(): Promise<this> {
    await this.page.goto('/library');
    await this.heading.waitFor();
    await this.count.waitFor();
    return this;
  }

  cards(): Locator {
    return this.list.getByRole('article');
  }

  card(title: string): Locator {
    return this.list.getByRole('article', { name: title, exact: true });
  }

  /** The chosen value covers the combobox's input, so a person clicks the select box itself. */
  private selectBox(combobox: Locator): Locator {
    return this.page.locator('.ant-select', { has: combobox });
  }

  async chooseType(label: string): Promise<void> {
    await this.selectBox(this.typeFilter).click();
    await selectOption(this.page, label).click();
  }

  async chooseTopic(label: string): Promise<void> {
    await this.selectBox(this.topicFilter).click();
    await selectOption(this.page, label).click();
  }

  /** Waits for settled results (no search pending) whose count line reads '{n} resource(s) found'. */
  async waitForCount(n: number): Promise<void> {
    await this.page
      .locator('section[aria-label="Results"][aria-busy="false"] .library-count', { hasText: new RegExp(`^${n} resource\\(s\\) found$`) })
      .waitFor();
  }
}
