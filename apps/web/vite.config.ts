import path from 'node:path';
import { fileURLToPath } from 'node:url';
import react from '@vitejs/plugin-react';
import { defineConfig, type Plugin, type ProxyOptions, type Rollup } from 'vite';
import { VitePWA } from 'vite-plugin-pwa';
// The ports file directly: Node loads this config and cannot load the contracts package's TypeScript barrel.
import { devPorts } from '../../libs/contracts/src/ports';
import { antdCardLazyTabs } from './vite/antd-card-tabs';
import { antdComponentCss } from './vite/antd-component-css';
import { antdLazyPopups } from './vite/antd-lazy-popups';
import { nativeTemporal } from './vite/native-temporal';
import { rcFormProviderOnly } from './vite/rc-form-provider';
import { reactRouterProduction } from './vite/react-router-production';

const webRoot = fileURLToPath(new URL('.', import.meta.url));

// The browser only ever talks to its own origin; /api goes to the gateway unchanged (same-origin cookies, no CORS).
const gatewayUrl = process.env.GATEWAY_URL ?? `http://127.0.0.1:${devPorts.gateway}`;
const proxy: Record<string, ProxyOptions> = {
  '/api': { target: gatewayUrl, changeOrigin: true, xfwd: true },
};

/**
 * A reload of a lazy page would find its code only once the entry has run and the router asks for it: one download
 * after another. For the pages listed here, index.html starts fetching their chunks (and CSS) beside the entry
 * (`modulepreload`) when the address is theirs, just after the first paint (the loading screen), so that they do not
 * hold it up. My Plan is where a member lands after signing in (issue #12).
 */
const routePreloads: Record<string, string[]> = {
  // The page, its frame, antd's theme with its static sheet (AntdShell), and the identity endpoints the session's
  // profile is read with.
  '/plan': [
    'src/features/plan/pages/MyPlanPage.tsx',
    'src/app/frame/SignedInFrame.tsx',
    'src/app/frame/AntdShell.tsx',
    'src/features/auth/authApi.ts',
  ],
};

function preloadRouteChunks(routes: Record<string, string[]>): Plugin {
  return {
    name: 'abide-route-preloads',
    apply: 'build',
    transformIndexHtml: {
      order: 'post',
      handler(html, ctx) {
        const bundle = ctx.bundle;
        if (!bundle || !ctx.chunk) return html;
        const chunks = Object.values(bundle).filter((item): item is Rollup.OutputChunk => item.type === 'chunk');
        const byFile = new Map(chunks.map((chunk) => [chunk.fileName, chunk]));
        // Every chunk a chunk needs before it runs (its static imports, transitively).
        const closure = (start: Rollup.OutputChunk, into = new Set<string>()) => {
          if (into.has(start.fileName)) return into;
          into.add(start.fileName);
          for (const file of start.imports) {
            const chunk = byFile.get(file);
            if (chunk) closure(chunk, into);
          }
          return into;
        };
        const inEntry = closure(ctx.chunk);
        const files: Record<string, string[]> = {};
        for (const [route, modules] of Object.entries(routes)) {
          const wanted = new Set<string>();
          for (const module of modules) {
            const id = path.resolve(webRoot, module);
            // Its own chunk, or the one Rollup merged it into (experimentalMinChunkSize).
            const chunk =
              chunks.find((candidate) => candidate.facadeModuleId === id) ?? chunks.find((candidate) => candidate.moduleIds.includes(id));
            if (!chunk) throw new Error(`route preloads: no chunk for ${module}`);
            for (const file of closure(chunk)) {
              if (inEntry.has(file)) continue;
              wanted.add(file);
              for (const css of byFile.get(file)?.viteMetadata?.importedCss ?? []) wanted.add(css);
            }
          }
          files[route] = [...wanted].map((file) => `/${file}`);
        }
        const script = `(function(){var files=${JSON.stringify(files)}[location.pathname];if(files)requestAnimationFrame(function(){setTimeout(function(){files.forEach(function(href){var link=document.createElement('link');if(/\\.css$/.test(href)){link.rel='preload';link.as='style';}else{link.rel='modulepreload';}link.crossOrigin='';link.href=href;document.head.appendChild(link);});});});})();`;
        // Before the stylesheet (a script after one waits for it), after the session check (which goes first).
        return { html: html.replace('</script>', `</script>\n    <script>${script}</script>`), tags: [] };
      },
    },
  };
}

/** The brand's colours (styles.css: --abide-teal, --abide-bg), for the installed app's title bar and splash screen. */
const THEME_COLOUR = '#0f766e';
const BACKGROUND_COLOUR = '#f6f7f4';

