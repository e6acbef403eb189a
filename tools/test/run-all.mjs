// `npm test`: every check and every test, against real engines. Prints a closing "N passed, N failed" line.
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, rmSync } from 'node:fs';
import path from 'node:path';
import { ensureSchemathesis } from '../api-check/schemathesis.mjs';
import { down, up } from '../infra/engines.mjs';
import { ensureSystemDeps } from '../setup/ensure-system-deps.mjs';
import { namespaceOf, repoRoot, serviceNames } from '../stack/services.mjs';
import { printFailedTests } from './failed-tests.mjs';
import { printLogDigest } from './log-digest.mjs';
import { printSlowestSpecs } from './spec-timings.mjs';

const started = Date.now();
const elapsed = () => `${Math.round((Date.now() - started) / 1000)}s`;
const step = (title) => process.stdout.write(`\n=== ${title} (${elapsed()}) ===\n`);
const bin = (name) => path.join(repoRoot, 'node_modules', '.bin', name);
const run = (cmd, args, env = {}) => spawnSync(cmd, args, { cwd: repoRoot, stdio: 'inherit', env: { ...process.env, ...env } }).status ?? 1;

const failures = [];

/** A command run beside others: its output (stdout and stderr) kept and handed back whole, with its status and time. */
const runQuietly = (name, cmd, args) =>
  new Promise((resolve) => {
    const began = Date.now();
    const child = spawn(cmd, args, { cwd: repoRoot, stdio: ['ignore', 'pipe', 'pipe'] });
    const chunks = [];
    child.stdout.on('data', (d) => chunks.push(d));
    child.stderr.on('data', (d) => chunks.push(d));
    const done = (status) => resolve({ name, status, output: Buffer.concat(chunks).toString(), seconds: Math.round((Date.now() - began) / 1000) });
    child.on('error', (error) => {
      chunks.push(Buffer.from(`${error.message}\n`));
      done(1);
    });
    child.on('close', (code) => done(code ?? 1));
  });

step('system packages');
ensureSystemDeps();

// The engines start meanwhile (on CI they are down at the start: a CI run stops them at its end): their start is
// mostly waiting for Kafka, the database and the rest to answer, which the checks' two lanes fill. A CI run owns the
// engines: one from an older build of FerretDB's patches is replaced. Its progress lines come as they happen.
const enginesUp = up({ quiet: false, replaceOtherBuilds: Boolean(process.env.CI) });
// Awaited after the checks; a failure before then must not be an unhandled rejection.
enginesUp.catch(() => undefined);

// Two lanes, one per core: the three type checks and the import cycles one after another beside the lint (each a single-threaded process;
// the lint alone takes about as long as the three checks), instead of all four in turn. Each one's output is printed
// whole when its lane ends.
step('type checks (services, libs, tools; web; web e2e) and import cycles beside the lint, while the engines start');
const lane = async (commands) => {
  const done = [];
  for (const [name, cmd, args] of commands) done.push(await runQuietly(name, cmd, args));
  return done;
};
const checks = (
  await Promise.all([
    lane([
      ['type check', bin('tsc'), ['-p', 'tsconfig.json', '--noEmit']],
      ['web type check', bin('tsc'), ['-p', 'apps/web/tsconfig.json', '--noEmit']],
      ['web e2e type check', bin('tsc'), ['-p', 'apps/web-e2e/tsconfig.json', '--noEmit']],
      ['import cycles', bin('depcruise'), ['--config', '.dependency-cruiser.cjs', 'apps', 'libs', 'tools']],
    ]),
    lane([['lint', bin('eslint'), ['--max-warnings=0', '.']]]),
  ])
).flat();
for (const { name, status, output, seconds } of checks) {
  process.stdout.write(`--- ${name}: ${status === 0 ? 'passed' : 'FAILED'} in ${seconds} s\n${output}`);
  if (status !== 0) failures.push(name);
}

step('engines (Kafka, FerretDB, MinIO, Redis, SMTP catcher, SMS provider fake, Prometheus) and Schemathesis');
await enginesUp;
// The API check's Schemathesis (PyPI) is installed here, with its progress, rather than silently inside a test.
await ensureSchemathesis();

