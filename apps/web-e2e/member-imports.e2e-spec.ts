import { seedChurch } from './seed/churches';
import { seedMember } from './seed/members';
import { expectAccessible } from './support/accessibility';
import { screenshot, useBrowser, viewports } from './support/browser';
import { signIn } from './support/sign-in';

/** Import members (docs/member-imports.md): the church admin's page. */
describe('importing members', () => {
  const session = useBrowser(viewports.desktop);

  it('tells a file it cannot read and why', async () => {
    const { page } = session;
    const admin = await seedMember();
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
