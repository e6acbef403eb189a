#!/usr/bin/env node
// Lighthouse (mobile profile: Moto G Power emulation, simulated slow 4G and 4x CPU slowdown, Lighthouse's default) on
// a running production build of the web app (`vite preview` of apps/web's build), driving the machine's Chromium
// (issue #12). Public pages are audited as a signed-out visitor; member pages after signing in, in the same browser.
//
//   node tools/bench/lighthouse.mjs --base http://127.0.0.1:4173 --email mary@example.com --password '…'
//                                   [--public /] [--member /plan] [--runs 1] [--out reports/lighthouse]
//
// Prints a table (performance score, FCP, LCP, TBT, CLS, Speed Index, JS bytes as transferred) and whether Chromium
// finds the build installable (manifest, icons, service worker: checkInstallability), and writes each run's report as
// <page>.report.json / <page>.report.html plus summary.json into --out. Exits 1 when a page cannot be audited.
//
// Programmatic use (the load suite):
//
//   import { runLighthouse } from './lighthouse.mjs';
//   const results = await runLighthouse({ base, email, password });   // → LighthousePageResult[]
//
// Signing in: Chromium is started here with a remote-debugging port; playwright-core attaches to it over CDP and,
// from a page of the app's origin, POSTs /api/auth/sign-in as the web app does, so the browser itself stores the
// HttpOnly refresh cookie `abide_refresh` (Path=/api/auth). Lighthouse then attaches to the same browser: its storage
// reset clears caches but keeps cookies, so the app restores the session from the cookie on load, as after a reload.
import { spawn } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';

const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');

/** The flags of the browser tests (apps/web-e2e/support/browser.ts), headless. */
export const CHROMIUM_FLAGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
];

/**
 * @typedef {object} LighthousePageResult
 * @property {string} path          the audited path, e.g. '/plan'
 * @property {boolean} signedIn     audited with the member's session
 * @property {string} url           the URL Lighthouse loaded
 * @property {string} finalUrl      where the page ended up (a member page that lost its session ends on /login)
 * @property {number} performance   performance score, 0–100 (median run)
 * @property {number} fcpMs         First Contentful Paint
 * @property {number} lcpMs         Largest Contentful Paint
 * @property {number} tbtMs         Total Blocking Time
 * @property {number} cls           Cumulative Layout Shift
 * @property {number} speedIndexMs  Speed Index
 * @property {number} jsBytes       JavaScript transferred (bytes on the wire; `vite preview` gzips)
 * @property {number} jsRequests    number of JavaScript requests
 * @property {number} totalBytes    everything transferred
 * @property {string|null} lcpElement  a snippet of the LCP element
 * @property {number[]} runScores   the performance score of every run (the fields above come from the median one)
 * @property {{ json: string, html: string } | null} reports  where this page's reports were written (with `outDir`)
 * @property {Installability} [installability]  on the first public page: Chromium's installability verdict
 */

/**
 * Runs Lighthouse with the mobile profile on pages of a running production build.
 *
 * @param {object} options
 * @param {string} options.base                 origin of the web app, e.g. 'http://127.0.0.1:4173'
 * @param {string[]} [options.publicPaths]      audited signed out; default ['/']
 * @param {string[]} [options.memberPaths]      audited signed in as `email`; default ['/plan'] (needs email and password)
 * @param {string} [options.email]              a member who has completed onboarding
 * @param {string} [options.password]
 * @param {number} [options.runs]               runs per page (default 1); the run with the median score is reported
 * @param {string} [options.outDir]             when given, each page's report (.report.json, .report.html) is written there
 * @param {string} [options.chromePath]         default $CHROMIUM_PATH or /usr/bin/chromium
 * @param {(line: string) => void} [options.log]  progress lines (default: none)
 * @returns {Promise<LighthousePageResult[]>}   public pages first, then member pages, each in the order given
 */
