import type { Locator, Page } from 'playwright-core';

/** The offline banner's words (apps/web/src/app/frame/OfflineBanner.tsx). */
const OFFLINE_MESSAGE =
  "You're offline. Check-ins, plan activities and journal entries are kept on this device and sent when you reconnect; other changes need a connection.";

/** The shared frame: header navigation, bell, avatar menu; side menu and bottom bar on phones. */

export class AppFrame {
  readonly mainNav: Locator;
  readonly sideMenu: Locator;
  readonly bottomBar: Locator;
  readonly menuButton: Locator;
  readonly bell: Locator;
  readonly accountButton: Locator;
  readonly getStarted: Locator;
  /** Under the header while the app cannot reach the API. */
  readonly offlineBanner: Locator;
  /** On a page shown from the browser's copy: "Offline — last updated <time>". */
  readonly offlineMark: Locator;

  constructor(private readonly page: Page) {
    this.mainNav = page.getByRole('navigation', { name: 'Main' });
    this.sideMenu = page.getByRole('navigation', { name: 'Side menu' });
    this.bottomBar = page.getByRole('navigation', { name: 'Quick links' });
    this.menuButton = page.getByRole('button', { name: 'Open menu' });
    this.bell = page.getByRole('button', { name: /^Notifications/ });
    this.accountButton = page.getByRole('button', { name: /^Account menu/ });
    // The header's button; the landing page has its own 'Get Started Free' in the pricing section.
    this.getStarted = page.getByRole('banner').getByRole('link', { name: 'Get Started', exact: true });
    this.offlineBanner = page.getByRole('status').filter({ hasText: OFFLINE_MESSAGE });
    this.offlineMark = page.getByText(/^Offline — last updated \S/);
  }

  async openAccountMenu(): Promise<void> {
    await this.accountButton.click();
    await this.page.getByRole('menuitem', { name: 'Log out' }).waitFor();
  }

  accountMenuText(text: string): Locator {
    return this.page.locator('.account-menu__who', { hasText: text });
  }

  async logOut(): Promise<void> {
    await this.openAccountMenu();
    await this.page.getByRole('menuitem', { name: 'Log out' }).click();
  }

  async openSettings(): Promise<void> {
    await this.openAccountMenu();
    await this.page.getByRole('menuitem', { name: 'Settings' }).click();
  }

  async linkLabels(nav: Locator): Promise<string[]> {
    return (await nav.getByRole('link').allInnerTexts()).map((text) => text.trim());
  }

  /**
   * Follows a link of the navigation as a person would: in the header when it shows the links, else through the side
   * menu (a phone, or a bar whose links did not fit beside the bell and the avatar).
   */
  async goTo(label: string): Promise<void> {
    const inHeader = this.mainNav.getByRole('link', { name: label, exact: true });
    if (await inHeader.isVisible()) return inHeader.click();
    await this.menuButton.click();
    await this.sideMenu.getByRole('link', { name: label, exact: true }).click();
  }

  /** The link marked aria-current="page" in a navigation. */
  current(nav: Locator): Locator {
    return nav.locator('a[aria-current="page"]');
  }
}
