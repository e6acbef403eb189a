import type { Plugin } from 'vite';

/**
 * An import inside antd that My Plan's first view reaches but never renders, and the antd module it is loaded from
 * instead, when first rendered. `fallback` is what draws until then: the wrapped children, so nothing moves.
 */
interface LazyImport {
  importer: RegExp;
  source: string;
  module: string;
}

const lazyImports: LazyImport[] = [
  // Progress imports its Circle whatever its type, and Circle imports Tooltip for a circle 20 px wide or less (its
  // label in a tooltip): Tooltip and its popup library, about 5.5 kB of gzip, where My Plan's progress bar is a line.
  { importer: /[\\/]antd[\\/]es[\\/]progress[\\/]Circle\.js$/, source: '../tooltip', module: 'antd/es/tooltip' },
  // ConfigProvider wraps its children in Tooltip's UniqueProvider only with `tooltip: { unique: true }`, which the app
  // never sets; the import alone brings @rc-component/trigger's popup, alignment and motion code (about 8 kB of gzip).
  {
    importer: /[\\/]antd[\\/]es[\\/]config-provider[\\/]index\.js$/,
    source: '../tooltip/UniqueProvider',
    module: 'antd/es/tooltip/UniqueProvider',
  },
];

const PREFIX = '\0abide:antd-lazy:';

/**
 * The antd components above, loaded when first rendered instead of with the module that imports them: the same
 * component, behind a Suspense that draws its children alone until the code is there (a small circle shows at once,
 * only its hover label waits). Popups the member opens still load antd's own code (Tooltip, Dropdown, Popover).
 */
export function antdLazyPopups(): Plugin {
  return {
    name: 'abide-antd-lazy-popups',
    enforce: 'pre',
    resolveId(source, importer) {
      if (!importer) return null;
      const index = lazyImports.findIndex((entry) => entry.source === source && entry.importer.test(importer));
      return index < 0 ? null : `${PREFIX}${index}`;
    },
    load(id) {
      if (!id.startsWith(PREFIX)) return null;
      const entry = lazyImports[Number(id.slice(PREFIX.length))];
      if (!entry) return null;
      return [
        "import { createElement, lazy, Suspense } from 'react';",
        `const Component = lazy(() => import(${JSON.stringify(entry.module)}));`,
        'export default function LazyAntd(props) {',
        '  return createElement(Suspense, { fallback: props.children }, createElement(Component, props));',
        '}',
      ].join('\n');
    },
  };
}