export async function runLighthouse({
  base,
  publicPaths = ['/'],
  memberPaths = ['/plan'],
  email,
  password,
  runs = 1,
  outDir,
  chromePath = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
  log = () => {},
}) {
  if (!base) throw new Error('runLighthouse: base (the web app origin) is required');
  if (memberPaths.length && !(email && password))
    throw new Error(`runLighthouse: member pages (${memberPaths.join(', ')}) need email and password`);
  const origin = new URL(base).origin;
  const { default: lighthouse } = await import('lighthouse');
  const chromium = await launchChromium(chromePath);
  try {
    const results = [];
    const audit = async (pagePath, signedIn) => {
      const url = new URL(pagePath, origin).href;
      const lhrs = [];
      for (let run = 1; run <= runs; run++) {
        log(`lighthouse ${pagePath}${signedIn ? ' (signed in)' : ''} run ${run}/${runs}`);
        const result = await lighthouse(url, { port: chromium.port, output: ['json', 'html'], logLevel: 'error' });
        if (!result) throw new Error(`Lighthouse returned nothing for ${url}`);
        const { lhr } = result;
        if (lhr.runtimeError) throw new Error(`Lighthouse could not audit ${url}: ${lhr.runtimeError.code} ${lhr.runtimeError.message}`);
        if (signedIn && new URL(lhr.finalDisplayedUrl).pathname !== new URL(url).pathname) {
          throw new Error(`${url} ended on ${lhr.finalDisplayedUrl}: the member's session did not hold`);
        }
        lhrs.push({ lhr, report: result.report });
      }
      const scores = lhrs.map(({ lhr }) => scoreOf(lhr));
      const median = [...lhrs].sort((a, b) => scoreOf(a.lhr) - scoreOf(b.lhr))[Math.floor((lhrs.length - 1) / 2)];
      let reports = null;
      if (outDir) {
        mkdirSync(outDir, { recursive: true });
        const name = reportName(pagePath);
        reports = { json: path.join(outDir, `${name}.report.json`), html: path.join(outDir, `${name}.report.html`) };
        writeFileSync(reports.json, median.report[0]);
        writeFileSync(reports.html, median.report[1]);
      }
      results.push({ path: pagePath, signedIn, url, ...summarize(median.lhr), runScores: scores, reports });
    };

    for (const pagePath of publicPaths) await audit(pagePath, false);
    // Lighthouse 12 dropped its PWA category; the check its installable-manifest audit ran is Chromium's own.
    if (results[0]) results[0].installability = await checkInstallability({ port: chromium.port, origin, pagePath: results[0].path });
    if (memberPaths.length) {
      await signIn({ port: chromium.port, origin, email, password });
      for (const pagePath of memberPaths) await audit(pagePath, true);
    }
    return results;
  } finally {
    await chromium.close();
  }
}

const scoreOf = (lhr) => Math.round((lhr.categories.performance.score ?? 0) * 100);

/** '/' → 'home', '/groups/abc' → 'groups-abc'. */
const reportName = (pagePath) => pagePath.replace(/^\/+|\/+$/g, '').replace(/[^a-z0-9]+/gi, '-') || 'home';

/** The figures of one Lighthouse result. */
function summarize(lhr) {
  const audits = lhr.audits;
  const value = (id) => Math.round((audits[id]?.numericValue ?? Number.NaN) * 1000) / 1000;
  const resources = audits['resource-summary']?.details?.items ?? [];
  const scripts = resources.find((item) => item.resourceType === 'script') ?? { transferSize: 0, requestCount: 0 };
  const total = resources.find((item) => item.resourceType === 'total') ?? { transferSize: 0 };
  const lcpItems = audits['largest-contentful-paint-element']?.details?.items ?? [];
  const lcpNode = lcpItems[0]?.items?.[0]?.node ?? lcpItems[0]?.node;
  return {
    finalUrl: lhr.finalDisplayedUrl,
    performance: scoreOf(lhr),
    fcpMs: Math.round(value('first-contentful-paint')),
    lcpMs: Math.round(value('largest-contentful-paint')),
    tbtMs: Math.round(value('total-blocking-time')),
    cls: value('cumulative-layout-shift'),
    speedIndexMs: Math.round(value('speed-index')),
    jsBytes: scripts.transferSize,
    jsRequests: scripts.requestCount,
    totalBytes: total.transferSize,
    lcpElement: lcpNode?.snippet ?? null,
  };
}

