import { randomUUID } from 'node:crypto';
import { pdfFile, textFile } from './fixtures/library/files';
import { LibraryPage } from './pages/LibraryPage';
import { toast } from './pages/Toasts';
import { ReviewQueuePage } from './pages/ReviewQueuePage';
import { processed, queued, resourceOf, seedModerator, uploadResource } from './seed/library';
import { seedMember } from './seed/members';
import { screenshot, useBrowser, viewports } from './support/browser';
import { expectAccessible } from './support/accessibility';
import { signIn } from './support/sign-in';
import { sidewaysScroll } from './support/layout';

const runId = () => randomUUID().slice(0, 6);

/** Review Queue (issue 5): moderators only; oldest first with counts, a preview, approve, reject with a reason, audit. */
describe('review queue', () => {
  const session = useBrowser(viewports.desktop);

  it('refuses a member who is not a moderator, and keeps the link out of the navigation', async () => {
    const { page } = session;
    const member = await seedMember();
    await signIn(page, member);
    expect(await page.getByRole('link', { name: 'Review Queue' }).count()).toBe(0);
    const queue = await new ReviewQueuePage(page).open();
    await queue.notAllowed.waitFor();
    expect(await queue.heading.count()).toBe(0);
    await screenshot(page, 'review-queue-refused');
    await expectAccessible(page, 'review queue refused');
  });

  it('previews, approves and rejects with a reason, oldest first, and records both in the audit trail', async () => {
    const { page } = session;
    const [uploader, moderator] = await Promise.all([seedMember(), seedModerator()]);
    const id = runId();
    const lent = await uploadResource(uploader.session, {
      file: pdfFile('Lenten prayers.pdf', [`Lenten prayers ${id}`, 'Create in me a clean heart, O God.']),
      title: `Lenten prayers ${id}`,
      description: 'Forty short prayers for Lent.',
      category: 'devotional',
      tags: ['prayer', 'lent'],
    });
    // The queue is ordered by when a file finished processing; a PDF is read in a worker thread and can take longer
    // than a text file, so the notes are sent once the prayers are waiting.
    expect((await processed(uploader.session, lent.id)).status).toBe('in-review');
    const notes = await uploadResource(uploader.session, {
      file: textFile('Unrelated notes.txt', `Shopping list ${id}: bread, milk, eggs.`),
      title: `Unrelated notes ${id}`,
      category: 'other',
    });
    expect((await processed(uploader.session, notes.id)).status).toBe('in-review');
    await queued(moderator.session, notes.id);

    await signIn(page, moderator);
    // The moderator's navigation offers the Review Queue (in the header, or folded into the side menu).
    await page.getByRole('link', { name: 'Review Queue' }).first().waitFor({ state: 'attached' });
    const queue = await new ReviewQueuePage(page).open();
    await queue.item(lent.title).waitFor();
    expect(await queue.count('Waiting for review')).toBeGreaterThanOrEqual(2);
    // The page's header and count cards come from the shared layout sheet: three cards in one row on a desktop.
    expect(await queue.countRows()).toBe(1);
    // Oldest first: the Lent prayers were waiting before the notes.
    const titles = await queue.items().locator('.review-list__title').allInnerTexts();
    expect(titles.indexOf(lent.title)).toBeLessThan(titles.indexOf(notes.title));

    await queue.item(lent.title).click();
    await queue.preview.getByRole('heading', { name: lent.title }).waitFor();
    await queue.preview.getByText('New upload').waitFor();
    const text = queue.preview.getByRole('region', { name: `Text of ${lent.title}` });
    await text.getByText('Create in me a clean heart').waitFor();
    const frame = queue.preview.locator('iframe.review-pdf');
    await frame.waitFor();
    // The text scrolls within a fixed height, so it takes keyboard focus (a plain block of text would not).
    await text.focus();
    expect(await text.evaluate((element) => element === document.activeElement && element.tabIndex === 0)).toBe(true);
    expect(await frame.getAttribute('src')).toMatch(/^blob:/);
    await screenshot(page, 'review-queue-preview');
    await expectAccessible(page, 'review queue preview');

    await queue.approveButton.click();
    await toast(page, 'Resource approved').waitFor();
    await queue.item(lent.title).waitFor({ state: 'detached' });

    await queue.item(notes.title).click();
    await queue.preview.getByRole('heading', { name: notes.title }).waitFor();
    await queue.rejectButton.click();
    await queue.dialog.getByRole('button', { name: 'Reject' }).click();
    await queue.dialog.getByText('Please give the uploader a reason').waitFor();
    await expectAccessible(page, 'reject dialog with an error');
    await queue.dialog.getByLabel('Reason for the uploader').fill('This is not a spiritual formation resource.');
    await queue.dialog.getByRole('button', { name: 'Reject' }).click();
    await toast(page, 'Resource rejected').waitFor();
    await queue.item(notes.title).waitFor({ state: 'detached' });
    expect(await queue.count('Reviewed today')).toBeGreaterThanOrEqual(2);

    await queue.auditTab.click();
    const approvedRow = queue.auditRows.filter({ hasText: lent.title });
    const rejectedRow = queue.auditRows.filter({ hasText: notes.title });
    await approvedRow.getByText('Approved').waitFor();
    await rejectedRow.getByText('Rejected').waitFor();
    await rejectedRow.getByText('This is not a spiritual formation resource.').waitFor();
    expect(await rejectedRow.innerText()).toContain(moderator.name);
    await screenshot(page, 'review-queue-audit');
    await expectAccessible(page, 'audit trail');

    // The uploader sees the outcome: approved in the library, rejected with the reason.
    expect((await resourceOf(uploader.session, notes.id)).statusReason).toBe('This is not a spiritual formation resource.');
    const library = await new LibraryPage(page).open();
    await library.search.fill(id);
    await library.waitForCount(1);
    await library.card(lent.title).waitFor();
  });

  it('shows the reports of a resource sent back by readers', async () => {
    const { page } = session;
    const [uploader, moderator] = await Promise.all([seedMember(), seedModerator()]);
    const id = runId();
    const resource = await uploadResource(uploader.session, {
      file: textFile('Borrowed.txt', `Borrowed words ${id}`),
      title: `Borrowed words ${id}`,
      category: 'guide',
    });
    await processed(uploader.session, resource.id);
    await queued(moderator.session, resource.id);
    expect((await moderator.session.post(`/api/moderation/resources/${resource.id}/approve`)).status).toBeLessThan(300);

    // Readers report it until it returns to the queue (the threshold is the service's configuration).
    let reports = 0;
    for (let i = 0; i < 10; i++) {
      const readerSession = (await seedMember()).session;
      const res = await readerSession.post(`/api/uploads/${resource.id}/reports`, { reason: `Copied from a paid book (${i + 1})` });
      if (res.status >= 300) break;
      reports++;
      const back = await moderator.session.get<{ items: Array<{ id: string; cause: string }> }>('/api/moderation/queue');
      if (back.body.items.some((item) => item.id === resource.id && item.cause === 'reports')) break;
    }
    expect(reports).toBeGreaterThan(0);
    await queued(moderator.session, resource.id);

    await signIn(page, moderator);
    const queue = await new ReviewQueuePage(page).open();
    await queue.item(resource.title).click();
    await queue.preview.getByText(/^Reported (once|\d+ times)$/).waitFor();
    await queue.preview.getByRole('region', { name: 'Report reasons' }).getByText('Copied from a paid book (1)').waitFor();
    expect(await queue.count('Sent back by reports')).toBeGreaterThanOrEqual(1);
    await screenshot(page, 'review-queue-reported');
    await expectAccessible(page, 'review queue reported');
  });
});

