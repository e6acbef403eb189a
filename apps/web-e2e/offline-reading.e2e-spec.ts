import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { chromium, type BrowserContext, type Page } from 'playwright-core';
import { AppFrame } from './pages/AppFrame';
import { HabitsPage } from './pages/HabitsPage';
import { JournalPage } from './pages/JournalPage';
import { PlanPage } from './pages/PlanPage';
import { seedHabit, seedJournalEntry } from './seed/formation';
import { seedMember, type SeededMember } from './seed/members';
import { expectAccessible } from './support/accessibility';
import { CHROMIUM_ARGS, launchBrowser, newPage, screenshot, viewports } from './support/browser';
import { e2eEnv } from './support/env';
import { sidewaysScroll } from './support/layout';
import { signIn } from './support/sign-in';

/**
 * Issue #28, reading offline: a member who opened the app once opens it again with no connection and sees their last
 * My Plan, Habits and Journal, marked "Offline — last updated …"; after sign-out nothing of theirs is left in the
 * browser, and the next member on the same browser never sees the previous one's data. The service worker is allowed
 * here (other specs block it, support/browser.ts).
 */

/** Waits until the service worker is active, which it becomes only once the app shell is precached. */
async function appShellCached(page: Page): Promise<void> {
  await page.evaluate(async () => {
    const registration = await navigator.serviceWorker.ready;
    const worker = registration.active;
    if (!worker || worker.state === 'activated') return;
    await new Promise<void>((resolve) => worker.addEventListener('statechange', () => worker.state === 'activated' && resolve()));
  });
}

/** The member ids of every read the app keeps in this browser (read without creating the database). */
const keptReadOwners = (page: Page): Promise<string[]> =>
  page.evaluate(async () => {
    if (!(await indexedDB.databases()).some((db) => db.name === 'abide-offline-reads')) return [];
    return new Promise<string[]>((resolve, reject) => {
      const open = indexedDB.open('abide-offline-reads');
      open.onerror = () => reject(open.error);
      open.onsuccess = () => {
        const keys = open.result.transaction('reads').objectStore('reads').getAllKeys();
        keys.onerror = () => reject(keys.error);
        keys.onsuccess = () => {
          open.result.close();
          resolve((keys.result as [string, string][]).map(([memberId]) => memberId));
        };
      };
    });
  });

const memberRecord = (page: Page) => page.evaluate(() => localStorage.getItem('abide.offline-member'));

interface Reader {
  member: SeededMember;
  habit: string;
  reflection: string;
}

async function seedReader(label: string): Promise<Reader> {
  const member = await seedMember();
  const habit = `${label} morning prayer`;
  const reflection = `${label}: be still, and know that I am God.`;
  await seedHabit(member.session, { name: habit, category: 'Prayer' });
  await seedJournalEntry(member.session, { content: reflection });
  return { member, habit, reflection };
}

/** Signs in and opens the three pages once, online, each with its data shown. */
async function readOnline(page: Page, { member, habit, reflection }: Reader): Promise<void> {
  await signIn(page, member);
  await new PlanPage(page).waitForPlan();
  const habits = await new HabitsPage(page).open();
  await habits.checkIn(habit).waitFor();
  const journal = await new JournalPage(page).open();
  await journal.entry(journal.recent, reflection).waitFor();
}

/** Opens a page with no connection, as a reload or a tap on the installed app's icon would. */
async function openOffline(context: BrowserContext, page: Page, path: string): Promise<void> {
  await context.setOffline(true);
  await page.goto(path);
}

/** Both widths: no sideways scroll, a screenshot each, and axe at each (expectAccessible checks both). */
async function checkBothWidths(page: Page, name: string): Promise<void> {
  for (const [width, viewport] of [['phone', viewports.phone], ['desktop', viewports.desktop]] as const) {
    await page.setViewportSize(viewport);
    expect(await sidewaysScroll(page)).toBe(0);
    await screenshot(page, `offline-${name}-${width}`);
  }
  await page.setViewportSize(viewports.phone);
  await expectAccessible(page, `${name} offline`);
}

