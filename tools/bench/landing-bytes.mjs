#!/usr/bin/env node
// The JavaScript the landing page (/) loads before it first paints, gzip-compressed (issue #12: at most 200 KB).
//
//   node tools/bench/landing-bytes.mjs [--dist apps/web/dist]             from a build: index.html's module graph
//   node tools/bench/landing-bytes.mjs --base http://127.0.0.1:4173       in Chromium: what a visitor's browser fetches
//         [--path /] [--json] [--budget 200]
//
// From a build: the entry module of index.html, its modulepreloads and, recursively, every chunk they import
// statically; dynamic imports (the lazily loaded pages) are left out, as the browser leaves them out until they are
// needed. In Chromium: a signed-out visitor's page load, every script response until the network is idle.
// Either way each file is gzipped here (zlib's default level, as Vite's report and `vite preview` do), so both measure
// the same thing. Prints one line per file and the total; with --budget, exits 1 when the total is over it (in kB of 1000 bytes, as Vite reports them).
//
// Programmatic use (the load suite):
//
//   import { measureLandingBytes } from './landing-bytes.mjs';
//   const { jsGzipBytes, files } = await measureLandingBytes({ dist: 'apps/web/dist' });        // from the build
//   const { jsGzipBytes, files } = await measureLandingBytes({ base: 'http://127.0.0.1:4173' }); // in Chromium
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { gzipSync } from 'node:zlib';
import { CHROMIUM_FLAGS } from './lighthouse.mjs';
import { webDistDir } from '../stack/web.mjs';

// The build of this environment (a test slot's own folder under ABIDE_TEST_SLOT).
const DEFAULT_DIST = webDistDir();

/**
 * @typedef {object} LandingFile
 * @property {string} file        path of the script (relative to dist, or the URL's path in Chromium)
 * @property {number} rawBytes    uncompressed size
 * @property {number} gzipBytes   gzip size
 *
 * @typedef {object} LandingBytes
 * @property {'build'|'network'} source
 * @property {LandingFile[]} files    every script loaded, in the order found
 * @property {number} jsGzipBytes     total gzip size of the scripts (the figure of the target)
 * @property {number} jsRawBytes      total uncompressed size of the scripts
 * @property {number} cssGzipBytes    gzip size of the stylesheets loaded with them
 */

/**
 * Measures the JavaScript of the landing page's first paint.
 *
 * @param {object} [options]
 * @param {string} [options.dist]        a production build of apps/web (default: this environment's, apps/web/dist or a test slot's dist-slotN); used unless `base` is given
 * @param {string} [options.base]        origin of a running build (vite preview): measure in Chromium instead
 * @param {string} [options.path]        with `base`: the page to load (default '/')
 * @param {string} [options.chromePath]  with `base`: default $CHROMIUM_PATH or /usr/bin/chromium
 * @returns {Promise<LandingBytes>}
 */
export async function measureLandingBytes({ dist = DEFAULT_DIST, base, path: pagePath = '/', chromePath } = {}) {
  return base ? fromNetwork({ base, pagePath, chromePath }) : fromBuild(dist);
}

const sizeOf = (file, content) => ({ file, rawBytes: content.length, gzipBytes: gzipSync(content).length });

const total = (files, key) => files.reduce((sum, file) => sum + file[key], 0);

/** Rollup puts a chunk's static imports first: `import{a as b}from"./x.js";import"./y.js";export{c}from"./z.js"`. */
export function staticImportsOf(code) {
  const specifiers = [];
  const header = /^\s*(?:\/\*[\s\S]*?\*\/\s*|\/\/[^\n]*\n\s*)*(?:import|export)\s*(?:[^"'();]*?\bfrom\s*)?(["'])([^"']+)\1\s*;?/;
  let rest = code;
  for (let match = header.exec(rest); match; match = header.exec(rest)) {
    specifiers.push(match[2]);
    rest = rest.slice(match[0].length);
  }
  return specifiers;
}

