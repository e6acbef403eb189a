#!/usr/bin/env node
// Writes apps/web/src/shared/lite/antd-lite-app.css: antd 5's own CSS for the controls lite-controls.tsx renders,
// as antd generates it for the app's theme (src/app/theme.ts), scoped by `css-lite` instead of antd's hash class.
//
//   node apps/web/scripts/antd-lite-css.mjs            # rewrite the file
//   node apps/web/scripts/antd-lite-css.mjs --check    # exit 1 when the file is not what antd generates today
//
// It renders the controls on the server with antd's style cache (@ant-design/cssinjs), extracts the CSS, keeps the
// rules whose every antd class is one lite-controls.tsx renders (in antd's order, media queries included) and the
// keyframes they use, renames antd's hash class to `css-lite` and formats it with prettier. Run it after a change of
// theme or of antd.
import { readFileSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

process.env.NODE_ENV = 'production';
const webRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const target = path.join(webRoot, 'src', 'shared', 'lite', 'antd-lite-app.css');
const require = createRequire(import.meta.url);
const React = require('react');
const { renderToString } = require('react-dom/server');
const { createCache, extractStyle, StyleProvider } = require('@ant-design/cssinjs');
const antd = require('antd');

/** app/theme.ts, read as text (this script runs without a TypeScript loader). */
function readTheme() {
  const source = readFileSync(path.join(webRoot, 'src', 'app', 'theme.ts'), 'utf8');
  const literal = source.slice(source.indexOf('= {') + 2, source.lastIndexOf('};') + 1);
  return Function(`return (${literal});`)();
}

/** Every antd class lite-controls.tsx renders (or that antd's rules for them name in a `:not()`). */
const allowed = new Set(
  `ant-btn ant-btn-circle ant-btn-color-default ant-btn-color-primary ant-btn-default ant-btn-primary ant-btn-text
  ant-btn-icon ant-btn-icon-only ant-btn-lg ant-btn-loading ant-btn-loading-icon ant-btn-variant-outlined
  ant-btn-variant-solid ant-btn-variant-text ant-btn-disabled ant-dropdown-trigger
  ant-card ant-card-body ant-card-head ant-card-head-title ant-card-head-wrapper ant-card-extra ant-card-bordered
  ant-tag ant-tag-borderless ant-tag-has-color
  ant-skeleton ant-skeleton-active ant-skeleton-content ant-skeleton-title ant-skeleton-paragraph
  ant-spin ant-spin-spinning ant-spin-lg ant-spin-dot ant-spin-dot-spin ant-spin-dot-item ant-spin-dot-holder
  ant-progress ant-progress-line ant-progress-outer ant-progress-inner ant-progress-bg ant-progress-bg-outer
  ant-progress-status-normal ant-progress-default ant-progress-line-align-end ant-progress-line-position-outer
  ant-checkbox ant-checkbox-wrapper ant-checkbox-checked ant-checkbox-wrapper-checked ant-checkbox-input
  ant-checkbox-inner ant-checkbox-disabled ant-checkbox-wrapper-disabled ant-checkbox-label ant-checkbox-indeterminate
  ant-switch ant-switch-checked ant-switch-handle ant-switch-inner ant-switch-inner-checked ant-switch-inner-unchecked
  ant-switch-disabled ant-switch-loading
  ant-empty ant-empty-normal ant-empty-image ant-empty-description ant-empty-footer
  ant-typography ant-typography-secondary
  ant-avatar ant-avatar-circle ant-avatar-string
  ant-badge ant-badge-count ant-badge-count-sm ant-scroll-number ant-scroll-number-only ant-scroll-number-only-unit
  ant-badge-multiple-words
  anticon anticon-spin anticon-down ant-wave`.split(/\s+/),
);

function extract(theme) {
  const h = React.createElement;
  const { Avatar, Badge, Button, Card, Checkbox, Dropdown, Empty, Progress, Skeleton, Spin, Switch, Tag, Typography } = antd;
  const cache = createCache();
  renderToString(
    h(
      StyleProvider,
      { cache },
      h(
        antd.ConfigProvider,
        { theme },
        h(Button, { type: 'text', size: 'large', icon: h('span') }),
        h(Button, { type: 'primary', size: 'large', loading: true }, 'x'),
        h(Button, null, 'x'),
        h(Dropdown, { menu: { items: [] } }, h(Button, null, 'x')),
        h(Card, { variant: 'borderless', title: 't', extra: 'e' }, 'c'),
        h(Tag, { bordered: false }, 't'),
        h(Tag, { color: '#0f766e' }, 't'),
        h(Skeleton, { active: true }),
        h(Spin, { size: 'large' }),
        h(Progress, { percent: 10, showInfo: false }),
        h(Checkbox, null, 'c'),
        h(Switch),
        h(Empty, { image: Empty.PRESENTED_IMAGE_SIMPLE }),
        h(Typography.Title, null, 't'),
        h(Typography.Text, { type: 'secondary' }, 't'),
        h(Typography.Paragraph, null, 'p'),
        h(Avatar, null, 'A'),
        h(Badge, { count: 2, size: 'small' }, h('span')),
      ),
    ),
  );
  return extractStyle(cache, { plain: true });
}

/** Top-level blocks of a stylesheet: [prelude, body]. */
function blocks(css) {
  const out = [];
  let i = 0;
  while (i < css.length) {
    const open = css.indexOf('{', i);
    if (open < 0) break;
    let depth = 1;
    let k = open + 1;
    while (depth) {
      if (css[k] === '{') depth++;
      else if (css[k] === '}') depth--;
      k++;
    }
    out.push([css.slice(i, open).trim(), css.slice(open + 1, k - 1)]);
    i = k;
  }
  return out;
}

/** A selector list split at its top-level commas. */
function selectors(list) {
  const parts = [];
  let depth = 0;
  let current = '';
  for (const ch of list) {
    if (ch === '(') depth++;
    if (ch === ')') depth--;
    if (ch === ',' && depth === 0) {
      parts.push(current.trim());
      current = '';
    } else current += ch;
  }
  parts.push(current.trim());
  return parts;
}

function keep(selector) {
  const classes = [
    ...[...selector.matchAll(/\.(ant[a-z0-9-]*)/g)].map((m) => m[1]),
    ...[...selector.matchAll(/\[class[\^*]="\s?(ant-[a-z0-9-]+)"\]/g)].map((m) => m[1]),
  ];
  return classes.length > 0 && classes.every((name) => allowed.has(name));
}

async function generate() {
  const css = extract(readTheme());
  const hash = /:where\(\.(css-[a-z0-9]+)\)/.exec(css)?.[1];
  if (!hash) throw new Error('no hash class in antd’s CSS');
  const keyframes = new Map();
  const used = new Set();
  const walk = (list) =>
    list.flatMap(([prelude, body]) => {
      if (/^@(-webkit-)?keyframes/.test(prelude)) {
        keyframes.set(prelude.split(/\s+/)[1], `${prelude}{${body}}`);
        return [];
      }
      if (prelude.startsWith('@media') || prelude.startsWith('@supports')) {
        const inner = walk(blocks(body));
        return inner.length ? [`${prelude}{${inner.join('')}}`] : [];
      }
      const kept = selectors(prelude).filter(keep);
      if (!kept.length) return [];
      for (const m of body.matchAll(/animation(?:-name)?:\s*([^;]+)/g)) for (const word of m[1].match(/[\w-]+/g) ?? []) used.add(word);
      return [`${kept.join(',\n')}{${body}}`];
    });
  const rules = walk(blocks(css));
  const frames = [...keyframes].filter(([name]) => used.has(name)).map(([, rule]) => rule);
  const text = [...frames, ...rules].join('\n').replaceAll(hash, 'css-lite');
  const header = readFileSync(target, 'utf8').match(/^\/\*[\s\S]*?\*\/\n/)?.[0] ?? '';
  // Formatted as the repository formats CSS, so that prettier leaves the file as it is.
  const prettier = await import('prettier');
  return prettier.format(`${header}${text}\n`, { ...(await prettier.resolveConfig(target)), parser: 'css' });
}

const next = await generate();
if (process.argv.includes('--check')) {
  const same = readFileSync(target, 'utf8') === next;
  console.log(
    same ? 'antd-lite-app.css is up to date' : 'antd-lite-app.css differs from what antd generates: run apps/web/scripts/antd-lite-css.mjs',
  );
  process.exit(same ? 0 : 1);
}
writeFileSync(target, next);
console.log(`wrote ${path.relative(process.cwd(), target)} (${next.length} characters)`);
