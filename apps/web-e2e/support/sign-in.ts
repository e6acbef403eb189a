import type { Authenticator } from '@abide/testing';
import type { Page } from 'playwright-core';
import type { Member } from '../fixtures/new-member';
import { LoginPage } from '../pages/LoginPage';

/**
 * Signs the browser in through the login form, as a member would (with a code from their app when two-factor sign-in
 * is on, as for moderators and admins), and waits for the landing on /plan.
 */
export async function signIn(page: Page, member: Pick<Member, 'email' | 'password'> & { authenticator?: Authenticator }): Promise<void> {
  const login = await new LoginPage(page).open();
  await login.signIn(member);
  if (member.authenticator) await login.enterCode(await member.authenticator.nextCode());
  await page.waitForURL('**/plan');
}