/** Chromium with a remote-debugging port (chosen by Chromium) and a throwaway profile. */
async function launchChromium(chromePath) {
  const userDataDir = mkdtempSync(path.join(os.tmpdir(), 'abide-lighthouse-'));
  const child = spawn(chromePath, [...CHROMIUM_FLAGS, '--remote-debugging-port=0', `--user-data-dir=${userDataDir}`, 'about:blank'], {
    stdio: ['ignore', 'ignore', 'pipe'],
  });
  const port = await new Promise((resolve, reject) => {
    let stderr = '';
    const timer = setTimeout(() => fail(new Error(`Chromium did not open its debugging port within 30 s:\n${stderr}`)), 30_000);
    const fail = (error) => {
      clearTimeout(timer);
      child.kill('SIGKILL');
      reject(error);
    };
    child.once('error', fail);
    child.once('exit', (code) => fail(new Error(`Chromium (${chromePath}) exited with ${code}:\n${stderr}`)));
    child.stderr.on('data', (chunk) => {
      stderr += chunk;
      const match = /DevTools listening on ws:\/\/[^:]+:(\d+)\//.exec(stderr);
      if (match) {
        clearTimeout(timer);
        child.removeAllListeners('exit');
        resolve(Number(match[1]));
      }
    });
  });
  child.stderr.resume();
  const close = async () => {
    if (child.exitCode === null && child.signalCode === null) {
      const exited = new Promise((resolve) => child.once('exit', resolve));
      child.kill('SIGTERM');
      const timer = setTimeout(() => child.kill('SIGKILL'), 5000);
      await exited;
      clearTimeout(timer);
    }
    // Chromium's helper processes may still be writing to the profile (its cache) for a while after the browser
    // exited: retry, and leave the throwaway folder in the temp dir rather than fail a finished audit over it.
    try {
      rmSync(userDataDir, { recursive: true, force: true, maxRetries: 20, retryDelay: 250 });
    } catch (error) {
      process.emitWarning(`could not remove ${userDataDir}: ${error instanceof Error ? error.message : error}`);
    }
  };
  return { port, close };
}

/**
 * @typedef {object} Installability
 * @property {boolean} installable      Chromium found nothing stopping an install (its own criteria: manifest, icons, …)
 * @property {string[]} errors          Chromium's installability errors (Page.getInstallabilityErrors), e.g. 'no-icon-available'
 * @property {string|null} manifestUrl  the manifest the page links
 * @property {boolean} serviceWorker    a service worker controls the page after a reload
 */

/**
 * Chromium's installability verdict on a page of the build, the check behind Lighthouse's former `installable-manifest`
 * audit: loads it in the browser's default (not incognito) profile, waits for its service worker to be active and in
 * control, then asks over the DevTools protocol.
 *
 * @returns {Promise<Installability>}
 */
export async function checkInstallability({ port, origin, pagePath = '/' }) {
  const { chromium } = await import('playwright-core');
  const browser = await chromium.connectOverCDP(`http://127.0.0.1:${port}`);
  try {
    const page = await browser.contexts()[0].newPage();
    try {
      await page.goto(new URL(pagePath, origin).href);
      await page.evaluate(() => navigator.serviceWorker.ready);
      await page.reload();
      const serviceWorker = await page.evaluate(() => navigator.serviceWorker.controller !== null);
      const cdp = await page.context().newCDPSession(page);
      const { installabilityErrors } = await cdp.send('Page.getInstallabilityErrors');
      const { url } = await cdp.send('Page.getAppManifest');
      return {
        installable: installabilityErrors.length === 0,
        errors: installabilityErrors.map((error) => error.errorId),
        manifestUrl: url || null,
        serviceWorker,
      };
    } finally {
      await page.close();
    }
  } finally {
    await browser.close();
  }
}

