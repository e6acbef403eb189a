import { readFileSync } from 'node:fs';
import type { ResolvedConfig } from 'vite';
import { antdComponentCss, BASE_SHEET, splitAntdSheet, splitSelectors, styleFolderOf } from './antd-component-css';

const folders = ['button', 'card', 'space', 'input', 'input-number', 'grid', 'form'];

describe('antd sheet split by component', () => {
  const css = [
    '.css-var-_R_0_{--ant-blue:#1677FF;}',
    'a{color:var(--ant-color-link);}',
    '@keyframes antZoomIn{0%{opacity:0;}100%{opacity:1;}}',
    '.ant-btn{display:inline-flex;}',
    '.ant-space-compact .ant-btn:not(.a,.b){margin:0;}',
    '.ant-card .ant-card-head,.ant-input-number-handler{padding:0;}',
    '.ant-input-affix-wrapper{display:flex;}',
    '.ant-row,.ant-col-xs-1{display:flex;}',
    '@media (max-width: 575px){.ant-form-item{padding:0;}.ant-col-xs-24{flex:0 0 100%;}}',
    '.ant-zoom-enter{animation-name:antZoomIn;}',
  ].join('');
  const sheets = splitAntdSheet(css, folders);

  it('gives a selector to the component of the element it styles', () => {
    expect(sheets.get('button')).toBe('@layer antd{.ant-btn{display:inline-flex;}.ant-space-compact .ant-btn:not(.a,.b){margin:0;}}');
    expect(sheets.get('card')).toBe('@layer antd{.ant-card .ant-card-head{padding:0;}}');
    // The longest prefix wins: input-number's handler is not the input's.
    expect(sheets.get('input-number')).toBe('@layer antd{.ant-input-number-handler{padding:0;}}');
    expect(sheets.get('input')).toBe('@layer antd{.ant-input-affix-wrapper{display:flex;}}');
    expect(sheets.get('grid')).toContain('.ant-row,.ant-col-xs-1{display:flex;}');
  });

  it('keeps media queries around the rules they hold, per component', () => {
    expect(sheets.get('form')).toBe('@layer antd{@media (max-width: 575px){.ant-form-item{padding:0;}}}');
    expect(sheets.get('grid')).toContain('@media (max-width: 575px){.ant-col-xs-24{flex:0 0 100%;}}');
  });

  it('puts what names no component in the base sheet, and leaves out the default variables', () => {
    const base = sheets.get(BASE_SHEET) ?? '';
    expect(base).toContain('a{color:var(--ant-color-link);}');
    expect(base).toContain('@keyframes antZoomIn');
    expect(base).toContain('.ant-zoom-enter');
    expect([...sheets.values()].join('')).not.toContain('css-var-_R_0_');
  });

  it('splits a selector list only at its own commas', () => {
    expect(splitSelectors('.a:not(.b,.c), .d[title="x,y"]')).toEqual(['.a:not(.b,.c)', '.d[title="x,y"]']);
  });

  it('names the style folder of antd modules', () => {
    expect(styleFolderOf('/x/node_modules/antd/es/button/style/index.js')).toBe('button');
    expect(styleFolderOf('/x/node_modules/antd/es/row/style/index.js')).toBe('grid');
    expect(styleFolderOf('/x/node_modules/antd/es/button/Button.js')).toBeUndefined();
  });

  it('loses none of the rules of the sheet antd ships', () => {
    const shipped = readFileSync(require.resolve('antd/dist/antd.css'), 'utf8');
    const split = splitAntdSheet(shipped, ['button', 'card', 'typography']);
    const selectorsIn = (text: string) => (text.match(/\.ant-btn-primary\b/g) ?? []).length;
    expect(selectorsIn([...split.values()].join(''))).toBe(selectorsIn(shipped));
    expect(split.get('button')).toContain('.ant-btn');
    expect(split.get('button')).not.toContain('.ant-card-head');
  });

  it('gives the dev server every component’s rules in the base sheet (it pre-bundles antd), a build only the base', () => {
    const baseOf = (command: 'serve' | 'build') => {
      const plugin = antdComponentCss();
      (plugin.configResolved as (config: ResolvedConfig) => void)({ command } as ResolvedConfig);
      return (plugin.load as (id: string) => string)(`virtual:antd-css/${BASE_SHEET}.css`);
    };
    expect(baseOf('serve')).toContain('.ant-btn-primary');
    expect(baseOf('build')).not.toContain('.ant-btn-primary');
  });
});
