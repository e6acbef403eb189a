import { existsSync } from 'node:fs';
import { testPorts } from '@abide/contracts';

/**
 * Chromium's headless shell when Debian's package is there (tools/setup/install-system-deps.sh installs it): the
 * same engine as Chromium without its UI layers, for about a quarter less CPU per spec. Chromium itself otherwise.
 */
const HEADLESS_SHELL = '/usr/bin/chromium-headless-shell';
const defaultChromium = (): string => (existsSync(HEADLESS_SHELL) ? HEADLESS_SHELL : '/usr/bin/chromium');

/** Written by the e2e global setup (libs/testing) once the stack and `vite preview` are up. */
export const e2eEnv = {
  baseUrl: process.env.E2E_BASE_URL ?? `http://127.0.0.1:${testPorts.web}`,
  apiUrl: process.env.E2E_API_URL ?? `http://127.0.0.1:${testPorts.gateway}`,
  chromiumPath: process.env.CHROMIUM_PATH ?? defaultChromium(),
} as const;