/**
 * Installable, and opens with no connection (issue #28): the web app manifest, and a Workbox service worker that
 * precaches the app shell (the build's scripts, styles, HTML, fonts and icons) and answers an app route's navigation
 * with index.html, never one under /api. API answers are not cached by the worker (by URL they would mix members'
 * data): the app keeps a member's reads itself, keyed by member (src/shared/offline). The app registers the worker
 * after its first paint (src/shared/offline/service-worker.ts); a new version waits until the member says reload.
 * The dev server runs without it unless VITE_PWA_DEV=1.
 */
const pwa = VitePWA({
  registerType: 'prompt',
  injectRegister: false,
  includeAssets: ['favicon.svg', 'apple-touch-icon.png'],
  manifest: {
    id: '/',
    name: 'Abide',
    short_name: 'Abide',
    description: 'Grow closer to Jesus — personally, daily and digitally.',
    lang: 'en',
    start_url: '/plan',
    scope: '/',
    display: 'standalone',
    theme_color: THEME_COLOUR,
    background_color: BACKGROUND_COLOUR,
    icons: [
      { src: '/icons/icon-192.png', sizes: '192x192', type: 'image/png', purpose: 'any' },
      { src: '/icons/icon-512.png', sizes: '512x512', type: 'image/png', purpose: 'any' },
      { src: '/icons/maskable-512.png', sizes: '512x512', type: 'image/png', purpose: 'maskable' },
    ],
  },
  workbox: {
    globPatterns: ['**/*.{js,css,html,woff,woff2,svg,png,ico,webmanifest}'],
    navigateFallback: '/index.html',
    navigateFallbackDenylist: [/^\/api(\/|$)/],
    cleanupOutdatedCaches: true,
    // The first install takes over the page that installed it: a member who goes offline right after the first load
    // still gets the pages they have not opened yet (their lazy chunks) from the precache. An update still waits for
    // "Reload to update" (no skipWaiting), so a page never runs code from two versions.
    clientsClaim: true,
    // The largest chunks (antd) are over Workbox's 2 MiB default; every page needs its code offline.
    maximumFileSizeToCacheInBytes: 5 * 1024 * 1024,
  },
  devOptions: { enabled: process.env.VITE_PWA_DEV === '1', type: 'module', navigateFallback: 'index.html' },
});

export default defineConfig({
  root: webRoot,
  plugins: [
    react(),
    reactRouterProduction(),
    antdCardLazyTabs(),
    antdLazyPopups(),
    nativeTemporal(),
    antdComponentCss(),
    rcFormProviderOnly(),
    preloadRouteChunks(routePreloads),
    pwa,
  ],
  server: { host: '127.0.0.1', port: devPorts.web, strictPort: true, proxy },
  preview: { host: '127.0.0.1', strictPort: true, proxy },
  build: {
    // A second test stack (ABIDE_TEST_SLOT) builds beside the first instead of over it.
    outDir: process.env.WEB_OUT_DIR ?? 'dist',
    emptyOutDir: true,
    sourcemap: true,
    // Every page but the landing page loads lazily (router.tsx); antd, zod and the contracts go where they are used.
    chunkSizeWarningLimit: 800,
    rollupOptions: {
      onwarn(warning, warn) {
        // zod ships comments Rollup cannot place; harmless noise, not ours to fix.
        if (warning.code === 'INVALID_ANNOTATION' && warning.id?.includes('node_modules')) return;
        warn(warning);
      },
      // antd's component libraries (@rc-component/*) and its style and icon packages declare no `sideEffects`, so
      // Rollup keeps every module they reach however little of it a page uses (a Card brought Form's validator).
      // Their modules only define things: a module nothing imports a name from can go.
      treeshake: {
        moduleSideEffects: (id) => !/[\\/]node_modules[\\/](@rc-component|@ant-design)[\\/]/.test(id),
      },
      output: {
        // Icons and other small shared modules would each be a request of their own: fold them into larger chunks.
        experimentalMinChunkSize: 10_000,
        // The framework every page needs, apart from app code so deploys bust less cache. Everything else (antd, zod,
        // the contracts) is left to Rollup, which puts it with the pages that use it: the landing page loads none of it.
        manualChunks(id) {
          if (/[\\/]node_modules[\\/](react|react-dom|scheduler|react-router|react-router-dom)[\\/]/.test(id)) return 'react';
          if (
            /[\\/]node_modules[\\/](@reduxjs[\\/]toolkit|redux|react-redux|immer|reselect|redux-thunk|use-sync-external-store)[\\/]/.test(
              id,
            )
          )
            return 'redux';
          // A church's colours in antd's theme (the signed-in frame's): a chunk of its own, which Rollup would otherwise
          // fold, being small and free of side effects, into one the landing page loads (issue #27).
          if (/([\\/]contracts[\\/]src[\\/]church[\\/]church-rules|[\\/]features[\\/]churches[\\/]church-theme)\.ts$/.test(id))
            return 'church-theme';
          return undefined;
        },
      },
    },
  },
});
