// One Schemathesis run as one caller; the API check spec starts it (tools/api-check/README.md).
// Env: API_URL, API_TOKEN, API_CHECK_LABEL, API_CHECK_REPORT_DIR, API_CHECK_EXAMPLES, API_CHECK_SEED and
// API_CHECK_PATHS (a path regex) and API_CHECK_CLIENT_IP (sent as X-Forwarded-For); all three optional.
import { runSchemathesis } from './run-schemathesis.mjs';

const env = (name) => {
  const value = process.env[name];
  if (!value) {
    process.stderr.write(`${name} is not set\n`);
    process.exit(2);
  }
  return value;
};

const result = await runSchemathesis({
  apiUrl: env('API_URL'),
  token: env('API_TOKEN'),
  label: env('API_CHECK_LABEL'),
  reportDir: env('API_CHECK_REPORT_DIR'),
  maxExamples: Number(env('API_CHECK_EXAMPLES')),
  seed: process.env.API_CHECK_SEED ? Number(process.env.API_CHECK_SEED) : undefined,
  pathRegex: process.env.API_CHECK_PATHS || undefined,
  clientIp: process.env.API_CHECK_CLIENT_IP || undefined,
});
process.stdout.write(`${result.summary}\n`);
process.exit(result.status);
