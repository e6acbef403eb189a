import { eventually } from '@abide/testing';
import { textFile } from './fixtures/library/files';
import { AppFrame } from './pages/AppFrame';
import { GroupPage } from './pages/GroupPage';
import { LoginPage } from './pages/LoginPage';
import { dismissToast } from './pages/Toasts';
import { joinGroup, seedGroup, uniqueWord, waitForNames } from './seed/groups';
import { seedApprovedResource, seedModerator } from './seed/library';
import { seedMember } from './seed/members';
import { expectAccessible } from './support/accessibility';
import { useBrowser, viewports } from './support/browser';
import { signIn } from './support/sign-in';

/**
 * axe-core's WCAG 2.2 A/AA rules on the pages and popups no other browser spec reaches; the other specs check
 * theirs where they already stand (support/accessibility.ts checks desktop and phone widths on each call).
 */
describe('accessibility (axe-core, WCAG 2.2 A/AA)', () => {
  // As most members browse: with antd's opening and closing effects, which the check waits out.
  const session = useBrowser(viewports.desktop, { motion: 'no-preference' });

  it('fails with each violation: rule, impact, help and the element, at each width', async () => {
    const { page } = session;
    await page.setContent(`<!doctype html><html lang="en"><head><title>Broken</title></head><body><main>
      <h1>Broken on purpose</h1>
      <p id="pale" style="color:#bbbbbb;background:#ffffff">Pale text</p>
      <img id="nameless" src="data:image/gif;base64,R0lGODlhAQABAAAAACw=">
    </main></body></html>`);

    const failure = await expectAccessible(page, 'a broken page').then(
      () => new Error('no violation reported'),
      (error: Error) => error,
    );

    expect(failure.message).toContain('a broken page at desktop width (1280 px): 2 rule(s) violated');
    expect(failure.message).toContain('a broken page at phone width (390 px): 2 rule(s) violated');
    expect(failure.message).toMatch(/- color-contrast \[serious\] Elements must meet minimum color contrast ratio thresholds/);
    expect(failure.message).toMatch(/at #pale\n.*insufficient color contrast of 1\.9\d/);
    expect(failure.message).toMatch(/- image-alt \[critical\] Images must have alternative text/);
    expect(failure.message).toContain('at #nameless');
    // The page is left at the width it was shown at.
    expect(page.viewportSize()).toEqual(viewports.desktop);
  });

  it('the forgotten-password form', async () => {
    const { page } = session;
    const login = await new LoginPage(page).open();

    await login.forgotPasswordButton.click();
    await page.getByRole('heading', { name: 'Reset your password' }).waitFor();

    await expectAccessible(page, 'forgotten-password form');
  });

  it("the bell's list with an unread notification", async () => {
    const { page } = session;
    const [uploader, moderator] = await Promise.all([seedMember(), seedModerator()]);
    await seedApprovedResource(uploader.session, moderator.session, {
      file: textFile('psalm-23.txt', 'The Lord is my shepherd; I shall not want.'),
      title: `Psalm 23 ${uniqueWord()}`,
      category: 'devotional',
    });
    // The approval reaches formation's inbox through Kafka, a moment after the moderator's answer.
    await eventually(
      async () => {
        const res = await uploader.session.get<{ items: unknown[] }>('/api/notifications');
        return res.status === 200 && res.body.items.length > 0 ? true : undefined;
      },
      { timeoutMs: 30_000 },
    );
    await signIn(page, uploader);
    await dismissToast(page, 'Welcome back!');

    await new AppFrame(page).bell.click();
    await page.locator('.notification--unread').first().waitFor();

    await expectAccessible(page, 'notifications with an unread one');
  });

  it("a group's members", async () => {
    const { page } = session;
    const owner = await seedMember();
    const name = `Members ${uniqueWord()}`;
    const group = await seedGroup(owner.session, { name });
    const member = await seedMember();
    await joinGroup(member.session, group.id);
    await waitForNames(owner.session, group.id, [owner.name, member.name]);
    await signIn(page, member);
    const groupPage = await new GroupPage(page).open(group.id, name);

    await groupPage.membersTab.click();
    // The header names the owner too ("Led by …"): wait for the list's own entry.
    await page.getByRole('heading', { name: owner.name, exact: true }).waitFor();

    await expectAccessible(page, "a group's members tab");
  });
});
