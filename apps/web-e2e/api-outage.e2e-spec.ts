import type { Page } from 'playwright-core';
import { JournalPage } from './pages/JournalPage';
import { seedMember } from './seed/members';
import { expectAccessible } from './support/accessibility';
import { newPage, screenshot, useBrowser, viewports } from './support/browser';
import { signIn } from './support/sign-in';

/**
 * The API briefly away (identity restarting, a deploy): a signed-in member is told so and stays signed in, with what
 * they typed, while the session's refresh is retried; once the API answers the page carries on. The outage is
 * simulated from the browser's side: its refresh calls answer 503 as the gateway does when identity is down.
 */
const REFRESH = '**/api/auth/refresh';

const identityDown = (page: Page) =>
  page.route(REFRESH, (route) =>
    route.fulfill({
      status: 503,
      headers: { 'retry-after': '5', 'content-type': 'application/problem+json; charset=utf-8' },
      body: JSON.stringify({ status: 503, code: 'SERVICE_UNAVAILABLE', detail: 'The identity service is unavailable right now.' }),
    }),
  );

const banner = (page: Page) => page.getByRole('status').filter({ hasText: "We can't reach the service, retrying" });

describe('the web app while the API is briefly unavailable', () => {
  // Waits past the 30 s the app used to give up after, on a machine shared with other runs.
  jest.setTimeout(150_000);
  const session = useBrowser(viewports.desktop);

  it('keeps a member signed in, with their unsaved reflection, while the session refresh fails, and carries on after', async () => {
    const member = await seedMember();
    const { page } = session;
    // The app's own clock, moved on below to the refresh that comes before the access token expires.
    await page.clock.install();
    await signIn(page, member);
    const journal = await new JournalPage(page).open();
    const words = 'Lord, teach me to number my days, that I may gain a heart of wisdom.';
    await journal.content.fill(words);

    await identityDown(page);
    await page.clock.fastForward('14:30');
    await banner(page).waitFor();
    await screenshot(page, 'api-outage-journal-desktop');
    await expectAccessible(page, 'journal while the API is away', { widths: ['desktop'] });

    await page.setViewportSize(viewports.phone);
    await screenshot(page, 'api-outage-journal-phone');
    await expectAccessible(page, 'journal while the API is away', { widths: ['phone'] });
    await page.setViewportSize(viewports.desktop);

    await page.unroute(REFRESH);
    await banner(page).waitFor({ state: 'detached', timeout: 20_000 });
    expect(new URL(page.url()).pathname).toBe('/journal');
    await journal.heading.waitFor();
    expect(await journal.content.inputValue()).toBe(words);
  });

  it('restores the session after a reload during an outage longer than 30 s, on a phone, instead of signing out', async () => {
    const member = await seedMember();
    const phone = await newPage(session.browser, viewports.phone);
    try {
      const { page } = phone;
      // The page's clock, so the outage's 30 s and more pass in a few real seconds.
      await page.clock.install();
      await signIn(page, member);
      const journal = await new JournalPage(page).open();

      await identityDown(page);
      await page.reload();
      await banner(page).waitFor();
      await screenshot(page, 'api-outage-reload-phone');
      await expectAccessible(page, 'start-up while the API is away', { widths: ['phone'] });
      // The app once gave up after about 30 s of retries and showed the sign-in form. Time jumps 5 s at a time, each
      // jump's due retries given a moment of real time to fail against the route.
      let refreshes = 0;
      page.on('request', (request) => {
        if (request.url().endsWith('/api/auth/refresh')) refreshes += 1;
      });
      for (let jumped = 0; jumped < 40_000; jumped += 5_000) {
        await page.clock.fastForward(5_000);
        await page.waitForTimeout(300);
      }
      // The jumps did drive the retries (a frozen clock would pass this test without proving anything).
      expect(refreshes).toBeGreaterThanOrEqual(3);
      expect(new URL(page.url()).pathname).toBe('/journal');
      expect(await banner(page).isVisible()).toBe(true);

      await page.unroute(REFRESH);
      await journal.heading.waitFor({ timeout: 20_000 });
      await banner(page).waitFor({ state: 'detached' });
      expect(new URL(page.url()).pathname).toBe('/journal');
    } finally {
      await phone.context.close();
    }
  });
});
