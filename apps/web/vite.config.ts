import { fileURLToPath } from 'node:url';
import react from '@vitejs/plugin-react';
import { defineConfig, type ProxyOptions } from 'vite';
// The ports file directly: Node loads this config and cannot load the contracts package's TypeScript barrel.
import { devPorts } from '../../libs/contracts/src/ports';

const webRoot = fileURLToPath(new URL('.', import.meta.url));

// The browser only ever talks to its own origin; /api goes to the gateway unchanged (same-origin cookies, no CORS).
const gatewayUrl = process.env.GATEWAY_URL ?? `http://127.0.0.1:${devPorts.gateway}`;
const proxy: Record<string, ProxyOptions> = {
  '/api': { target: gatewayUrl, changeOrigin: true, xfwd: true },
};

export default defineConfig({
  root: webRoot,
  plugins: [react()],
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
      output: {
        // Icons and other small shared modules would each be a request of their own: fold them into larger chunks.
        experimentalMinChunkSize: 10_000,
        // The framework every page needs, apart from app code so deploys bust less cache. Everything else (antd, zod,
        // the contracts) is left to Rollup, which puts it with the pages that use it: the landing page loads none of it.
        manualChunks(id) {
          if (/[\\/]node_modules[\\/](react|react-dom|scheduler|react-router|react-router-dom)[\\/]/.test(id)) return 'react';
          if (/[\\/]node_modules[\\/](@reduxjs[\\/]toolkit|redux|react-redux|immer|reselect|redux-thunk|use-sync-external-store)[\\/]/.test(id))
            return 'redux';
          return undefined;
        },
      },
    },
  },
});
