import type { Locator, Page } from 'playwright-core';

/** /groups/:id: the group's header with Leave, and the Prayer requests, Members and rating tabs. */
export class GroupPage {
  readonly prayersTab: Locator;
  readonly membersTab: Locator;
  readonly ratingTab: Locator;
  readonly prayerText: Locator;
  readonly anonymousSwitch: Locator;
  readonly shareButton: Locator;
  readonly prayers: Locator;
  readonly leaveButton: Locator;

  constructor(private readonly page: Page) {
    this.prayersTab = page.getByRole('tab', { name: 'Prayer requests' });
    this.membersTab = page.getByRole('tab', { name: 'Members' });
    this.ratingTab = page.getByRole('tab', { name: 'Rate meeting' });
    this.prayerText = page.getByLabel('Share a prayer request');
    this.anonymousSwitch = page.getByRole('switch', { name: /Post anonymously/ });
    this.shareButton = page.getByRole('button', { name: 'Share request' });
    this.prayers = page.locator('.prayer-list > li');
    this.leaveButton = page.locator('.page-header').getByRole('button', { name: 'Leave' });
  }

  async open(groupId: string, name: string): Promise<this> {
    await this.page.goto(`/groups/${groupId}`);
    await this.page.getByRole('heading', { level: 1, name }).waitFor();
    return this;
  }

  async postPrayer(text: string, { anonymous = false } = {}): Promise<void> {
    await this.prayerText.fill(text);
    if (anonymous) await this.anonymousSwitch.check();
    await this.shareButton.click();
  }

  /** A prayer request, found by its text. */
  prayer(text: string): Locator {
    return this.prayers.filter({ hasText: text });
  }

  /** The star of the rating control: 1 to 5. */
  star(value: number): Locator {
    return this.page
      .locator('.rate-meeting .ant-rate-star')
      .nth(value - 1)
      .locator('[role="radio"]');
  }
}