function fromBuild(dist) {
  const indexFile = path.join(dist, 'index.html');
  if (!existsSync(indexFile)) throw new Error(`no build at ${dist} (index.html missing): run vite build first`);
  const html = readFileSync(indexFile, 'utf8');
  const attr = (tag, name) => new RegExp(`\\b${name}\\s*=\\s*["']([^"']+)["']`).exec(tag)?.[1];
  const tags = html.match(/<(script|link)\b[^>]*>/g) ?? [];
  const roots = [];
  const styles = [];
  for (const tag of tags) {
    if (tag.startsWith('<script') && attr(tag, 'type') === 'module' && attr(tag, 'src')) roots.push(attr(tag, 'src'));
    if (tag.startsWith('<link') && attr(tag, 'rel') === 'modulepreload') roots.push(attr(tag, 'href'));
    if (tag.startsWith('<link') && attr(tag, 'rel') === 'stylesheet') styles.push(attr(tag, 'href'));
  }
  const local = (url) => path.join(dist, url.replace(/^\//, '').split(/[?#]/)[0]);
  const seen = new Set();
  const files = [];
  const visit = (url) => {
    const file = local(url);
    if (seen.has(file)) return;
    seen.add(file);
    const code = readFileSync(file);
    files.push(sizeOf(path.relative(dist, file), code));
    for (const specifier of staticImportsOf(code.toString('utf8'))) {
      if (/^(\.{1,2}\/|\/)/.test(specifier)) visit(path.posix.join(path.posix.dirname(url), specifier));
    }
  };
  for (const root of roots) visit(root.startsWith('/') ? root : `/${root}`);
  const css = styles.map((href) => sizeOf(href, readFileSync(local(href))));
  return {
    source: 'build',
    files,
    jsGzipBytes: total(files, 'gzipBytes'),
    jsRawBytes: total(files, 'rawBytes'),
    cssGzipBytes: total(css, 'gzipBytes'),
  };
}

async function fromNetwork({ base, pagePath, chromePath = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium' }) {
  const { chromium } = await import('playwright-core');
  const browser = await chromium.launch({
    executablePath: chromePath,
    headless: true,
    // The browser tests' flags; playwright adds --headless itself.
    args: CHROMIUM_FLAGS.filter((flag) => flag !== '--headless'),
  });
  try {
    const page = await browser.newPage();
    const scripts = [];
    const styles = [];
    page.on('response', (response) => {
      const type = response.request().resourceType();
      if (type === 'script') scripts.push(response);
      if (type === 'stylesheet') styles.push(response);
    });
    await page.goto(new URL(pagePath, base).href, { waitUntil: 'networkidle' });
    const measure = async (responses) =>
      Promise.all(responses.map(async (response) => sizeOf(new URL(response.url()).pathname, await response.body())));
    const files = await measure(scripts);
    const css = await measure(styles);
    return {
      source: 'network',
      files,
      jsGzipBytes: total(files, 'gzipBytes'),
      jsRawBytes: total(files, 'rawBytes'),
      cssGzipBytes: total(css, 'gzipBytes'),
    };
  } finally {
    await browser.close();
  }
}

/** kB as Vite reports them (1000 bytes). */
const kb = (bytes) => (bytes / 1000).toFixed(1);

const isMain = process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url);
if (isMain) {
  const { values: args } = parseArgs({
    options: {
      dist: { type: 'string' },
      base: { type: 'string' },
      path: { type: 'string', default: '/' },
      json: { type: 'boolean', default: false },
      budget: { type: 'string' },
    },
  });
  try {
    const result = await measureLandingBytes({ dist: args.dist ? path.resolve(args.dist) : undefined, base: args.base, path: args.path });
    if (args.json) {
      console.log(JSON.stringify(result, null, 2));
    } else {
      const width = Math.max(...result.files.map((f) => f.file.length), 4);
      console.log(`${'file'.padEnd(width)}  ${'raw kB'.padStart(8)}  ${'gzip kB'.padStart(8)}`);
      for (const f of result.files) console.log(`${f.file.padEnd(width)}  ${kb(f.rawBytes).padStart(8)}  ${kb(f.gzipBytes).padStart(8)}`);
      console.log(
        `${'total JS'.padEnd(width)}  ${kb(result.jsRawBytes).padStart(8)}  ${kb(result.jsGzipBytes).padStart(8)}   (${result.source}; CSS ${kb(result.cssGzipBytes)} kB gzip)`,
      );
    }
    if (args.budget && result.jsGzipBytes > Number(args.budget) * 1000) {
      console.error(`over budget: ${kb(result.jsGzipBytes)} kB > ${args.budget} kB`);
      process.exit(1);
    }
  } catch (error) {
    console.error(error instanceof Error ? error.message : error);
    process.exit(1);
  }
}
