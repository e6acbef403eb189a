import { eventually } from '@abide/testing';
import type { Locator, Page } from 'playwright-core';

/** /plan: My Plan — the week's plan, its stat cards, today's habits, the insight and the calendar. */
export class PlanPage {
  readonly heading: Locator;
  readonly theme: Locator;
  readonly regenerateButton: Locator;
  readonly generateButton: Locator;
  readonly weekProgress: Locator;
  readonly currentStreak: Locator;
  readonly totalDays: Locator;
  readonly weekCard: Locator;
  readonly catchUpButton: Locator;
  readonly todaysHabits: Locator;
  readonly insight: Locator;
  readonly calendar: Locator;
  readonly scriptures: Locator;
  /** 'Regenerate Plan' asks first, saying what goes and what stays. */
  readonly regenerateDialog: Locator;
  /** After a regeneration: what was replaced, and 'Undo'. */
  readonly undoBar: Locator;

  constructor(private readonly page: Page) {
    this.heading = page.getByRole('heading', { level: 1, name: 'Your Weekly Spiritual Plan' });
    this.theme = page.locator('.plan-theme');
    this.regenerateButton = page.getByRole('button', { name: 'Regenerate Plan' });
    this.generateButton = page.getByRole('button', { name: 'Generate Plan' });
    this.weekProgress = page.getByRole('region', { name: "This Week's Progress" });
    this.currentStreak = page.getByRole('region', { name: 'Current Streak' });
    this.totalDays = page.getByRole('region', { name: 'Total Days' });
    this.weekCard = page.locator('.week-card');
    this.catchUpButton = page.getByRole('button', { name: 'Catch me up' });
    this.todaysHabits = page.locator('.ant-card', { has: page.getByRole('heading', { name: "Today's Habits" }) });
    this.insight = page.locator('.ant-card', { has: page.getByRole('heading', { name: "This Week's Insight" }) });
    this.calendar = page.getByRole('list', { name: 'This week', exact: true });
    this.scriptures = page.getByRole('list', { name: 'Scriptures for this week' });
    this.regenerateDialog = page.getByRole('dialog', { name: 'Regenerate your plan?' });
    this.undoBar = page.locator('.plan-undo');
  }

  /** The small line above the title that greets the member by name. */
  greeting(name: string): Locator {
    return this.page.getByText(`Welcome, ${name}`, { exact: true });
  }

  async open(): Promise<this> {
    await this.page.goto('/plan');
    await this.waitUntilShown();
    return this;
  }

  async waitUntilShown(): Promise<void> {
    await this.page.waitForURL('**/plan');
  }

  /** Formation writes the first plan once it hears onboarding finished; the page waits a few seconds for it. */
  async waitForPlan(): Promise<void> {
    await this.weekCard.waitFor({ timeout: 30_000 });
  }

  /** "completed/total" of the This Week's Progress card, e.g. { done: 2, total: 16 }. */
  async progress(): Promise<{ done: number; total: number }> {
    const text = await this.page.getByTestId('week-progress').innerText();
    const [done, total] = text.split('/').map((part) => Number(part.trim()));
    return { done, total };
  }

  activityCheckboxes(): Locator {
    return this.weekCard.getByRole('checkbox');
  }

  /**
   * Checks one activity off (by its place in the week, or a checkbox locator) and waits until the API has recorded it
   * and the box shows it. The box is taken once (a locator like "the first unchecked" would move on after the click),
   * and its state is waited for rather than read at once: a refetch that left before the click (the plan's own live
   * update, say) may draw the old state for a moment before the answer's.
   */
  async checkActivity(which: number | Locator): Promise<void> {
    const box = await (typeof which === 'number' ? this.activityCheckboxes().nth(which) : which).elementHandle();
    if (!box) throw new Error('no such activity checkbox');
    await Promise.all([
      this.page.waitForResponse((res) => /\/api\/spiritual-plans\/current\/activities\/.+\/toggle$/.test(res.url()) && res.ok()),
      box.click(),
    ]);
    await eventually(async () => ((await box.isChecked()) ? true : undefined), { timeoutMs: 10_000 });
  }

  /** The theme the header names, e.g. "Hope" for "Theme: Hope". */
  async themeName(): Promise<string> {
    return (await this.theme.innerText()).replace(/^Theme:\s*/, '').trim();
  }

  /** Every theme the activities' texts name ("…speaks to this week's theme, Hope."). */
  async themesNamedByActivities(): Promise<string[]> {
    const texts = await this.weekCard.locator('.plan-activity__description').allInnerTexts();
    return texts.flatMap((text) => /this week's theme, (.+)\.$/.exec(text.trim())?.[1] ?? []);
  }

  /** An activity's checkbox by the activity's name. */
  activity(name: string): Locator {
    return this.weekCard.getByRole('checkbox', { name, exact: true });
  }

  todayInWeek(): Locator {
    return this.weekCard.locator('li[aria-current="date"]');
  }

  /** The unchecked activities: today's first, so a check-off also counts toward today's streak. */
  uncheckedToday(): Locator {
    return this.todayInWeek().getByRole('checkbox', { checked: false });
  }

  habitSwitch(name: string): Locator {
    return this.todaysHabits.getByRole('switch', { name, exact: true });
  }
}
