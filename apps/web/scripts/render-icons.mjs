#!/usr/bin/env node
// Renders the installed app's icons (public/icons/*.png, public/apple-touch-icon.png) from the brand mark of
// public/favicon.svg, in Chromium. Run after changing the mark: node apps/web/scripts/render-icons.mjs
//
// "any" icons are the favicon as drawn (rounded square, transparent corners). The maskable icon and Apple's touch icon
// fill the whole square with the brand colour (the platform cuts its own shape) and keep the drop inside the central
// 80 % circle every mask leaves visible.
import { mkdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { chromium } from 'playwright-core';

const publicDir = path.join(path.dirname(fileURLToPath(import.meta.url)), '..', 'public');
const favicon = readFileSync(path.join(publicDir, 'favicon.svg'), 'utf8');
// The drop of the favicon, taken as it is so the two never drift apart.
const drop = /<path\b[^>]*\/>/.exec(favicon)?.[0];
if (!drop) throw new Error('favicon.svg has no <path/> to take the drop from');
const teal = /<rect\b[^>]*fill="([^"]+)"/.exec(favicon)?.[1] ?? '#0f766e';
// Full bleed; the drop (38 units tall in a 64 square, centred on 32,33) scaled to 80 % stays well inside the safe circle.
const fullBleed = `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 64 64"><rect width="64" height="64" fill="${teal}"/><g transform="translate(32 32) scale(0.8) translate(-32 -33)">${drop}</g></svg>`;

const icons = [
  { file: 'icons/icon-192.png', size: 192, svg: favicon },
  { file: 'icons/icon-512.png', size: 512, svg: favicon },
  { file: 'icons/maskable-512.png', size: 512, svg: fullBleed },
  { file: 'apple-touch-icon.png', size: 180, svg: fullBleed },
];

const browser = await chromium.launch({ executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium', args: ['--no-sandbox'] });
try {
  mkdirSync(path.join(publicDir, 'icons'), { recursive: true });
  for (const { file, size, svg } of icons) {
    const page = await browser.newPage({ viewport: { width: size, height: size } });
    const sized = svg.replace('<svg ', `<svg width="${size}" height="${size}" `);
    await page.setContent(`<html><body style="margin:0;background:transparent">${sized}</body></html>`);
    await page.screenshot({ path: path.join(publicDir, file), omitBackground: true, clip: { x: 0, y: 0, width: size, height: size } });
    await page.close();
    console.log(`${file} (${size}×${size})`);
  }
} finally {
  await browser.close();
}