/** Signs the browser in as the web app would: the refresh cookie lands in Chromium's default profile. */
async function signIn({ port, origin, email, password }) {
  const { chromium } = await import('playwright-core');
  const browser = await chromium.connectOverCDP(`http://127.0.0.1:${port}`);
  try {
    const context = browser.contexts()[0];
    const page = await context.newPage();
    // Any page of the origin will do; the favicon does not start the app (and its own session check).
    await page.goto(new URL('/favicon.svg', origin).href);
    const answer = await page.evaluate(
      async (credentials) => {
        const res = await fetch('/api/auth/sign-in', {
          method: 'POST',
          credentials: 'include',
          headers: { 'Content-Type': 'application/json', Accept: 'application/json, application/problem+json' },
          body: JSON.stringify(credentials),
        });
        return { status: res.status, body: await res.text() };
      },
      { email, password },
    );
    if (answer.status !== 200) throw new Error(`sign-in as ${email} failed: ${answer.status} ${answer.body}`);
    const cookies = await context.cookies(origin + '/api/auth/refresh');
    if (!cookies.some((cookie) => cookie.name === 'abide_refresh')) throw new Error('sign-in answered 200 but set no abide_refresh cookie');
    await page.close();
  } finally {
    // Detaches playwright only: the browser (and its cookie) stays for Lighthouse.
    await browser.close();
  }
}

/** One line per page. */
export function formatTable(results) {
  const rows = [
    ['page', 'perf', 'FCP ms', 'LCP ms', 'TBT ms', 'CLS', 'SI ms', 'JS KB', 'JS req', 'runs'],
    ...results.map((r) => [
      `${r.path}${r.signedIn ? ' (member)' : ''}`,
      String(r.performance),
      String(r.fcpMs),
      String(r.lcpMs),
      String(r.tbtMs),
      r.cls.toFixed(3),
      String(r.speedIndexMs),
      (r.jsBytes / 1024).toFixed(1),
      String(r.jsRequests),
      r.runScores.join(' '),
    ]),
  ];
  const widths = rows[0].map((_, i) => Math.max(...rows.map((row) => row[i].length)));
  return rows.map((row) => row.map((cell, i) => (i === 0 ? cell.padEnd(widths[i]) : cell.padStart(widths[i]))).join('  ')).join('\n');
}

const isMain = process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url);
if (isMain) {
  const { values: args } = parseArgs({
    options: {
      base: { type: 'string' },
      email: { type: 'string' },
      password: { type: 'string' },
      public: { type: 'string', multiple: true },
      member: { type: 'string', multiple: true },
      runs: { type: 'string', default: '1' },
      out: { type: 'string', default: path.join(repoRoot, 'reports', 'lighthouse') },
    },
  });
  if (!args.base) {
    console.error(
      'usage: node tools/bench/lighthouse.mjs --base http://127.0.0.1:<port> --email <member> --password <password> [--public /] [--member /plan] [--runs N] [--out dir]',
    );
    process.exit(2);
  }
  const signedIn = Boolean(args.email && args.password);
  try {
    const results = await runLighthouse({
      base: args.base,
      email: args.email,
      password: args.password,
      publicPaths: args.public ?? ['/'],
      memberPaths: args.member ?? (signedIn ? ['/plan'] : []),
      runs: Number(args.runs),
      outDir: args.out,
      log: (line) => process.stderr.write(`${line}\n`),
    });
    mkdirSync(args.out, { recursive: true });
    writeFileSync(path.join(args.out, 'summary.json'), `${JSON.stringify(results, null, 2)}\n`);
    console.log(formatTable(results));
    const installability = results.find((r) => r.installability)?.installability;
    if (installability)
      console.log(
        `installable: ${installability.installable ? 'yes' : `no (${installability.errors.join(', ')})`}; service worker in control: ${installability.serviceWorker ? 'yes' : 'no'}`,
      );
    for (const r of results) if (r.lcpElement) console.log(`LCP ${r.path}: ${r.lcpElement}`);
    console.log(`reports: ${path.relative(process.cwd(), args.out) || '.'}`);
  } catch (error) {
    console.error(error instanceof Error ? error.message : error);
    process.exit(1);
  }
}
