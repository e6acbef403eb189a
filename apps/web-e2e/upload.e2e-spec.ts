import { MAX_UPLOAD_BYTES } from '@abide/contracts';
import { eventually } from '@abide/testing';
import { randomUUID } from 'node:crypto';
import { disguisedExecutable, largeTextFile, pdfFile, textFile } from './fixtures/library/files';
import { MyUploadsPage } from './pages/MyUploadsPage';
import { toast } from './pages/Toasts';
import { UploadPage } from './pages/UploadPage';
import { approve, processed, queued, seedModerator, uploadResource } from './seed/library';
import { seedMember } from './seed/members';
import { screenshot, useBrowser, viewports } from './support/browser';
import { expectAccessible } from './support/accessibility';
import { signIn } from './support/sign-in';

const runId = () => randomUUID().slice(0, 6);

/** Upload (issue 5): real progress, the checks in order, server refusals, My uploads. */
describe('upload', () => {
  const session = useBrowser(viewports.desktop);

  it('uploads a file with real progress, clears the form and shows it in My uploads while it is reviewed', async () => {
    const { page, context } = session;
    const member = await seedMember();
    await signIn(page, member);
    const upload = await new UploadPage(page).open();
    for (const text of ['PDF documents', 'Word documents (DOCX)', 'Plain text (TXT)', 'coming soon', '10MB maximum']) {
      await upload.guidelines.getByText(text).waitFor();
    }
    expect(await upload.uploadButton.isDisabled()).toBe(true);

    await upload.chooseFiles(largeTextFile('Advent reflections.txt', 3 * 1024 * 1024));
    await upload.chosenFile.getByText('Advent reflections.txt').waitFor();
    await upload.chosenFile.getByText('3 MB').waitFor();
    expect(await upload.title.inputValue()).toBe('Advent reflections');
    await upload.chooseCategory('Devotional');
    await upload.description.fill('Four weeks of waiting with Isaiah.');
    await upload.addTag('Advent');
    await upload.addTag('advent ');
    await upload.addTag('Waiting');
    await upload.form.getByRole('button', { name: 'Add tag hope' }).click();
    expect(await upload.chips.allInnerTexts()).toEqual(['advent', 'waiting', 'hope']);
    await upload.chips.filter({ hasText: 'waiting' }).click();
    expect(await upload.chips.allInnerTexts()).toEqual(['advent', 'hope']);
    expect(await upload.uploadButton.isDisabled()).toBe(true);
    await upload.terms.check();
    // The button follows the form's state on the next render: waited for, not read at once.
    await eventually(async () => ((await upload.uploadButton.isEnabled()) ? true : undefined), { timeoutMs: 5_000 });

    // A slow uplink, so the bytes-sent progress is visible on a loopback connection.
    const cdp = await context.newCDPSession(page);
    await cdp.send('Network.enable');
    await cdp.send('Network.emulateNetworkConditions', {
      offline: false,
      latency: 20,
      downloadThroughput: -1,
      uploadThroughput: 1024 * 1024,
    });
    const progressValues = await upload.recordProgress();
    await upload.uploadButton.click();
    await page.waitForFunction(
      () => Number(document.querySelector('form#upload [role="progressbar"]')?.getAttribute('aria-valuenow')) > 10,
    );
    await screenshot(page, 'upload-progress');
    await expectAccessible(page, 'upload in progress');

    await toast(page, 'Resource uploaded successfully!').waitFor({ timeout: 30_000 });
    await toast(page, 'It will be reviewed before being made available.').waitFor();
    await cdp.send('Network.emulateNetworkConditions', { offline: false, latency: 0, downloadThroughput: -1, uploadThroughput: -1 });
    const seen = await progressValues();
    expect(seen.some((v) => v > 0 && v < 100)).toBe(true);
    expect(seen).toEqual([...seen].sort((a, b) => a - b));
    // Reset: the bar is gone and the form is empty again.
    expect(await upload.progress.count()).toBe(0);
    expect(await upload.title.inputValue()).toBe('');
    expect(await upload.chosenFile.count()).toBe(0);
    expect(await upload.chips.count()).toBe(0);
    expect(await upload.terms.isChecked()).toBe(false);
    expect(await upload.uploadButton.isDisabled()).toBe(true);

    const mine = await new MyUploadsPage(page).open();
    await mine.card('Advent reflections').waitFor();
    // Processing then review: My uploads polls while the file is processed and shows the new status by itself.
    await mine.status('Advent reflections').filter({ hasText: 'In review' }).waitFor({ timeout: 30_000 });
    expect(await mine.card('Advent reflections').innerText()).toContain('3 MB');
    await screenshot(page, 'my-uploads-in-review');
    await expectAccessible(page, 'my uploads');
  });

  it('checks the file, the title, the category and the terms in the form order, and saves a draft', async () => {
    const { page } = session;
    const member = await seedMember();
    await signIn(page, member);
    const upload = await new UploadPage(page).open();

    await upload.saveDraftButton.click();
    await toast(page, 'Please select a file').waitFor();
    await toast(page, 'You must choose a file to upload.').waitFor();

    await upload.chooseFiles(textFile('a.txt', 'one'), textFile('b.txt', 'two'));
    await upload.dropZoneProblem.getByText('Too many files', { exact: true }).waitFor();
    await upload.chooseFiles(textFile('hymn.mp3', 'not really audio'));
    await upload.dropZoneProblem.getByText('File type must be one of .pdf, .docx, .txt', { exact: true }).waitFor();
    await upload.chooseFiles(largeTextFile('huge.txt', MAX_UPLOAD_BYTES + 1));
    await upload.dropZoneProblem.getByText(`File is larger than ${MAX_UPLOAD_BYTES} bytes`, { exact: true }).waitFor();
    expect(await upload.chosenFile.count()).toBe(0);
    await screenshot(page, 'upload-drop-zone-message');
    await expectAccessible(page, 'upload with field errors');

    const title = `Sabbath notes ${runId()}`;
    await upload.chooseFiles(textFile(`${title}.txt`, `Remember the Sabbath day ${runId()}.`));
    expect(await upload.dropZoneProblem.count()).toBe(0);
    expect(await upload.title.inputValue()).toBe(title);
    await upload.title.fill('   ');
    await upload.saveDraftButton.click();
    await toast(page, 'Please enter a title').waitFor();
    await toast(page, 'Resource title is required.').waitFor();

    await upload.title.fill(title);
    await upload.saveDraftButton.click();
    await toast(page, 'Please select a category').waitFor();
    await toast(page, 'Resource category is required.').waitFor();

    await upload.chooseCategory('Bible Study');
    // The fourth check: the terms. Upload Resource waits for them (disabled until all four are present).
    expect(await upload.uploadButton.isDisabled()).toBe(true);
    await upload.terms.check();
    // The button follows the form's state on the next render: waited for, not read at once.
    await eventually(async () => ((await upload.uploadButton.isEnabled()) ? true : undefined), { timeoutMs: 5_000 });
    await upload.terms.uncheck();
    await eventually(async () => ((await upload.uploadButton.isDisabled()) ? true : undefined), { timeoutMs: 5_000 });

    // Save Draft needs no terms.
    await upload.saveDraftButton.click();
    await toast(page, 'Draft saved').waitFor();
    expect(await upload.title.inputValue()).toBe('');

    const mine = await new MyUploadsPage(page).open();
    await mine.status(title).filter({ hasText: 'Draft' }).waitFor();
    await mine.card(title).getByRole('button', { name: 'Edit' }).click();
    expect(await mine.dialog.getByLabel('Title').inputValue()).toBe(title);
    await mine.dialog.getByLabel('Description').fill('Rest as a gift, not a rule.');
    await expectAccessible(page, 'draft dialog');
    const submit = mine.dialog.getByRole('button', { name: 'Submit' });
    expect(await submit.isDisabled()).toBe(true);
    await mine.dialog.getByRole('checkbox', { name: /appropriate for spiritual formation/ }).check();
    await submit.click();
    await toast(page, 'Resource uploaded successfully!').waitFor();
    await mine.status(title).filter({ hasText: 'In review' }).waitFor({ timeout: 30_000 });
    expect(await mine.card(title).innerText()).toContain('Rest as a gift, not a rule.');
  });

  it("refuses a disguised executable with the server's message and resets the progress", async () => {
    const { page } = session;
    const member = await seedMember();
    await signIn(page, member);
    const upload = await new UploadPage(page).open();

    await upload.chooseFiles(disguisedExecutable('Sermon outline.pdf'));
    await upload.chooseCategory('Sermon Notes');
    await upload.terms.check();
    await upload.uploadButton.click();

    await toast(page, 'Upload failed').waitFor();
    await toast(page, 'File type must be one of .pdf, .docx, .txt').waitFor();
    expect(await upload.progress.count()).toBe(0);
    // The member can pick another file: the rest of the form is kept.
    expect(await upload.title.inputValue()).toBe('Sermon outline');
    await screenshot(page, 'upload-refused');
    await expectAccessible(page, 'upload refused');

    await new MyUploadsPage(page).open();
    await page.getByText('You have not uploaded anything yet.').waitFor();
  });

  it('shows each status in My uploads, with the reason of a rejection', async () => {
    const { page } = session;
    const [member, moderator] = await Promise.all([seedMember(), seedModerator()]);
    const id = runId();
    const draft = await uploadResource(member.session, {
      file: textFile('draft.txt', `Draft ${id}`),
      title: `Draft ${id}`,
      category: 'guide',
      draft: true,
    });
    const inReview = await uploadResource(member.session, {
      file: pdfFile('review.pdf', [`Review ${id}`]),
      title: `Waiting ${id}`,
      category: 'study',
    });
    const approved = await uploadResource(member.session, {
      file: textFile('ok.txt', `Approved ${id}`),
      title: `Approved ${id}`,
      category: 'sermon',
    });
    const rejected = await uploadResource(member.session, {
      file: textFile('no.txt', `Rejected ${id}`),
      title: `Rejected ${id}`,
      category: 'other',
    });
    const privateOne = await uploadResource(member.session, {
      file: textFile('mine.txt', `Private ${id}`),
      title: `Private ${id}`,
      category: 'devotional',
      visibility: 'private',
    });
    for (const r of [inReview, approved, rejected]) expect((await processed(member.session, r.id)).status).toBe('in-review');
    expect((await processed(member.session, privateOne.id)).status).toBe('approved');
    await approve(moderator.session, approved.id);
    await queued(moderator.session, rejected.id);
    const res = await moderator.session.post(`/api/moderation/resources/${rejected.id}/reject`, {
      reason: 'Please add where the quotes come from.',
    });
    expect(res.status).toBeLessThan(300);

    await signIn(page, member);
    const mine = await new MyUploadsPage(page).open();
    await mine.status(draft.title).filter({ hasText: 'Draft' }).waitFor();
    await mine.status(inReview.title).filter({ hasText: 'In review' }).waitFor();
    await mine.status(approved.title).filter({ hasText: 'Approved' }).waitFor();
    await mine.status(rejected.title).filter({ hasText: 'Rejected' }).waitFor();
    await mine.note(rejected.title).filter({ hasText: 'Reason: Please add where the quotes come from.' }).waitFor();
    await mine.status(privateOne.title).filter({ hasText: 'Approved' }).waitFor();
    // Only drafts can be edited; everything can be deleted.
    expect(await mine.card(draft.title).getByRole('button', { name: 'Edit' }).count()).toBe(1);
    expect(await mine.card(approved.title).getByRole('button', { name: 'Edit' }).count()).toBe(0);
    await screenshot(page, 'my-uploads-statuses');
    await expectAccessible(page, 'my uploads with every status');

    await mine.card(rejected.title).getByRole('button', { name: 'Delete' }).click();
    await page.locator('.ant-popconfirm').getByRole('button', { name: 'Delete' }).click();
    await toast(page, 'Resource deleted').waitFor();
    await mine.card(rejected.title).waitFor({ state: 'detached' });
  });
});

describe('upload on a phone', () => {
  const session = useBrowser(viewports.phone);

  it('shows the drop zone, the form and the guidelines', async () => {
    const { page } = session;
    const member = await seedMember();
    await signIn(page, member);
    const upload = await new UploadPage(page).open();
    await upload.chooseFiles(pdfFile('Prayer walk.pdf', ['Prayer walk']));
    await upload.chooseCategory('Growth Guide');
    await upload.addTag('prayer');
    await upload.guidelines.getByText('10MB maximum').waitFor();
    await screenshot(page, 'upload-phone');
  });
});
