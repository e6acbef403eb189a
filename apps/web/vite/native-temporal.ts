import type { Plugin } from 'vite';

const NATIVE_FIRST = '\0abide:native-temporal';

/**
 * The calendar (libs/calendar) works in Temporal, which it takes from temporal-polyfill (about 20 kB of gzip, on My
 * Plan's first view). Browsers that have Temporal (Chromium since 144, Firefox since 139) use their own; the others
 * load the polyfill before the calendar runs (a top-level await in this module), as before. The API is the same
 * standard either way; the services (Node, no Temporal yet) keep importing the polyfill.
 */
export function nativeTemporal(): Plugin {
  return {
    name: 'abide-native-temporal',
    apply: 'build',
    enforce: 'pre',
    resolveId(source, importer) {
      if (source !== 'temporal-polyfill' || importer === NATIVE_FIRST) return null;
      return NATIVE_FIRST;
    },
    load(id) {
      if (id !== NATIVE_FIRST) return null;
      return [
        'const native = globalThis.Temporal;',
        "export const Temporal = native ?? (await import('temporal-polyfill')).Temporal;",
      ].join('\n');
    },
  };
}
