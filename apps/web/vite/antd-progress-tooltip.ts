import type { Plugin } from 'vite';

const LAZY_TOOLTIP = '\0abide:antd-progress-tooltip';

/**
 * antd's Progress imports its Circle whatever its type, and Circle imports antd's Tooltip (antd/es/progress/Circle.js)
 * for a circle 20 px wide or less, which shows its label in a tooltip: Tooltip and its popup library, about 5.5 kB of
 * gzip on My Plan's first view, whose progress bar is a line. Circle gets antd's own Tooltip loaded when a small
 * circle first renders instead: the same component, behind a Suspense that draws the circle alone until it is there
 * (the circle shows at once, in its place; only its hover label waits for the code).
 */
export function antdProgressLazyTooltip(): Plugin {
  return {
    name: 'abide-antd-progress-lazy-tooltip',
    enforce: 'pre',
    resolveId(source, importer) {
      if (source !== '../tooltip' || !importer || !/[\\/]antd[\\/]es[\\/]progress[\\/]Circle\.js$/.test(importer)) return null;
      return LAZY_TOOLTIP;
    },
    load(id) {
      if (id !== LAZY_TOOLTIP) return null;
      return [
        "import { createElement, lazy, Suspense } from 'react';",
        "const Tooltip = lazy(() => import('antd/es/tooltip'));",
        'export default function CircleTooltip(props) {',
        '  return createElement(Suspense, { fallback: props.children }, createElement(Tooltip, props));',
        '}',
      ].join('\n');
    },
  };
}
