import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { createRequire } from 'node:module';
import type { Plugin } from 'vite';

/**
 * antd 6 in zero-runtime mode takes its styles from one static sheet, antd/dist/antd.css (about 1 MB, 109 KB gzip),
 * whatever a page renders. This plugin splits that sheet by component at build time and gives each component's rules
 * to the module that defines the component's styles (antd/es/<component>/style/): a chunk then brings the CSS of the
 * components it contains and no other, and Vite loads that CSS with the chunk. The rules are antd's own, unchanged,
 * in a cascade layer under the app's styles.css as the whole sheet was.
 *
 * A selector goes with the component of the last antd class it names (the element it styles): `.ant-space-compact
 * .ant-btn` is the button's. Rules naming no component (antd's link and reset rules, motions, keyframes) form a base
 * sheet that comes with the theme. The `.css-var-*` blocks antd rendered its defaults into are left out: in
 * zero-runtime mode the ConfigProvider writes the theme's variables itself.
 */

const VIRTUAL_PREFIX = 'virtual:antd-css/';
const LAYER = 'antd';

/** Components whose class prefix is not their folder's name. */
const PREFIX_OWNERS: Record<string, string> = {
  btn: 'button',
  picker: 'date-picker',
  'float-btn': 'float-button',
  row: 'grid',
  col: 'grid',
  ribbon: 'badge',
  'scroll-number': 'badge',
  otp: 'input',
};

/** Style folders whose rules live under another folder's name. */
const STYLE_OWNERS: Record<string, string> = { row: 'grid', col: 'grid', 'time-picker': 'date-picker' };

export const BASE_SHEET = 'base';

/** The top-level blocks of a stylesheet: rules, at-rules with their bodies, and statements ending in `;`. */
export function topLevelBlocks(css: string): string[] {
  const blocks: string[] = [];
  let depth = 0;
  let start = 0;
  let quote: string | null = null;
  for (let i = 0; i < css.length; i++) {
    const char = css[i];
    if (quote) {
      if (char === '\\') i++;
      else if (char === quote) quote = null;
      continue;
    }
    if (char === '"' || char === "'") quote = char;
    else if (char === '{') depth++;
    else if (char === '}' && --depth === 0) {
      blocks.push(css.slice(start, i + 1).trim());
      start = i + 1;
    } else if (char === ';' && depth === 0) {
      blocks.push(css.slice(start, i + 1).trim());
      start = i + 1;
    }
  }
  return blocks.filter(Boolean);
}

/** A selector list's selectors (commas inside `:not(…)`, `:where(…)` or attribute values do not split). */
export function splitSelectors(list: string): string[] {
  const parts: string[] = [];
  let depth = 0;
  let start = 0;
  for (let i = 0; i < list.length; i++) {
    const char = list[i];
    if (char === '(' || char === '[') depth++;
    else if (char === ')' || char === ']') depth--;
    else if (char === ',' && depth === 0) {
      parts.push(list.slice(start, i).trim());
      start = i + 1;
    }
  }
  parts.push(list.slice(start).trim());
  return parts.filter(Boolean);
}

/** Finds the component (style folder) an antd class belongs to: the longest known prefix it starts with. */
export function ownerFinder(folders: Iterable<string>) {
  const owners = new Map<string, string>(Object.entries(PREFIX_OWNERS));
  for (const folder of folders) if (!STYLE_OWNERS[folder]) owners.set(folder, folder);
  const prefixes = [...owners.keys()].sort((a, b) => b.length - a.length);
  return (className: string): string | undefined => {
    const prefix = prefixes.find((candidate) => className === candidate || className.startsWith(`${candidate}-`));
    return prefix ? owners.get(prefix) : undefined;
  };
}

/** The component a selector styles: that of the last antd class it names with a known owner, else the base sheet. */
function sheetOfSelector(selector: string, ownerOf: (className: string) => string | undefined): string {
  const classes = [...selector.matchAll(/\.ant-([a-z0-9-]+)/g)].map((match) => match[1]);
  for (let i = classes.length - 1; i >= 0; i--) {
    const owner = ownerOf(classes[i]);
    if (owner) return owner;
  }
  return BASE_SHEET;
}

