import { existsSync, readFileSync } from 'node:fs';
import type { Plugin } from 'vite';
import { antdCardLazyTabs } from './antd-card-tabs';
import { antdLazyPopups } from './antd-lazy-popups';
import { nativeTemporal } from './native-temporal';
import { reactRouterProduction } from './react-router-production';

type Resolve = (source: string, importer?: string) => string | null;
const resolveOf = (plugin: Plugin) => (plugin.resolveId as unknown as Resolve).bind({});
const loadOf = (plugin: Plugin) => plugin.load as unknown as (id: string) => string | null;

describe("what My Plan's first view does without (vite/)", () => {
  it("gives antd's Card antd's Tabs loaded on the first tab bar, and leaves every other import of Tabs alone", () => {
    const plugin = antdCardLazyTabs();
    const resolve = resolveOf(plugin);
    const id = resolve('../tabs', '/repo/node_modules/antd/es/card/Card.js');
    expect(id).toEqual(expect.any(String));
    expect(resolve('../tabs', '/repo/node_modules/antd/es/card/CardMeta.js')).toBeNull();
    expect(resolve('antd/es/tabs', '/repo/apps/web/src/features/x.tsx')).toBeNull();
    const code = loadOf(plugin)(id as string) ?? '';
    expect(code).toContain("import('antd/es/tabs')");
    expect(code).toContain('Suspense');
    expect(loadOf(plugin)('/repo/other.js')).toBeNull();
  });

  it.each([
    ['Progress circle its Tooltip', '../tooltip', '/repo/node_modules/antd/es/progress/Circle.js', 'antd/es/tooltip'],
    [
      'ConfigProvider its unique-tooltip provider',
      '../tooltip/UniqueProvider',
      '/repo/node_modules/antd/es/config-provider/index.js',
      'antd/es/tooltip/UniqueProvider',
    ],
  ])("gives antd's %s loaded when first rendered, drawing its children meanwhile", (_name, source, importer, module) => {
    const plugin = antdLazyPopups();
    const resolve = resolveOf(plugin);
    const id = resolve(source, importer);
    expect(id).toEqual(expect.any(String));
    // The same import elsewhere in antd, or in the app, is left alone.
    expect(resolve(source, '/repo/node_modules/antd/es/slider/SliderTooltip.js')).toBeNull();
    expect(resolve(module, '/repo/apps/web/src/features/x.tsx')).toBeNull();
    const code = loadOf(plugin)(id as string) ?? '';
    expect(code).toContain(`import(${JSON.stringify(module)})`);
    expect(code).toContain('fallback: props.children');
    expect(loadOf(plugin)('/repo/other.js')).toBeNull();
  });

  it("takes the browser's own Temporal when it has one, and the polyfill otherwise", async () => {
    const plugin = nativeTemporal();
    expect(plugin.apply).toBe('build');
    const resolve = resolveOf(plugin);
    const id = resolve('temporal-polyfill', '/repo/libs/calendar/src/local-date.ts') as string;
    expect(id).toEqual(expect.any(String));
    // The module's own import of the polyfill is the real one.
    expect(resolve('temporal-polyfill', id)).toBeNull();
    const code = loadOf(plugin)(id) ?? '';
    // Run the module's body as the browser would, with and without a Temporal of its own.
    const run = (global: { Temporal?: unknown }, polyfill: unknown) => {
      const body = code
        .replace(/export const Temporal =/, 'return')
        .replace(/await import\('temporal-polyfill'\)/, 'await importPolyfill()');
      const evaluate = new Function('globalThis', 'importPolyfill', `return (async () => { ${body} })();`);
      return evaluate(global, async () => ({ Temporal: polyfill })) as Promise<unknown>;
    };
    const native = { name: 'native' };
    const polyfill = { name: 'polyfill' };
    await expect(run({ Temporal: native }, polyfill)).resolves.toBe(native);
    await expect(run({}, polyfill)).resolves.toBe(polyfill);
  });

  it('builds with the router without its development warnings', () => {
    const plugin = reactRouterProduction();
    expect(plugin.apply).toBe('build');
    const resolve = resolveOf(plugin);
    for (const source of ['react-router', 'react-router/dom']) {
      const file = resolve(source) as string;
      expect(file).toMatch(/[\\/]react-router[\\/]dist[\\/]production[\\/]/);
      expect(existsSync(file)).toBe(true);
    }
    expect(resolve('react-router-dom')).toBeNull();
    const chunks = readFileSync(resolve('react-router') as string, 'utf8').match(/from "\.\/(chunk-[\w-]+\.mjs)"/g) ?? [];
    const router = chunks
      .map((line) => readFileSync(`${(resolve('react-router') as string).replace(/index\.mjs$/, '')}${line.slice(8, -1)}`, 'utf8'))
      .join('');
    expect(router).toContain('ENABLE_DEV_WARNINGS = false');
  });
});
