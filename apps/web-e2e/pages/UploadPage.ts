import type { Locator, Page } from 'playwright-core';
import type { FixtureFile } from '../fixtures/library/files';
import { selectOption } from './LibraryPage';

/** /upload: the drop zone, the submission fields, terms, Save Draft and Upload Resource, and the guidelines card. */
export class UploadPage {
  readonly heading: Locator;
  readonly form: Locator;
  readonly fileInput: Locator;
  readonly dropZoneProblem: Locator;
  readonly chosenFile: Locator;
  readonly title: Locator;
  readonly category: Locator;
  readonly description: Locator;
  readonly tagInput: Locator;
  readonly chips: Locator;
  readonly terms: Locator;
  readonly saveDraftButton: Locator;
  readonly uploadButton: Locator;
  readonly progress: Locator;
  readonly guidelines: Locator;

  constructor(private readonly page: Page) {
    this.heading = page.getByRole('heading', { level: 1, name: 'Upload Resource' });
    this.form = page.locator('form#upload');
    this.fileInput = this.form.locator('input[type="file"]');
    this.dropZoneProblem = this.form.locator('.drop-zone__problem');
    this.chosenFile = this.form.getByLabel('Chosen file');
    this.title = this.form.getByLabel('Title', { exact: true });
    this.category = this.form.getByRole('combobox', { name: 'Category' });
    this.description = this.form.getByLabel('Description', { exact: true });
    this.tagInput = this.form.getByLabel('Tags', { exact: true });
    this.chips = this.form.getByRole('list', { name: 'Chosen tags' }).getByRole('button');
    this.terms = this.form.getByRole('checkbox', { name: /appropriate for spiritual formation/ });
    this.saveDraftButton = this.form.getByRole('button', { name: 'Save Draft' });
    this.uploadButton = this.form.getByRole('button', { name: 'Upload Resource' });
    this.progress = this.form.getByRole('progressbar');
    this.guidelines = page.locator('.ant-card', { has: page.getByRole('heading', { name: 'Upload guidelines' }) });
  }

  async open(): Promise<this> {
    await this.page.goto('/upload');
    await this.heading.waitFor();
    return this;
  }

  async chooseFiles(...files: FixtureFile[]): Promise<void> {
    await this.fileInput.setInputFiles(files);
  }

  async chooseCategory(label: string): Promise<void> {
    // A chosen value covers the combobox's input: click the select box, as a person would.
    const combobox = this.page.getByRole('combobox', { name: 'Category' });
    await this.form.locator('.ant-select', { has: combobox }).click();
    await selectOption(this.page, label).click();
  }

  async addTag(tag: string): Promise<void> {
    await this.tagInput.fill(tag);
    await this.tagInput.press('Enter');
  }

  async chooseVisibility(label: 'Public' | 'Group' | 'Private'): Promise<void> {
    await this.form.locator('.visibility-group__label', { hasText: new RegExp(`^${label}$`) }).click();
  }

  /**
   * Records every value the progress bar shows from now on (a MutationObserver in the page), so a spec can
   * tell that it moved even when the upload is quick.
   */
  async recordProgress(): Promise<() => Promise<number[]>> {
    await this.page.evaluate(() => {
      const seen: number[] = [];
      (window as unknown as { __uploadProgress: number[] }).__uploadProgress = seen;
      const read = () => {
        const bar = document.querySelector('form#upload [role="progressbar"]');
        const value = bar?.getAttribute('aria-valuenow');
        if (value !== null && value !== undefined && seen.at(-1) !== Number(value)) seen.push(Number(value));
      };
      new MutationObserver(read).observe(document.body, {
        subtree: true,
        childList: true,
        attributes: true,
        attributeFilter: ['aria-valuenow'],
      });
    });
    return () => this.page.evaluate(() => (window as unknown as { __uploadProgress: number[] }).__uploadProgress);
  }
}