/** antd's sheet split into one sheet per component folder (plus the base sheet), each in antd's cascade layer. */
export function splitAntdSheet(css: string, folders: Iterable<string>): Map<string, string> {
  const ownerOf = ownerFinder(folders);
  const sheets = new Map<string, string[]>();
  const add = (sheet: string, text: string) => {
    const list = sheets.get(sheet) ?? [];
    list.push(text);
    sheets.set(sheet, list);
  };
  const place = (blocks: string[], wrap: (sheet: string, text: string) => void) => {
    for (const block of blocks) {
      const open = block.indexOf('{');
      if (open < 0) continue;
      const head = block.slice(0, open).trim();
      const body = block.slice(open);
      if (head.startsWith('@media') || head.startsWith('@supports') || head.startsWith('@container')) {
        const inner = new Map<string, string[]>();
        place(topLevelBlocks(body.slice(1, -1)), (sheet, text) => inner.set(sheet, [...(inner.get(sheet) ?? []), text]));
        for (const [sheet, texts] of inner) wrap(sheet, `${head}{${texts.join('')}}`);
      } else if (head.startsWith('@')) {
        wrap(BASE_SHEET, block);
      } else if (!/^\.css-var-/.test(head)) {
        const bySheet = new Map<string, string[]>();
        for (const selector of splitSelectors(head)) {
          const sheet = sheetOfSelector(selector, ownerOf);
          bySheet.set(sheet, [...(bySheet.get(sheet) ?? []), selector]);
        }
        for (const [sheet, selectors] of bySheet) wrap(sheet, `${selectors.join(',')}${body}`);
      }
    }
  };
  place(topLevelBlocks(css), add);
  return new Map([...sheets].map(([sheet, texts]) => [sheet, `@layer ${LAYER}{${texts.join('')}}`]));
}

/** The style folder of one of antd's modules (`…/antd/es/button/style/index.js` → `button`), if it is one. */
export function styleFolderOf(id: string): string | undefined {
  const match = /[\\/]node_modules[\\/]antd[\\/]es[\\/]([a-z-]+)[\\/]style[\\/]/.exec(id);
  if (!match) return undefined;
  return STYLE_OWNERS[match[1]] ?? match[1];
}

/**
 * The Vite plugin: `virtual:antd-css/<folder>.css` is that component's part of antd's sheet, imported by the
 * component's style modules; `virtual:antd-css/base.css` is for the module that sets the theme to import.
 */
export function antdComponentCss(): Plugin {
  const require = createRequire(import.meta.url);
  let sheets: Map<string, string> | undefined;
  const load = () => {
    if (!sheets) {
      const sheetFile = require.resolve('antd/dist/antd.css');
      const esFolder = path.resolve(path.dirname(sheetFile), '..', 'es');
      sheets = splitAntdSheet(readFileSync(sheetFile, 'utf8'), componentFolders(esFolder));
    }
    return sheets;
  };
  // The dev server pre-bundles antd (its style modules never pass through `transform`): there the base sheet
  // carries every component's rules, as the whole static sheet would.
  let serving = false;
  return {
    name: 'abide-antd-component-css',
    enforce: 'pre',
    configResolved(config) {
      serving = config.command === 'serve';
    },
    resolveId(id) {
      return id.startsWith(VIRTUAL_PREFIX) ? id : undefined;
    },
    load(id) {
      if (!id.startsWith(VIRTUAL_PREFIX)) return undefined;
      const sheet = id.slice(VIRTUAL_PREFIX.length).replace(/\.css$/, '');
      if (serving && sheet === BASE_SHEET) return [...load().values()].join('');
      return load().get(sheet) ?? '';
    },
    transform(code, id) {
      const folder = styleFolderOf(id);
      if (!folder || !load().has(folder)) return undefined;
      return { code: `import '${VIRTUAL_PREFIX}${folder}.css';\n${code}`, map: null };
    },
  };
}

/** antd's component folders that define styles (those with a `style/` folder). */
function componentFolders(esFolder: string): string[] {
  return readdirSync(esFolder).filter((name) => existsSync(path.join(esFolder, name, 'style')));
}
