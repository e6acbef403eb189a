import type { Locator, Page } from 'playwright-core';

/** The single toast (at most one at a time), found by its title. */
export function toast(page: Page, title: string): Locator {
  return page.locator('.ant-notification-notice', { hasText: title });
}

/**
 * Waits for a toast and closes it, as a member would before turning to a menu: toasts sit top right, just
 * below the header, over the account menu and the phone's side menu until their 5 s are up.
 */
export async function dismissToast(page: Page, title: string): Promise<void> {
  const notice = toast(page, title);
  await notice.waitFor();
  await notice.locator('.ant-notification-notice-close').click();
  await notice.waitFor({ state: 'hidden' });
}

/** Closes the toast if it is still up (it leaves by itself after 5 s), so it covers nothing in the header. */
export async function closeToastIfShown(page: Page, title: string): Promise<void> {
  const notice = toast(page, title);
  if (await notice.isVisible()) await notice.locator('.ant-notification-notice-close').click();
  await notice.waitFor({ state: 'hidden' });
}

/** A validation message under a form field. */
export function fieldError(page: Page, message: string): Locator {
  return page.locator('.ant-form-item-explain-error', { hasText: message });
}

/**
 * Opens an e-mailed link on the app's own origin: the PKCE verifier lives in this origin's
 * localStorage, so only the path and query of the link matter.
 */
export async function openMailedLink(page: Page, link: string): Promise<void> {
  const url = new URL(link);
  await page.goto(`${url.pathname}${url.search}`);
}
