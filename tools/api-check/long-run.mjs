// `npm run api:check`: the long Schemathesis run against a fresh test stack, as a member and as an admin, with a
// random seed and many examples per operation. Reports go to reports/api-check/<time>/ (ignored by git).
import { spawnSync } from 'node:child_process';
import path from 'node:path';
import { repoRoot } from '../stack/services.mjs';

const examples = process.argv.find((a) => a.startsWith('--examples='))?.split('=')[1] ?? '40';
const stamp = new Date().toISOString().replace(/[:.]/g, '-').slice(0, 19);
const reportDir = path.join(repoRoot, 'reports', 'api-check', stamp);
process.stdout.write(`API check: ${examples} examples per operation and phase; reports in ${reportDir}\n`);
const jest = spawnSync(
  process.execPath,
  [
    path.join(repoRoot, 'node_modules', 'jest', 'bin', 'jest.js'),
    '--selectProjects',
    'e2e',
    '--runInBand',
    '--testPathPatterns',
    'api-check.e2e-spec',
  ],
  {
    cwd: repoRoot,
    stdio: 'inherit',
    env: { ...process.env, E2E_SKIP_WEB: '1', API_CHECK_EXAMPLES: examples, API_CHECK_REPORT_DIR: reportDir, API_CHECK_RANDOM_SEED: '1' },
  },
);
process.stdout.write(`\nReports: ${reportDir}\n`);
process.exit(jest.status ?? 1);