describe('reading offline', () => {
  jest.setTimeout(180_000);
  let browser: Awaited<ReturnType<typeof launchBrowser>>;
  beforeAll(async () => {
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await browser?.close();
  });

  it('opens the app with no connection on the last member’s plan, habits and journal, and keeps nothing after sign-out or for the next member', async () => {
    const [ruth, boaz] = await Promise.all([seedReader('Ruth'), seedReader('Boaz')]);
    const { context, page } = await newPage(browser, viewports.phone, { serviceWorkers: 'allow' });
    try {
      const frame = new AppFrame(page);
      await readOnline(page, ruth);
      await appShellCached(page);

      await openOffline(context, page, '/plan');
      const plan = new PlanPage(page);
      await plan.heading.waitFor();
      await plan.weekCard.waitFor();
      await frame.offlineBanner.waitFor();
      await frame.offlineMark.waitFor();
      await plan.habitSwitch(ruth.habit).waitFor();
      await checkBothWidths(page, 'plan');

      await page.goto('/habits');
      const habits = new HabitsPage(page);
      await habits.checkIn(ruth.habit).waitFor();
      await frame.offlineMark.waitFor();
      await checkBothWidths(page, 'habits');

      await page.goto('/journal');
      const journal = new JournalPage(page);
      await journal.entry(journal.recent, ruth.reflection).waitFor();
      await frame.offlineMark.waitFor();
      await checkBothWidths(page, 'journal');

      // Back online, the pages are read again and lose the mark.
      await context.setOffline(false);
      await journal.heading.waitFor();
      await frame.offlineMark.waitFor({ state: 'detached', timeout: 20_000 });
      await frame.offlineBanner.waitFor({ state: 'detached' });

      // Sign-out (online) leaves nothing of Ruth's in the browser: a reload offline shows no member at all.
      await frame.logOut();
      await page.waitForURL('**/login');
      expect(await keptReadOwners(page)).toEqual([]);
      expect(await memberRecord(page)).toBeNull();
      await openOffline(context, page, '/plan');
      await page.getByRole('status').filter({ hasText: "We can't reach the service, retrying." }).waitFor();
      await screenshot(page, 'offline-signed-out-phone');
      expect(await page.getByText(ruth.member.name).count()).toBe(0);
      expect(await plan.heading.count()).toBe(0);

      // Boaz on the same browser sees his own pages offline, and nothing of Ruth's.
      await context.setOffline(false);
      await readOnline(page, boaz);
      await openOffline(context, page, '/journal');
      await journal.entry(journal.recent, boaz.reflection).waitFor();
      await frame.offlineMark.waitFor();
      expect(await page.getByText(ruth.reflection).count()).toBe(0);
      await page.goto('/habits');
      await habits.checkIn(boaz.habit).waitFor();
      expect(await page.getByText(ruth.habit).count()).toBe(0);
      await screenshot(page, 'offline-next-member-habits-phone');
      expect(new Set(await keptReadOwners(page))).toEqual(new Set([boaz.member.session.session.user.id]));
    } finally {
      await context.close();
    }
  });

  it('passes Chromium’s installability checks on the production build: manifest, icons and a service worker in control', async () => {
    // Chromium refuses to install from an incognito profile, which every newContext is: a profile on disk here.
    const profile = await mkdtemp(path.join(os.tmpdir(), 'abide-install-'));
    const context = await chromium.launchPersistentContext(profile, {
      executablePath: e2eEnv.chromiumPath,
      headless: true,
      args: CHROMIUM_ARGS,
      baseURL: e2eEnv.baseUrl,
      viewport: viewports.phone,
    });
    try {
      const page = await context.newPage();
      await page.goto('/');
      await appShellCached(page);
      await page.reload();
      expect(await page.evaluate(() => navigator.serviceWorker.controller !== null)).toBe(true);

      const cdp = await context.newCDPSession(page);
      const { installabilityErrors } = await cdp.send('Page.getInstallabilityErrors');
      expect(installabilityErrors).toEqual([]);
      const { url } = await cdp.send('Page.getAppManifest');
      const manifest = (await (await page.request.get(url)).json()) as {
        name: string;
        short_name: string;
        start_url: string;
        scope: string;
        display: string;
        theme_color: string;
        background_color: string;
        icons: { src: string; sizes: string; purpose?: string }[];
      };
      expect(manifest).toMatchObject({ name: 'Abide', short_name: 'Abide', start_url: '/plan', scope: '/', display: 'standalone' });
      expect(manifest.theme_color).toBe('#0f766e');
      const icons = manifest.icons.map(({ sizes, purpose }) => `${sizes} ${purpose ?? 'any'}`);
      expect(icons).toEqual(expect.arrayContaining(['192x192 any', '512x512 any', '512x512 maskable']));
      const appleIcon = await page.locator('link[rel="apple-touch-icon"]').getAttribute('href');
      for (const src of [...manifest.icons.map((icon) => icon.src), appleIcon ?? '(none)']) {
        const answer = await page.request.get(src);
        expect({ src, status: answer.status(), type: answer.headers()['content-type'] }).toEqual({ src, status: 200, type: 'image/png' });
      }
    } finally {
      await context.close();
      await rm(profile, { recursive: true, force: true });
    }
  });
});
