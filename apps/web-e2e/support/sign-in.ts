import type { Page } from 'playwright-core';
import type { Member } from '../fixtures/new-member';
import { LoginPage } from '../pages/LoginPage';

/** Signs the browser in through the login form, as a member would, and waits for the landing on /plan. */
export async function signIn(page: Page, member: Pick<Member, 'email' | 'password'>): Promise<void> {
  await (await new LoginPage(page).open()).signIn(member);
  await page.waitForURL('**/plan');
}
