import { LIBRARY_PAGE_SIZE, type Resource } from '@abide/contracts';
import { randomUUID } from 'node:crypto';
import { pdfFile, textFile } from './fixtures/library/files';
import { LibraryPage } from './pages/LibraryPage';
import { toast } from './pages/Toasts';
import { seedApprovedResource, seedModerator } from './seed/library';
import { seedMember, type SeededMember } from './seed/members';
import { screenshot, useBrowser, viewports } from './support/browser';
import { expectAccessible } from './support/accessibility';
import { signIn } from './support/sign-in';

/** One word only this run's resources carry, so other specs' uploads never change the counts below. */
const marker = `zq${randomUUID().slice(0, 6)}`;
const SEEDED = LIBRARY_PAGE_SIZE + 1;

let reader: SeededMember;
let psalms: Resource;

/**
 * Thirteen approved resources (twelve devotionals and one Bible study with five tags), uploaded by one member
 * and approved by a moderator through the API, in parallel to keep the setup short.
 */
beforeAll(async () => {
  const [uploader, moderator, member] = await Promise.all([seedMember(), seedModerator(), seedMember()]);
  reader = member;
  const devotionals = Array.from({ length: SEEDED - 1 }, (_, i) =>
    seedApprovedResource(uploader.session, moderator.session, {
      file: textFile(`day-${i + 1}.txt`, `Day ${i + 1} of the ${marker} devotional: pray without ceasing.`),
      title: `Morning prayer ${String(i + 1).padStart(2, '0')} ${marker}`,
      description: `A short devotional (${marker}).`,
      category: 'devotional',
      tags: ['prayer'],
    }),
  );
  const study = seedApprovedResource(uploader.session, moderator.session, {
    file: pdfFile('Psalms for the weary.pdf', [`Psalms for the weary ${marker}`, 'Come to me, all who labour.']),
    title: `Psalms for the weary ${marker}`,
    description: 'Five psalms to read slowly when you are tired.',
    category: 'study',
    tags: ['bible-study', 'hope', 'psalms', 'lament', 'rest'],
  });
  [psalms] = await Promise.all([study, ...devotionals]);
}, 240_000);

describe('library', () => {
  const session = useBrowser(viewports.desktop);

  it('searches on the server, counts the true total and loads more 12 at a time', async () => {
    const { page } = session;
    await signIn(page, reader);
    const library = await new LibraryPage(page).open();

    await library.search.fill(marker);
    await library.waitForCount(SEEDED);
    expect(await library.cards().count()).toBe(LIBRARY_PAGE_SIZE);
    await library.badges.filter({ hasText: `Search: “${marker}”` }).waitFor();
    await library.loadMore.waitFor();
    await screenshot(page, 'library-search');
    await expectAccessible(page, 'library search');

    await library.loadMore.click();
    await page.waitForFunction((n) => document.querySelectorAll('[aria-label="Resources"] [role="article"]').length === n, SEEDED);
    expect(await library.loadMore.count()).toBe(0);
    await library.waitForCount(SEEDED);
  });

  it("filters by type and topic with badges, shows a card's tags, category and size, and clears", async () => {
    const { page } = session;
    await signIn(page, reader);
    const library = await new LibraryPage(page).open();

    await library.search.fill(marker);
    await library.waitForCount(SEEDED);
    await library.chooseType('Bible Study');
    await library.waitForCount(1);
    expect(await library.badges.allInnerTexts()).toEqual([`Search: “${marker}”`, 'Type: Bible Study']);

    const card = library.card(psalms.title);
    await card.waitFor();
    const text = await card.innerText();
    expect(text).toContain('Five psalms to read slowly when you are tired.');
    expect(text).toContain('Bible Study');
    expect(text).toContain('+2 more');
    expect(await card.locator('.resource-card__tags .ant-tag').allInnerTexts()).toEqual(['bible-study', 'hope', 'psalms']);
    expect(text).toMatch(/\d+(\.\d+)? (Bytes|KB)/);
    expect(text).toContain('1 page');
    expect(text).toContain('0 downloads');
    await card.getByRole('img', { name: 'PDF file' }).waitFor();
    expect(await library.loadMore.count()).toBe(0);
    await screenshot(page, 'library-filtered');
    await expectAccessible(page, 'library filtered');

    await library.chooseType('All types');
    await library.chooseTopic('Prayer');
    await library.waitForCount(SEEDED - 1);
    expect(await library.badges.allInnerTexts()).toEqual([`Search: “${marker}”`, 'Topic: Prayer']);

    // Closing a badge removes only its filter.
    await library.badges.filter({ hasText: 'Topic: Prayer' }).getByLabel('Remove filter Topic: Prayer').click();
    await library.waitForCount(SEEDED);

    await library.search.fill(`${marker}-nothing-like-this`);
    await library.waitForCount(0);
    await page.getByText('No resources match your search').waitFor();
    await library.clearButton.click();
    expect(await library.badges.count()).toBe(0);
    expect(await library.search.inputValue()).toBe('');
  });

  it('downloads the file itself and counts the download; reports a resource with a reason', async () => {
    const { page } = session;
    await signIn(page, reader);
    const library = await new LibraryPage(page).open();
    await library.search.fill(`Psalms for the weary ${marker}`);
    await library.waitForCount(1);
    const card = library.card(psalms.title);

    const [download] = await Promise.all([
      page.waitForEvent('download'),
      card.getByRole('button', { name: `Download ${psalms.title}` }).click(),
    ]);
    expect(download.suggestedFilename()).toBe(psalms.fileName);
    const saved = await download.path();
    expect(saved).toBeTruthy();
    await card.getByText('1 download', { exact: true }).waitFor();

    await card.getByRole('button', { name: 'Report' }).click();
    await library.dialog.getByRole('button', { name: 'Send report' }).click();
    await library.dialog.getByText('Please tell us what is wrong with this resource').waitFor();
    await expectAccessible(page, 'report dialog with an error');
    await library.dialog.getByLabel('What is wrong with this resource?').fill('The file is a copy of a paid book.');
    await library.dialog.getByRole('button', { name: 'Send report' }).click();
    await toast(page, 'Thank you for your report').waitFor();
    await library.dialog.waitFor({ state: 'hidden' });
  });

  it('sends the Upload Resource button to /upload', async () => {
    const { page } = session;
    await signIn(page, reader);
    const library = await new LibraryPage(page).open();
    await library.uploadLink.click();
    await page.waitForURL('**/upload');
  });
});

describe('library on a phone', () => {
  const session = useBrowser(viewports.phone);

  it('shows the filters and the cards in one column', async () => {
    const { page } = session;
    await signIn(page, reader);
    const library = await new LibraryPage(page).open();
    await library.search.fill(marker);
    await library.waitForCount(SEEDED);
    await library.chooseType('Devotional');
    await library.waitForCount(SEEDED - 1);
    await screenshot(page, 'library-phone');
  });
});
