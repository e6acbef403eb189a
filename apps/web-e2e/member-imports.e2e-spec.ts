import { uniqueEmail, waitForMail } from '@abide/testing';
import { readFileSync } from 'node:fs';
import { toast } from './pages/Toasts';
import { seedChurch } from './seed/churches';
import { type SeededMember, seedMember } from './seed/members';
import { expectAccessible } from './support/accessibility';
import { screenshot, useBrowser, viewports } from './support/browser';
import { signIn } from './support/sign-in';

/** A church admin as imports need them: two-factor sign-in on (signing in then asks for a code from their app). */
const seedImportingAdmin = async (): Promise<SeededMember> => {
  const admin = await seedMember();
  await admin.session.enableTwoFactor();
  return { ...admin, authenticator: admin.session.authenticator };
};

/** Import members (docs/member-imports.md): the church admin's page, and the invited person's link. */
describe('importing members', () => {
  const session = useBrowser(viewports.desktop);

  it('uploads a list, follows its progress to the report, downloads it, and the invited person joins from the e-mail', async () => {
    const { page } = session;
    const admin = await seedImportingAdmin();
    const church = await seedChurch(admin.session, { name: 'Bethany Church' });
    const martha = uniqueEmail('martha');
    const people = Array.from({ length: 30 }, (_, i) => `Neighbour ${i + 1},${uniqueEmail(`neighbour${i}`)},,`);
    const csv = ['name,email,phone,group', `Martha,${martha},,`, `Bethany admin,${admin.email},,`, 'Lazarus,lazarus-at-bethany,,', ...people].join('\n');
    await signIn(page, admin);

    await page.goto(`/churches/${church.id}/settings`);
    await page.getByRole('link', { name: 'Import members' }).click();
    await page.getByRole('heading', { level: 1, name: 'Import members' }).waitFor();
    // The page says what a day allows.
    expect(await page.getByTestId('import-limits').innerText()).toContain('can start at most 10 imports, invite 5,000 people');
    await page.locator('input[type=file]').setInputFiles({ name: 'bethany.csv', mimeType: 'text/csv', buffer: Buffer.from(csv) });
    await toast(page, 'Import started').waitFor();

    // The bar follows the job's progress to the end; then the counts and the report.
    const progress = page.getByTestId('import-progress');
    await progress.waitFor();
    await page.getByText('33 of 33 rows processed').waitFor({ timeout: 60_000 });
    await page.getByText('Finished').waitFor();
    expect(await page.getByTestId('import-counts').innerText()).toContain('31 invited');
    expect(await page.getByTestId('import-counts').innerText()).toContain('1 already members');
    expect(await page.getByTestId('import-counts').innerText()).toContain('1 refused');
    await page.getByRole('cell', { name: 'lazarus-at-bethany', exact: true }).waitFor();
    await page.getByText('“lazarus-at-bethany” is not an e-mail address.').waitFor();
    await screenshot(page, 'member-import-report');
    await expectAccessible(page, 'import members, finished');

    const [download] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name: 'Download the report' }).click()]);
    expect(download.suggestedFilename()).toBe('bethany-report.csv');
    const report = readFileSync((await download.path())!, 'utf8');
    expect(report).toContain('Lazarus,lazarus-at-bethany,,,Refused,“lazarus-at-bethany” is not an e-mail address.,');

    await page.setViewportSize(viewports.phone);
    await screenshot(page, 'member-import-report-phone');
    await expectAccessible(page, 'import members, finished, at phone width');
    await page.setViewportSize(viewports.desktop);

    // Martha opens the link from her e-mail, chooses a password and lands in onboarding with the church joined.
    await page.context().clearCookies();
    await page.evaluate(() => localStorage.clear());
    const mail = await waitForMail(martha, { subject: 'Bethany Church invites you to Abide', timeoutMs: 30_000 });
    const link = /https?:\/\/\S+\/invitation#\S+/.exec(mail.text ?? '')![0];
    const url = new URL(link);
    await page.goto('/');
    await page.goto(`${url.pathname}${url.hash}`);
    await page.getByRole('heading', { name: 'Bethany Church invites you' }).waitFor();
    await page.setViewportSize(viewports.phone);
    await screenshot(page, 'member-import-invitation-phone');
    await expectAccessible(page, 'invitation page at phone width');
    await page.setViewportSize(viewports.desktop);
    await screenshot(page, 'member-import-invitation');
    expect(await page.getByLabel('Your name').inputValue()).toBe('Martha');
    await page.getByLabel('Password').fill('sitting at his feet 42');
    await page.getByRole('button', { name: 'Accept and join' }).click();
    await page.waitForURL('**/onboarding');
    await toast(page, 'Welcome to Bethany Church!').waitFor();
  });

  it('undoes an import nobody has used yet', async () => {
    const { page } = session;
    const admin = await seedImportingAdmin();
    const church = await seedChurch(admin.session, { name: 'Emmaus Church' });
    await signIn(page, admin);
    await page.goto(`/churches/${church.id}/import`);
    await page.locator('input[type=file]').setInputFiles({
      name: 'emmaus.csv',
      mimeType: 'text/csv',
      buffer: Buffer.from(`name,email\nCleopas,${uniqueEmail('cleopas')}\n`),
    });
    await page.getByText('1 of 1 rows processed').waitFor({ timeout: 60_000 });

    await page.getByRole('button', { name: 'Undo import' }).click();
    await page.getByRole('button', { name: 'Undo import' }).last().click();
    await toast(page, 'Import undone').waitFor();
    await page.getByText('Undone').first().waitFor();
    await page.getByText('Invitation withdrawn').waitFor();
  });

  it('tells a file it cannot read and why', async () => {
    const { page } = session;
    const admin = await seedImportingAdmin();
    const church = await seedChurch(admin.session, { name: 'Nain Church' });
    await signIn(page, admin);
    await page.goto(`/churches/${church.id}/import`);
    await page.locator('input[type=file]').setInputFiles({ name: 'people.csv', mimeType: 'text/csv', buffer: Buffer.from('full name,mail\nJoanna,j@example.org\n') });
    expect(await page.getByTestId('import-problem').innerText()).toBe(
      'The file needs a column named name and email in its first row. Its first row has: full name, mail.',
    );
    await screenshot(page, 'member-import-refused');
    await expectAccessible(page, 'import members, a refused file');
    await page.setViewportSize(viewports.phone);
    await screenshot(page, 'member-import-refused-phone');
    await expectAccessible(page, 'import members at phone width');
  });
});
