import type { Plugin } from 'vite';

const LAZY_TABS = '\0abide:antd-card-tabs';

/**
 * antd's Card imports antd's Tabs for its `tabList` (antd/es/card/Card.js), and Tabs brings its overflow Dropdown, Menu
 * and their popup library: about 28 kB of gzip on every page with a card, My Plan's first view included, where no
 * card has tabs (none in the app has). Card gets antd's own Tabs loaded when a card first renders tabs instead: the
 * same component, behind a Suspense with no fallback (the tab bar appears once its code is there).
 */
export function antdCardLazyTabs(): Plugin {
  return {
    name: 'abide-antd-card-lazy-tabs',
    enforce: 'pre',
    resolveId(source, importer) {
      if (source !== '../tabs' || !importer || !/[\\/]antd[\\/]es[\\/]card[\\/]Card\.js$/.test(importer)) return null;
      return LAZY_TABS;
    },
    load(id) {
      if (id !== LAZY_TABS) return null;
      return [
        "import { createElement, lazy, Suspense } from 'react';",
        "const Tabs = lazy(() => import('antd/es/tabs'));",
        'export default function CardTabs(props) {',
        '  return createElement(Suspense, { fallback: null }, createElement(Tabs, props));',
        '}',
      ].join('\n');
    },
  };
}
