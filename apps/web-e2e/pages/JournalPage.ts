import type { Locator, Page } from 'playwright-core';

/** /journal: prompt, reflection form, Recent Reflections, All Reflections, Your Progress, Scripture for Reflection. */
export class JournalPage {
  readonly heading: Locator;
  readonly prompt: Locator;
  readonly newPromptButton: Locator;
  readonly content: Locator;
  readonly scripture: Locator;
  readonly gratitude: Locator;
  readonly privateSwitch: Locator;
  readonly wordCount: Locator;
  readonly saveButton: Locator;
  readonly draftButton: Locator;
  readonly voiceButton: Locator;
  readonly recent: Locator;
  readonly all: Locator;
  readonly search: Locator;
  readonly progress: Locator;
  readonly scriptureCard: Locator;

  constructor(private readonly page: Page) {
    this.heading = page.getByRole('heading', { level: 1, name: 'Reflect with Jesus Today' });
    this.prompt = page.locator('.prompt-card__text');
    this.newPromptButton = page.getByRole('button', { name: 'Generate New Prompt' });
    const form = page.locator('form#reflection');
    this.content = form.getByLabel('Your reflection');
    this.scripture = form.getByLabel('Scripture reference');
    this.gratitude = form.getByLabel('Gratitude');
    this.privateSwitch = form.getByRole('switch', { name: 'Keep this reflection private' });
    this.wordCount = form.locator('.reflection__under');
    this.saveButton = form.getByRole('button', { name: 'Save Reflection' });
    this.draftButton = form.getByRole('button', { name: 'Save Draft' });
    this.voiceButton = form.getByRole('button', { name: /Voice to text|Stop dictation/ });
    this.recent = page.getByRole('list', { name: 'Recent reflections' });
    this.all = page.locator('#all-reflections');
    this.search = page.getByLabel('Search your reflections');
    this.progress = page.locator('.ant-card', { has: page.getByRole('heading', { name: 'Your Progress' }) });
    this.scriptureCard = page.locator('.ant-card', { has: page.getByRole('heading', { name: 'Scripture for Reflection' }) });
  }

  async open(): Promise<this> {
    await this.page.goto('/journal');
    await this.heading.waitFor();
    return this;
  }

  mood(label: string): Locator {
    return this.page.locator('form#reflection').getByRole('radio', { name: label });
  }

  /** Mood is a row of toggle buttons over hidden radios: a person clicks the button. */
  async chooseMood(label: string): Promise<void> {
    await this.page.locator('form#reflection .mood-group').getByText(label, { exact: true }).click();
  }

  async showDrafts(): Promise<void> {
    await this.all.locator('.ant-segmented').getByText('Drafts', { exact: true }).click();
  }

  /** The figure beside a Your Progress row, e.g. progressValue('Total entries') → "1". */
  async progressValue(label: 'Total entries' | 'Writing streak' | 'Words this week'): Promise<string> {
    return (await this.progress.locator('.progress-list__row', { hasText: label }).locator('dd').innerText()).trim();
  }

  recentItems(): Locator {
    return this.recent.getByRole('listitem');
  }

  entry(list: Locator, text: string | RegExp): Locator {
    return list.getByRole('article').filter({ hasText: text });
  }
}