mkdirSync(path.join(repoRoot, 'tmp'), { recursive: true });
const jestArgs = (args, resultsFile) => [path.join(repoRoot, 'node_modules', 'jest', 'bin', 'jest.js'), '--ci', '--json', `--outputFile=${resultsFile}`, ...args];
const resultFiles = [];
const resultsFileFor = (file) => {
  const resultsFile = path.join(repoRoot, 'tmp', file);
  rmSync(resultsFile, { force: true });
  resultFiles.push(resultsFile);
  return resultsFile;
};
const jest = (args, file) => {
  if (run(process.execPath, jestArgs(args, resultsFileFor(file))) !== 0 && !failures.includes('tests')) failures.push('tests');
};

if (process.argv.length > 2) {
  // With arguments (`npm test -- --selectProjects unit`) Jest runs exactly what was asked.
  step('tests (as selected)');
  jest(['--maxWorkers=2', ...process.argv.slice(2)], 'jest-results.json');
} else {
  step('tests: unit, integration against the engines, end-to-end through the gateway and Chromium');
  jest(['--maxWorkers=2', '--selectProjects', 'unit', 'integration', 'e2e'], 'jest-results.json');

  // Three lanes: the read-model checks (every read model against its rebuild, on a fresh 3-instance stack that nothing
  // else writes to), the load suite's smoke (the whole bench path, k6, seeding through the services, every scenario,
  // writes counted back, on its own stack and namespace) and the fault tests (which stop, kill and restart engines and
  // services: private engines, ports and namespaces of their own, one file at a time). None judges speed: the smoke
  // fails on a 5xx or a lost write, the checks on a divergence, a fault test on what a member would lose or see. Run one
  // after the other, the two phases left about a quarter of the cores idle (the fault tests wait out outages and
  // restarts by design); side by side the three took 441 s where they had taken 514 (one machine, minutes apart).
  step('read-model checks on a fresh 3-instance stack, beside the load suite smoke (npm run bench -- --smoke) and the fault tests');
  const lanes = await Promise.all([
    runQuietly('read-model checks', process.execPath, jestArgs(['--runInBand', '--selectProjects', 'quiet'], resultsFileFor('jest-quiet-results.json'))),
    runQuietly('load suite smoke', process.execPath, [path.join(repoRoot, 'tools', 'bench', 'bench.mjs'), '--smoke']),
    runQuietly('fault tests', process.execPath, jestArgs(['--runInBand', '--selectProjects', 'faults'], resultsFileFor('jest-faults-results.json'))),
  ]);
  for (const { name, status, output, seconds } of lanes) {
    process.stdout.write(`--- ${name}: ${status === 0 ? 'passed' : 'FAILED'} in ${seconds} s\n${output}`);
  }
  const [quiet, smoke, faults] = lanes;
  if ((quiet.status !== 0 || faults.status !== 0) && !failures.includes('tests')) failures.push('tests');
  if (smoke.status !== 0) failures.push('load suite smoke');
}

if (process.env.CI) {
  step('stopping engines (CI)');
  await down();
}

let passed = 0;
let failed = 0;
let skipped = 0;
for (const resultsFile of resultFiles) {
  if (!existsSync(resultsFile)) continue;
  const results = JSON.parse(readFileSync(resultsFile, 'utf8'));
  passed += results.numPassedTests;
  failed += results.numFailedTests + results.numRuntimeErrorTestSuites;
  skipped += results.numPendingTests + results.numTodoTests;
}
failed += failures.filter((f) => f !== 'tests').length;
// On a failure, what the test stack's services logged about it (slow requests, errors): a clean CI machine keeps no logs.
if (failures.includes('tests')) {
  printLogDigest({ logDir: path.join(repoRoot, 'tmp', 'logs', namespaceOf('test')), services: serviceNames, sinceMs: started });
}
printSlowestSpecs(resultFiles, repoRoot);
printFailedTests(resultFiles, repoRoot);
process.stdout.write(`\n${failures.length ? `Failed: ${failures.join(', ')}. ` : ''}Took ${elapsed()}.\n`);
process.stdout.write(`${passed} passed, ${failed} failed${skipped ? `, ${skipped} skipped` : ''}\n`);
process.exit(failures.length ? 1 : 0);
