import { call, randomClientIp } from '@abide/testing';
import { LoginPage } from './pages/LoginPage';
import { seedMember } from './seed/members';
import { expectAccessible } from './support/accessibility';
import { screenshot, useBrowser, viewports } from './support/browser';
import { sidewaysScroll } from './support/layout';
import { refusedUntil } from './support/rate-limit';

/** Identity's default: wrong passwords an account may have before it is held back (then 30 s, doubling). */
const ACCOUNT_FAILURES = 5;

describe.each([
  ['phone', viewports.phone],
  ['desktop', viewports.desktop],
] as const)('sign-in held back by a limit, on a %s', (width, viewport) => {
  const session = useBrowser(viewport);

  it('says on the form when the member can try again, as the server counts it', async () => {
    const { page } = session;
    const member = await seedMember();
    const login = await new LoginPage(page).open();
    await login.loginTab.click();
    await login.emailInput.fill(member.email);
    await login.passwordInput.fill(member.password);
    // Someone else guessed this account's password just now, from another network.
    const guesser = randomClientIp();
    for (let i = 0; i < ACCOUNT_FAILURES; i++) {
      const res = await call('POST', '/api/auth/sign-in', { clientIp: guesser, body: { email: member.email, password: `guess ${i}` } });
      expect(res.status).toBe(401);
    }

    const answered = page.waitForResponse((res) => res.url().endsWith('/api/auth/sign-in'));
    await login.signInButton.click();
    const { status, at } = await refusedUntil(page, await answered);

    expect(status).toBe(429);
    // The page names the server's moment in the member's clock (rounded up to the minute), never a guess of its own.
    await login.limitNotice.waitFor();
    const notice = await login.limitNotice.innerText();
    expect(notice).toContain(`You can try again at ${at}.`);
    expect(notice).toMatch(/Too many failed sign-ins for this account\. Try again in \d+ seconds?, or reset your password\./);
    expect(await sidewaysScroll(page)).toBe(0);
    await screenshot(page, `sign-in-limit-${width}`);
    await expectAccessible(page, `sign-in held back (${width})`, { widths: [width] });
  });
});
