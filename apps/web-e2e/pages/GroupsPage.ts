import type { Locator, Page } from 'playwright-core';

export interface NewGroup {
  name: string;
  description?: string;
  private?: boolean;
  meetingDay?: string;
  meetingTime?: string;
  meetingLocation?: string;
}

/** /groups: My Groups and Discover Groups tabs, and the Create Group dialog. */
export class GroupsPage {
  readonly heading: Locator;
  readonly myGroupsTab: Locator;
  readonly discoverTab: Locator;
  readonly headerCreateButton: Locator;
  readonly dialog: Locator;
  readonly emptyState: Locator;
  readonly search: Locator;
  readonly browseAll: Locator;
  readonly loadMore: Locator;
  readonly discoverCount: Locator;

  constructor(private readonly page: Page) {
    this.heading = page.getByRole('heading', { level: 1, name: 'Groups' });
    this.myGroupsTab = page.getByRole('tab', { name: 'My Groups' });
    this.discoverTab = page.getByRole('tab', { name: 'Discover Groups' });
    this.headerCreateButton = page.locator('.page-header').getByRole('button', { name: 'Create Group' });
    this.dialog = page.getByRole('dialog', { name: 'Create Group' });
    this.emptyState = page.locator('.groups-empty');
    this.search = page.getByLabel('Search groups');
    this.browseAll = page.getByRole('button', { name: 'Browse All' });
    this.loadMore = page.getByRole('button', { name: 'Load more' });
    this.discoverCount = page.locator('.discover-count');
  }

  async open(): Promise<this> {
    await this.page.goto('/groups');
    await this.heading.waitFor();
    return this;
  }

  /** Fills the Create Group dialog (already open) and submits it. */
  async fillAndCreate(group: NewGroup): Promise<void> {
    await this.dialog.getByLabel('Group name').fill(group.name);
    if (group.description) await this.dialog.getByLabel('Description').fill(group.description);
    if (group.private) await this.dialog.getByText('Private — leaders approve requests').click();
    if (group.meetingDay) {
      await this.dialog.getByRole('combobox', { name: 'Meeting day' }).click();
      await this.page.locator('.ant-select-item-option', { hasText: new RegExp(`^${group.meetingDay}$`) }).click();
    }
    if (group.meetingTime) await this.dialog.getByLabel('Meeting time').fill(group.meetingTime);
    if (group.meetingLocation) await this.dialog.getByLabel('Place or link').fill(group.meetingLocation);
    await this.submitCreate();
  }

  submitCreate(): Promise<void> {
    return this.dialog.getByRole('button', { name: 'Create Group' }).click();
  }

  /** A card on My Groups (or Discover, whichever tab shows), found by its heading. */
  card(name: string): Locator {
    return this.page.getByRole('region', { name, exact: true });
  }

  async searchFor(text: string): Promise<void> {
    await this.search.fill(text);
  }
}
