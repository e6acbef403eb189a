import { AppFrame } from './pages/AppFrame';
import { LoginPage } from './pages/LoginPage';
import { PlanPage } from './pages/PlanPage';
import { dismissToast } from './pages/Toasts';
import { seedMember } from './seed/members';
import { newPage, SCREENSHOT_DIR, screenshot, useBrowser, viewports } from './support/browser';
import { expectAccessible } from './support/accessibility';
import { outsideWindow, sidewaysScroll } from './support/layout';
import { seedChurch } from './seed/churches';
import { seedAdmin } from './seed/ops';
import { signIn } from './support/sign-in';

const sevenLinks = ['Home', 'My Plan', 'Habits', 'Journal', 'Library', 'Upload', 'Groups'];

describe('the frame on a phone', () => {
  const session = useBrowser(viewports.phone);

  it('shows the bottom bar with five links and a side menu with all seven', async () => {
    const { page } = session;
    const member = await seedMember();
    await (await new LoginPage(page).open()).signIn(member);
    await new PlanPage(page).waitUntilShown();
    await dismissToast(page, 'Welcome back!');
    const frame = new AppFrame(page);

    expect(await frame.mainNav.isVisible()).toBe(false);
    await frame.bottomBar.waitFor();
    expect(await frame.linkLabels(frame.bottomBar)).toEqual(sevenLinks.slice(0, 5));
    expect(await frame.current(frame.bottomBar).innerText()).toBe('My Plan');
    expect(await frame.bell.isVisible()).toBe(true);
    await screenshot(page, 'frame-phone-plan');

    // The bell's panel fits the phone's width: its heading and every notice start on screen.
    await frame.bell.click();
    const panel = page.locator('.notifications');
    await panel.getByText('Notifications', { exact: true }).waitFor();
    expect(await outsideWindow(page, panel)).toEqual({ left: 0, right: 0 });
    expect((await panel.boundingBox())?.width).toBeGreaterThan(viewports.phone.width * 0.8);
    await page.screenshot({ path: `${SCREENSHOT_DIR}/frame-phone-notifications.png` });
    await frame.bell.click();
    await panel.waitFor({ state: 'hidden' });
    await expectAccessible(page, 'the phone frame', { widths: ['phone'] });

    await frame.menuButton.click();
    await frame.sideMenu.waitFor();
    expect(await frame.linkLabels(frame.sideMenu)).toEqual(sevenLinks);
    expect(await frame.sideMenu.getByRole('link', { name: 'Review Queue' }).count()).toBe(0);
    await screenshot(page, 'frame-phone-side-menu');
    await expectAccessible(page, 'side menu', { widths: ['phone'] });

    await frame.sideMenu.getByRole('link', { name: 'Home' }).click();
    await page.waitForURL((url) => url.pathname === '/');
    await frame.sideMenu.waitFor({ state: 'hidden' });
    // The URL changes a moment before the links re-render with the new current one.
    await frame.current(frame.bottomBar).filter({ hasText: 'Home' }).waitFor();
  });
});

describe('the frame on a desktop', () => {
  const session = useBrowser(viewports.desktop);

  it('shows the seven links with the current one marked, the bell and the avatar menu', async () => {
    const { page } = session;
    const member = await seedMember();
    await (await new LoginPage(page).open()).signIn(member);
    await new PlanPage(page).waitUntilShown();
    await dismissToast(page, 'Welcome back!');
    const frame = new AppFrame(page);

    expect(await frame.linkLabels(frame.mainNav)).toEqual(sevenLinks);
    expect(await frame.current(frame.mainNav).innerText()).toBe('My Plan');
    expect(await frame.bottomBar.isVisible()).toBe(false);

    await frame.bell.click();
    await page.getByText('Notifications', { exact: true }).waitFor();
    await screenshot(page, 'frame-desktop-notifications');
    await expectAccessible(page, 'notifications');
  });
});

describe.each([
  ['desktop', viewports.desktop],
  ['laptop', { width: 1024, height: 768 }],
  ['phone', viewports.phone],
] as const)('the frame of an admin in a branded church on a %s', (width, viewport) => {
  const session = useBrowser(viewport);

  it('keeps the bell and the account menu on screen, with every link one tap away', async () => {
    const { page } = session;
    const admin = await seedAdmin();
    await seedChurch(admin.session, { name: 'Saint Bartholomew the Apostle Community Church of the Valley' });
    await signIn(page, admin);
    await new PlanPage(page).waitUntilShown();
    const frame = new AppFrame(page);
    await page.locator('.church-badge').waitFor();

    expect(await sidewaysScroll(page)).toBe(0);
    expect(await outsideWindow(page, frame.accountButton)).toEqual({ left: 0, right: 0 });
    expect(await outsideWindow(page, frame.bell)).toEqual({ left: 0, right: 0 });
    await page.screenshot({ path: `${SCREENSHOT_DIR}/frame-admin-church-${width}.png` });

    // The links that do not fit the bar are in the side menu, the admin's two included.
    if (!(await frame.mainNav.isVisible())) {
      await frame.menuButton.click();
      await frame.sideMenu.waitFor();
      expect(await frame.linkLabels(frame.sideMenu)).toEqual([...sevenLinks, 'Review Queue', 'Operations']);
    } else {
      expect(await frame.linkLabels(frame.mainNav)).toEqual([...sevenLinks, 'Review Queue', 'Operations']);
    }
  });
});

describe("the system's reduce-motion setting", () => {
  const session = useBrowser(viewports.desktop);

  /** The transition of the Sign In button, antd's motion token at work (0s everywhere when motion is off). */
  const signInTransition = async (motion: 'reduce' | 'no-preference') => {
    const { context, page } = await newPage(session.browser, viewports.desktop, { motion });
    try {
      const login = await new LoginPage(page).open();
      return await login.signInButton.evaluate((button) => getComputedStyle(button).transitionDuration);
    } finally {
      await context.close();
    }
  };

  it("turns antd's motion off when the system asks for less, and keeps it otherwise", async () => {
    expect((await signInTransition('reduce')).split(', ').every((duration) => duration === '0s')).toBe(true);
    expect((await signInTransition('no-preference')).split(', ').some((duration) => duration !== '0s')).toBe(true);
  });
});
