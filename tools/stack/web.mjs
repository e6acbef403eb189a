// Runs the web app: the Vite dev server for `npm start`, a production build + `vite preview` for tests.
import { spawn, spawnSync } from 'node:child_process';
import { createWriteStream, mkdirSync } from 'node:fs';
import path from 'node:path';
import { repoRoot, waitForHttp } from './services.mjs';

const viteBin = path.join(repoRoot, 'node_modules', 'vite', 'bin', 'vite.js');
const viteConfig = path.join(repoRoot, 'apps', 'web', 'vite.config.ts');

/** Where the production build goes: one folder per test slot, so parallel test stacks never share one. */
const outDirEnv = () => (process.env.ABIDE_TEST_SLOT ? { WEB_OUT_DIR: `dist-slot${process.env.ABIDE_TEST_SLOT}` } : {});

/** The folder buildWeb writes to in this environment (what `vite preview` serves, and the landing budget measures). */
export const webDistDir = () => path.join(repoRoot, 'apps', 'web', outDirEnv().WEB_OUT_DIR ?? 'dist');

const buildArgs = [viteBin, 'build', '--config', viteConfig, '--logLevel', 'warn'];
// Jest sets NODE_ENV=test; the build under test must be the production build people get.
const buildOptions = () => ({ cwd: repoRoot, stdio: 'inherit', env: { ...process.env, NODE_ENV: 'production', ...outDirEnv() } });

export const buildWeb = () => {
  const result = spawnSync(process.execPath, buildArgs, buildOptions());
  if (result.status !== 0) throw new Error('vite build failed (see the output above)');
};

/** buildWeb, while the caller does something else (the test stack starts its services meanwhile). */
export const buildWebInBackground = () =>
  new Promise((resolve, reject) => {
    const child = spawn(process.execPath, buildArgs, buildOptions());
    child.on('error', reject);
    child.on('close', (code) => (code === 0 ? resolve() : reject(new Error('vite build failed (see the output above)'))));
  });

/** @param {{ mode: 'dev'|'preview', port: number, gatewayUrl: string, logDir: string }} options */
export const startWeb = async ({ mode, port, gatewayUrl, logDir }) => {
  mkdirSync(logDir, { recursive: true });
  const args = mode === 'dev' ? ['--config', viteConfig] : ['preview', '--config', viteConfig];
  const child = spawn(process.execPath, [viteBin, ...args, '--host', '127.0.0.1', '--port', String(port), '--strictPort'], {
    cwd: repoRoot,
    env: { ...process.env, GATEWAY_URL: gatewayUrl, ...outDirEnv() },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const out = createWriteStream(path.join(logDir, 'web.log'), { flags: 'a' });
  child.stdout.pipe(out);
  child.stderr.pipe(out);
  const url = `http://127.0.0.1:${port}`;
  await waitForHttp(url, { label: 'web', child, timeoutMs: 60_000 });
  const stop = () =>
    new Promise((resolve) => {
      if (child.exitCode !== null) return resolve();
      child.once('exit', resolve);
      child.kill('SIGTERM');
    });
  return { url, stop };
};
