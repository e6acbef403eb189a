import { JOURNAL_PREVIEW_CHARS, RECENT_JOURNAL_ENTRIES } from '@abide/contracts';
import { JournalPage } from './pages/JournalPage';
import { toast } from './pages/Toasts';
import { seedJournalEntry } from './seed/formation';
import { seedMember } from './seed/members';
import { screenshot, useBrowser, viewports } from './support/browser';
import { expectAccessible } from './support/accessibility';
import { signIn } from './support/sign-in';

/** Journal (issue 4): prompt, the reflection form and its toasts, reflections and progress. */
describe('journal', () => {
  const session = useBrowser(viewports.desktop);

  it('refuses an empty reflection, saves one and resets the form to private', async () => {
    const { page } = session;
    const member = await seedMember();
    await signIn(page, member);
    const journal = await new JournalPage(page).open();
    await journal.prompt.waitFor();
    expect((await journal.prompt.innerText()).trim().length).toBeGreaterThan(10);
    await journal.scriptureCard.locator('.scripture-note__ref').waitFor();
    expect(await journal.privateSwitch.getAttribute('aria-checked')).toBe('true');
    await journal.voiceButton.waitFor();

    await journal.content.fill('   ');
    await journal.saveButton.click();
    await toast(page, 'Please write your reflection').waitFor();
    await toast(page, 'Your journal entry cannot be empty.').waitFor();

    await journal.content.fill('Be still, and know that I am God.');
    await journal.wordCount.getByText('8 words').waitFor();
    await journal.scripture.fill('Psalm 46:10');
    await journal.chooseMood('Peaceful');
    expect(await journal.mood('Peaceful').isChecked()).toBe(true);
    await journal.gratitude.fill('A quiet morning');
    await journal.privateSwitch.click();
    await journal.saveButton.click();

    await toast(page, 'Journal entry saved!').waitFor();
    await toast(page, 'Your reflection has been added to your spiritual journey.').waitFor();
    expect(await journal.content.inputValue()).toBe('');
    expect(await journal.scripture.inputValue()).toBe('');
    expect(await journal.privateSwitch.getAttribute('aria-checked')).toBe('true');
    const entry = journal.entry(journal.recent, 'Be still, and know that I am God.');
    await entry.waitFor();
    expect(await entry.innerText()).toContain('Peaceful');
    await journal.progress.locator('dd').first().filter({ hasText: /^1$/ }).waitFor();
    expect(await journal.progressValue('Writing streak')).toBe('1 day');
    expect(await journal.progressValue('Words this week')).toBe('8');
    await screenshot(page, 'journal-saved');
    await expectAccessible(page, 'journal after saving');
  });

  it('shows the latest five reflections with previews cut at 100 characters, and searches them all', async () => {
    const { page } = session;
    const member = await seedMember();
    for (let i = 1; i <= 5; i++) await seedJournalEntry(member.session, { content: `Reflection number ${i} on grace.` });
    await seedJournalEntry(member.session, {
      content: 'A wandering heart. '.repeat(12),
      scriptureReference: 'Luke 15:20',
      mood: 'hopeful',
    });
    await signIn(page, member);
    const journal = await new JournalPage(page).open();

    await journal.recentItems().first().waitFor();
    expect(await journal.recentItems().count()).toBe(RECENT_JOURNAL_ENTRIES);
    const preview = (await journal.recentItems().first().locator('.entry__preview').innerText()).trim();
    expect(preview.startsWith('A wandering heart.')).toBe(true);
    expect(preview.length).toBeLessThanOrEqual(JOURNAL_PREVIEW_CHARS + 1);
    expect(await journal.recent.getByText('Reflection number 1 on grace.').count()).toBe(0);
    await journal.all.getByText('6 reflections').waitFor();

    await journal.search.fill('number 3');
    await journal.search.press('Enter');
    await journal.all.getByText('1 reflection matching “number 3”').waitFor();
    await journal.entry(journal.all, 'Reflection number 3 on grace.').waitFor();
    await screenshot(page, 'journal-reflections');
    await expectAccessible(page, 'journal search');
  });

  it('offers a new prompt, an insight on an entry, and deletes an entry', async () => {
    const { page } = session;
    const member = await seedMember();
    await seedJournalEntry(member.session, { content: 'I forgave my brother today and felt free.', mood: 'grateful' });
    await signIn(page, member);
    const journal = await new JournalPage(page).open();
    await journal.prompt.waitFor();
    const firstPrompt = await journal.prompt.innerText();

    await journal.newPromptButton.click();
    await page.waitForFunction((before) => document.querySelector('.prompt-card__text')?.textContent !== before, firstPrompt);

    const entry = journal.entry(journal.recent, 'I forgave my brother');
    await entry.getByRole('button', { name: 'Get AI insight' }).click();
    const dialog = page.getByRole('dialog', { name: 'Insight on your reflection' });
    await dialog.locator('.insight-text').waitFor({ timeout: 20_000 });
    expect((await dialog.locator('.insight-text').innerText()).length).toBeGreaterThan(20);
    await screenshot(page, 'journal-insight');
    await expectAccessible(page, 'insight dialog');
    await dialog.locator('.ant-modal-footer').getByRole('button', { name: 'Close' }).click();
    await dialog.waitFor({ state: 'hidden' });

    await entry.getByRole('button', { name: 'Delete' }).click();
    await page.locator('.ant-popconfirm').waitFor();
    await expectAccessible(page, 'delete confirmation');
    await page.locator('.ant-popconfirm').getByRole('button', { name: 'Delete' }).click();
    await toast(page, 'Reflection deleted').waitFor();
    await page.getByText('Your reflections will appear here.').waitFor();
  });

  it("shows the text of the reflection scripture and of an entry's scripture", async () => {
    const { page } = session;
    const member = await seedMember();
    await seedJournalEntry(member.session, { content: 'Quiet before the storm.', scriptureReference: 'ps 46:10', mood: 'peaceful' });
    await signIn(page, member);
    const journal = await new JournalPage(page).open();

    const reflection = journal.scriptureCard.locator('.scripture-passage__verse').first();
    await reflection.waitFor();
    expect((await reflection.innerText()).length).toBeGreaterThan(20);

    const entry = journal.entry(journal.recent, 'Quiet before the storm.');
    const toggle = entry.getByRole('button', { name: /Psalm 46:10/ });
    expect(await toggle.getAttribute('aria-expanded')).toBe('false');
    await toggle.click();
    await entry.getByText('Be still, and know that I am God.', { exact: false }).waitFor();
    await entry.getByText('Psalm 46:10, World English Bible').waitFor();
    await screenshot(page, 'journal-scripture-text');

    await entry.getByRole('button', { name: 'View' }).click();
    const dialog = page.getByRole('dialog', { name: 'Reflection' });
    await dialog.getByText('Be still, and know that I am God.', { exact: false }).waitFor();
  });

  it('saves a draft that only shows among the drafts, and finishes it later', async () => {
    const { page } = session;
    const member = await seedMember();
    await signIn(page, member);
    const journal = await new JournalPage(page).open();

    await journal.content.fill('Half a thought about Sabbath rest');
    await journal.draftButton.click();

    await toast(page, 'Draft saved').waitFor();
    await journal.showDrafts();
    const draft = journal.entry(journal.all, 'Half a thought about Sabbath rest');
    await draft.waitFor();
    await draft.getByText('Draft', { exact: true }).waitFor();

    await draft.getByRole('button', { name: 'Edit' }).click();
    const dialog = page.getByRole('dialog', { name: 'Finish your draft' });
    await dialog.getByLabel('Your reflection').waitFor();
    await expectAccessible(page, 'finish draft dialog');
    await dialog.getByLabel('Your reflection').fill('Sabbath rest is a gift, not a rule.');
    await dialog.getByRole('button', { name: 'Save Reflection' }).click();

    await toast(page, 'Journal entry saved!').waitFor();
    await journal.entry(journal.recent, 'Sabbath rest is a gift, not a rule.').waitFor();
  });
});

describe('journal on a phone', () => {
  const session = useBrowser(viewports.phone);

  it('shows the prompt and the form', async () => {
    const { page } = session;
    const member = await seedMember();
    await signIn(page, member);
    const journal = await new JournalPage(page).open();

    await journal.prompt.waitFor();
    await journal.saveButton.waitFor();
    await screenshot(page, 'journal-phone');
  });
});
