import { eventually } from '@abide/testing';
import type { Locator, Page } from 'playwright-core';

export interface NewHabit {
  name: string;
  category: string;
  description?: string;
  frequency?: 'Daily' | 'Weekly' | 'Chosen weekdays';
  days?: string[];
  reminderTime?: string;
}

/** /habits: Add Habit, the four stat cards and the Check-in, Overview and Analytics tabs. */
export class HabitsPage {
  readonly heading: Locator;
  readonly addHabitButton: Locator;
  readonly restDaysButton: Locator;
  readonly dialog: Locator;
  readonly checkInTab: Locator;
  readonly overviewTab: Locator;
  readonly analyticsTab: Locator;
  readonly checkInDate: Locator;

  constructor(private readonly page: Page) {
    this.heading = page.getByRole('heading', { level: 1, name: 'Spiritual Habits' });
    this.addHabitButton = page.getByRole('button', { name: 'Add Habit' });
    this.restDaysButton = page.getByRole('button', { name: 'Rest days' });
    this.dialog = page.getByRole('dialog');
    this.checkInTab = page.getByRole('tab', { name: "Today's Check-in" });
    this.overviewTab = page.getByRole('tab', { name: 'Overview' });
    this.analyticsTab = page.getByRole('tab', { name: 'Analytics' });
    this.checkInDate = page.getByRole('combobox', { name: 'Check-in date' });
  }

  async open(): Promise<this> {
    await this.page.goto('/habits');
    await this.heading.waitFor();
    return this;
  }

  /** The figure of a stat card, e.g. statValue('Completed Today') → "1/2". */
  async statValue(title: 'Total Streak' | 'Completed Today' | 'Active Habits' | 'This Week'): Promise<string> {
    return (await this.page.getByRole('region', { name: title }).locator('.stat-card__value').innerText()).trim();
  }

  /** The line under a stat card's figure, e.g. statNote('This Week') → "of scheduled check-ins done". */
  async statNote(title: 'Total Streak' | 'Completed Today' | 'Active Habits' | 'This Week'): Promise<string> {
    return (await this.page.getByRole('region', { name: title }).locator('.stat-card__note').innerText()).trim();
  }

  /** Opens the check-in date list and returns its options (today and the seven days before). */
  async openCheckInDates(): Promise<Locator> {
    await this.page.locator('.tab-toolbar__select').click();
    return this.page.locator('.ant-select-item-option');
  }

  async addHabit(habit: NewHabit): Promise<void> {
    await this.addHabitButton.click();
    await this.dialog.getByLabel('Habit name').fill(habit.name);
    await this.dialog.getByRole('combobox', { name: 'Category' }).click();
    await this.page.locator('.ant-select-item-option', { hasText: new RegExp(`^${habit.category}$`) }).click();
    if (habit.description) await this.dialog.getByLabel('Description').fill(habit.description);
    if (habit.frequency) await this.dialog.getByText(habit.frequency, { exact: true }).click();
    for (const day of habit.days ?? []) await this.dialog.getByRole('checkbox', { name: day }).check();
    if (habit.reminderTime) await this.dialog.getByLabel('Reminder time').fill(habit.reminderTime);
    await this.dialog.getByRole('button', { name: 'Create Habit' }).click();
  }

  /** A habit's card in Today's Check-in. */
  checkIn(name: string): Locator {
    return this.page.locator('.checkin', { has: this.page.getByRole('heading', { name, exact: true }) });
  }

  /** The check-in tab's "n of m done" for the chosen day. */
  dayCount(): Locator {
    return this.page.getByTestId('day-count');
  }

  checkInBox(name: string): Locator {
    return this.page.getByRole('checkbox', { name, exact: true });
  }

  /**
   * Checks a habit in from its box, online or offline, and waits until the box shows it. Waited for rather than read
   * at once, as `check()` does: the change reaches the page at the next animation frame (RTK Query batches its cache
   * patches until then), which a loaded machine holds back past `check()`'s read (a full run's offline-writes, all
   * three tests). A box that never shows checked still fails here.
   */
  async checkInNow(name: string): Promise<void> {
    const box = this.checkInBox(name);
    await box.click();
    await eventually(async () => ((await box.isChecked()) ? true : undefined), { timeoutMs: 10_000 });
  }

  /** A habit's row in Overview. */
  overviewItem(name: string): Locator {
    return this.page.locator('.overview-item', { has: this.page.getByRole('heading', { name, exact: true }) });
  }

  heatMap(name: string): Locator {
    return this.page.getByRole('grid', { name: `${name}: last 12 weeks` });
  }

  trendChart(): Locator {
    return this.page.getByRole('img', { name: /^Weekly completion over the last/ });
  }
}
