import { mkdir } from 'node:fs/promises';
import path from 'node:path';
import { chromium, type Browser, type BrowserContext, type Page } from 'playwright-core';
import { randomClientIp } from '@abide/testing';
import { e2eEnv } from './env';

export const SCREENSHOT_DIR = path.join(__dirname, '..', 'screenshots');

export const viewports = {
  desktop: { width: 1280, height: 800 },
  phone: { width: 390, height: 844 },
} as const;

/** Everything that would phone home switched off. */
export const CHROMIUM_ARGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
];

/** Debian's Chromium, headless, with everything that would phone home switched off. */
export function launchBrowser(): Promise<Browser> {
  return chromium.launch({ executablePath: e2eEnv.chromiumPath, headless: true, args: CHROMIUM_ARGS });
}

export interface PageOptions {
  /** The member's zone (the onboarding wizard sends the browser's); the machine's unless given. */
  timezoneId?: string;
  /**
   * The system's "reduce motion" setting. Specs run with it ('reduce': antd's opening and closing effects off, so a
   * step never waits for an animation and the two cores are not spent painting one); the accessibility and frame
   * specs run as most members browse ('no-preference').
   */
  motion?: 'reduce' | 'no-preference';
  /**
   * The production build registers a service worker that precaches the whole app (vite.config.ts). Specs block it
   * unless they test it ('allow': offline-reading.e2e-spec.ts): each context would otherwise download every chunk
   * once more beside the test, and the worker would answer navigations the spec means to see reach the server.
   */
  serviceWorkers?: 'allow' | 'block';
}

/**
 * A fresh context per test: no cookies or sessionStorage leak from one test into the next. Each context also
 * comes from its own client address (the preview proxy adds it to X-Forwarded-For, which the gateway trusts
 * from loopback), as separate people would: the per-IP sign-in limit then counts each test, not the whole run.
 */
export async function newPage(
  browser: Browser,
  viewport: { width: number; height: number } = viewports.desktop,
  { timezoneId, motion = 'reduce', serviceWorkers = 'block' }: PageOptions = {},
): Promise<{ context: BrowserContext; page: Page }> {
  const context = await browser.newContext({
    baseURL: e2eEnv.baseUrl,
    viewport,
    locale: 'en-US',
    reducedMotion: motion,
    serviceWorkers,
    ...(timezoneId ? { timezoneId } : {}),
    extraHTTPHeaders: { 'x-forwarded-for': randomClientIp() },
  });
  context.setDefaultTimeout(15_000);
  const page = await context.newPage();
  return { context, page };
}

/** Saves a full-page PNG (from the top of the page) to apps/web-e2e/screenshots/<name>.png and returns its path. */
export async function screenshot(page: Page, name: string): Promise<string> {
  await mkdir(SCREENSHOT_DIR, { recursive: true });
  const file = path.join(SCREENSHOT_DIR, `${name}.png`);
  // A full-page capture keeps the scroll position, which would paint the sticky header mid-page.
  await page.evaluate(() => window.scrollTo(0, 0));
  await page.screenshot({ path: file, fullPage: true, animations: 'disabled' });
  return file;
}

/**
 * One browser per spec file and a fresh context per test. Call at the top of a `describe`;
 * `session.page` is the current test's page.
 */
export function useBrowser(viewport?: { width: number; height: number }, options: PageOptions = {}) {
  const session = {} as { browser: Browser; context: BrowserContext; page: Page };
  beforeAll(async () => {
    session.browser = await launchBrowser();
  });
  beforeEach(async () => {
    Object.assign(session, await newPage(session.browser, viewport, options));
  });
  afterEach(async () => {
    await session.context?.close();
  });
  afterAll(async () => {
    await session.browser?.close();
  });
  return session;
}
