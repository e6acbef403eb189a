import { createRequire } from 'node:module';
import path from 'node:path';
import type { Plugin } from 'vite';

/**
 * react-router 7's package exports name only its development build (remix-run/react-router#12532, #14102): a
 * production bundle gets the router with its development warnings on (`ENABLE_DEV_WARNINGS`). The package ships the
 * production build beside it, file for file; a build takes that one. The dev server keeps the development build.
 */
export function reactRouterProduction(): Plugin {
  const require = createRequire(import.meta.url);
  const development = path.dirname(require.resolve('react-router'));
  const production = path.join(path.dirname(development), 'production');
  const files: Record<string, string> = {
    'react-router': path.join(production, 'index.mjs'),
    'react-router/dom': path.join(production, 'dom-export.mjs'),
  };
  return {
    name: 'abide-react-router-production',
    apply: 'build',
    enforce: 'pre',
    resolveId(source) {
      return files[source] ?? null;
    },
  };
}