describe('review queue on a phone', () => {
  const session = useBrowser(viewports.phone);

  it('stacks the queue above the preview', async () => {
    const { page } = session;
    const [uploader, moderator] = await Promise.all([seedMember(), seedModerator()]);
    const resource = await uploadResource(uploader.session, {
      file: textFile('Gratitude.txt', `Thirty days of gratitude ${runId()}`),
      title: `Thirty days of gratitude ${runId()}`,
      category: 'devotional',
    });
    await processed(uploader.session, resource.id);
    await queued(moderator.session, resource.id);
    await signIn(page, moderator);
    const queue = await new ReviewQueuePage(page).open();
    await queue.item(resource.title).click();
    await queue.preview.getByRole('heading', { name: resource.title }).waitFor();
    expect(await queue.countRows()).toBe(3);
    await screenshot(page, 'review-queue-phone');
  });

  it('shows each decision of the audit trail with its reason on one readable line', async () => {
    const { page } = session;
    const [uploader, moderator] = await Promise.all([seedMember(), seedModerator()]);
    const resource = await uploadResource(uploader.session, {
      file: textFile('Recipes.txt', `Recipes ${runId()}`),
      title: `Recipes ${runId()}`,
      category: 'other',
    });
    await processed(uploader.session, resource.id);
    await queued(moderator.session, resource.id);
    const reason = 'This is not a spiritual formation resource.';
    expect((await moderator.session.post(`/api/moderation/resources/${resource.id}/reject`, { reason })).status).toBe(200);

    await signIn(page, moderator);
    const queue = await new ReviewQueuePage(page).open();
    await queue.auditTab.click();
    const shown = page.getByText(reason).first();
    await shown.waitFor();
    // One letter per line would make it a few pixels wide and hundreds tall.
    const box = await shown.boundingBox();
    expect(box?.width ?? 0).toBeGreaterThan(viewports.phone.width * 0.6);
    expect(await sidewaysScroll(page)).toBe(0);
    await screenshot(page, 'review-queue-audit-phone');
    await expectAccessible(page, 'audit trail on a phone', { widths: ['phone'] });
  });
});
