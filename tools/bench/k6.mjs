// k6, the load generator of the bench: built once with Go from the module proxy and cached beside the engines
// (`<cache>/engines/k6/<version>/k6`), like FerretDB and MinIO. Later runs find it there.
import { spawn } from 'node:child_process';
import fsp from 'node:fs/promises';
import path from 'node:path';
import { cacheDir } from '../infra/engines.mjs';
import { cleanEnv, commandOutput, exists, makeLogger, run, withProgress } from '../infra/lib/util.mjs';

export const K6_VERSION = 'v1.8.1';
const K6_MODULE = 'go.k6.io/k6';

export const k6Path = () => path.join(cacheDir(), 'engines', 'k6', K6_VERSION, 'k6');

/** The k6 binary, built with `go install go.k6.io/k6@<version>` the first time (a few minutes), with progress shown. */
export const ensureK6 = async ({ quiet = false } = {}) => {
  const bin = k6Path();
  if (await exists(bin)) return bin;
  const log = makeLogger(quiet);
  if (commandOutput('go', ['version']) == null) throw new Error('go not found: install Go 1.24+ to build k6 (https://go.dev/dl/)');
  const dir = path.dirname(bin);
  const gobin = `${dir}.tmp-${process.pid}`;
  const logFile = path.join(path.dirname(dir), 'provision.log');
  await fsp.mkdir(gobin, { recursive: true });
  try {
    await withProgress(log, `k6: building ${K6_MODULE}@${K6_VERSION} from the Go module proxy (first time only, a few minutes)`, () =>
      run('go', ['install', '-trimpath', `${K6_MODULE}@${K6_VERSION}`], {
        cwd: gobin,
        env: cleanEnv({ CGO_ENABLED: '0', GOBIN: gobin, GOWORK: 'off', GOFLAGS: `${process.env.GOFLAGS ?? ''} -p=2`.trim() }),
        logFile,
        engine: 'k6',
      }),
    );
    await fsp.mkdir(dir, { recursive: true });
    await fsp.rename(path.join(gobin, 'k6'), bin);
  } catch (error) {
    throw new Error(`${error.message}\n(see ${logFile})`);
  } finally {
    await fsp.rm(gobin, { recursive: true, force: true });
  }
  return bin;
};

const script = path.join(path.dirname(new URL(import.meta.url).pathname), 'k6', 'scenario.js');

/**
 * Runs tools/bench/k6/scenario.js once: `env` goes to the script (SCENARIO, BASE_URL, EXECUTOR…); `html` (optional)
 * is where k6's web dashboard writes its report. Resolves the end-of-test summary k6 wrote (JSON), reduced to
 * { requests, rps, p50, p95, p99, max, errorRate, status5xx, writesOk, writesFailed, exhausted, seconds }.
 */
export const runK6 = ({ bin, env, html, summaryFile, logFile }) =>
  new Promise((resolve, reject) => {
    const dashboard = html
      ? { K6_WEB_DASHBOARD: 'true', K6_WEB_DASHBOARD_HOST: '127.0.0.1', K6_WEB_DASHBOARD_PORT: '-1', K6_WEB_DASHBOARD_EXPORT: html }
      : { K6_WEB_DASHBOARD: 'false' };
    const child = spawn(bin, ['run', '--quiet', '--no-usage-report', '--no-color', script], {
      env: { ...cleanEnv(), ...dashboard, ...env, SUMMARY_FILE: summaryFile, K6_NO_USAGE_REPORT: 'true' },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let out = '';
    const take = (d) => {
      out = `${out}${d}`.slice(-20_000);
    };
    child.stdout.on('data', take);
    child.stderr.on('data', take);
    child.once('error', reject);
    child.once('exit', async (code) => {
      if (logFile)
        await fsp.appendFile(logFile, `\n=== k6 ${env.SCENARIO} ${env.BASE_URL} (${env.EXECUTOR})\n${out}`).catch(() => undefined);
      // 99: a threshold failed (none are set); anything else without a summary is a broken run.
      let data;
      try {
        data = JSON.parse(await fsp.readFile(summaryFile, 'utf8'));
      } catch {
        return reject(new Error(`k6 (${env.SCENARIO}) exited ${code} without a summary:\n${out.slice(-3000)}`));
      }
      resolve(reduceSummary(data));
    });
  });

const reduceSummary = (data) => {
  const m = data.metrics ?? {};
  const v = (name) => m[name]?.values ?? {};
  const d = v('http_req_duration');
  const round = (x) => (typeof x === 'number' ? Number(x.toFixed(2)) : null);
  const seconds = (data.state?.testRunDurationMs ?? 0) / 1000;
  return {
    requests: v('http_reqs').count ?? 0,
    rps: round(v('http_reqs').rate ?? 0),
    p50: round(d.med),
    p90: round(d['p(90)']),
    p95: round(d['p(95)']),
    p99: round(d['p(99)']),
    max: round(d.max),
    avg: round(d.avg),
    errorRate: round((v('http_req_failed').rate ?? 0) * 100),
    status5xx: v('status_5xx').count ?? 0,
    writesOk: v('writes_ok').count ?? 0,
    writesFailed: v('writes_failed').count ?? 0,
    exhausted: v('requests_exhausted').count ?? 0,
    seconds: round(seconds),
  };
};
