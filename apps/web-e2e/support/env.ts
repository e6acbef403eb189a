import { testPorts } from '@abide/contracts';

/** Written by the e2e global setup (libs/testing) once the stack and `vite preview` are up. */
export const e2eEnv = {
  baseUrl: process.env.E2E_BASE_URL ?? `http://127.0.0.1:${testPorts.web}`,
  apiUrl: process.env.E2E_API_URL ?? `http://127.0.0.1:${testPorts.gateway}`,
  chromiumPath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
} as const;
