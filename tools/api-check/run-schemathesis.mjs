// Runs Schemathesis against the merged API document as one signed-in caller and keeps what it found.
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { ensureSchemathesis } from './schemathesis.mjs';

const HERE = path.dirname(fileURLToPath(import.meta.url));
/** Which checks run and what they accept (tools/api-check/README.md says why each setting is there). */
export const CONFIG_FILE = path.join(HERE, 'schemathesis.toml');

/**
 * @param {object} options
 * @param {string} options.apiUrl the gateway's origin, e.g. http://127.0.0.1:4000
 * @param {string} options.token the caller's access token
 * @param {string} options.label who is calling (member, admin): names the report files
 * @param {string} options.reportDir where the JUnit and NDJSON reports and the console output go
 * @param {number} options.maxExamples test cases per operation and phase
 * @param {string[]} [options.phases] default: every phase (examples, coverage, fuzzing, stateful)
 * @param {number} [options.seed] a fixed seed makes a run repeatable
 * @param {number} [options.maxTime] seconds for the whole run
 * @param {string} [options.pathRegex] only the operations whose path matches (default: every operation)
 * @param {string} [options.clientIp] sent as X-Forwarded-For (trusted from loopback), so the run's many auth calls
 *   count against a per-IP limit of their own and not the one every other loopback caller shares
 * @returns {Promise<{ status: number, output: string, summary: string }>}
 */
export async function runSchemathesis({ apiUrl, token, label, reportDir, maxExamples, phases, seed, maxTime, pathRegex, clientIp }) {
  const st = await ensureSchemathesis();
  fs.mkdirSync(reportDir, { recursive: true });
  const args = [
    '--config-file',
    CONFIG_FILE,
    'run',
    await documentWithoutIdempotencyKeys(apiUrl, path.join(reportDir, `${label}.openapi.json`)),
    '--url',
    apiUrl,
    '--header',
    `Authorization: Bearer ${token}`,
    ...(clientIp ? ['--header', `X-Forwarded-For: ${clientIp}`] : []),
    '--checks',
    'all',
    '--max-examples',
    String(maxExamples),
    // One worker: Hypothesis describes its filters by reading source code, which is not thread-safe (with two workers
    // a long run met 'AST constructor recursion depth mismatch' errors inside the tool, not in our API).
    '--workers',
    '1',
    '--request-timeout',
    '20',
    // No example database in the working folder: a seeded run repeats itself without one.
    '--generation-database',
    'none',
    '--no-color',
    '--output-truncate',
    'true',
    '--report',
    'junit,ndjson',
    '--report-dir',
    reportDir,
    '--report-junit-path',
    path.join(reportDir, `${label}.junit.xml`),
    '--report-ndjson-path',
    path.join(reportDir, `${label}.ndjson`),
    ...(phases ? ['--phases', phases.join(',')] : []),
    ...(seed === undefined ? [] : ['--seed', String(seed)]),
    ...(maxTime === undefined ? [] : ['--max-time', String(maxTime)]),
    ...(pathRegex === undefined ? [] : ['--include-path-regex', pathRegex]),
  ];
  const outputFile = path.join(reportDir, `${label}.txt`);
  const chunks = [];
  const status = await new Promise((resolve, reject) => {
    const child = spawn(st, args, { env: { ...process.env, PYTHONUNBUFFERED: '1' }, stdio: ['ignore', 'pipe', 'pipe'] });
    child.stdout.on('data', (c) => chunks.push(c));
    child.stderr.on('data', (c) => chunks.push(c));
    child.on('error', reject);
    child.on('exit', (code) => resolve(code ?? 1));
  });
  const output = Buffer.concat(chunks).toString('utf8').replaceAll(token, '<token>');
  fs.writeFileSync(outputFile, output);
  return { status, output, summary: summaryOf(output) };
}

/**
 * The served document, less the optional `Idempotency-Key` header of the write routes, in a file. Schemathesis would
 * send one generated key with different bodies (its coverage phase repeats the same values), which the API rightly
 * refuses with 422 as a reused key; keys have their own test (apps/formation/test/idempotency-keys.e2e-spec.ts).
 */
const documentWithoutIdempotencyKeys = async (apiUrl, file) => {
  const res = await fetch(`${apiUrl}/api/docs-json`);
  if (!res.ok) throw new Error(`the API document answered ${res.status}`);
  const document = await res.json();
  for (const item of Object.values(document.paths ?? {})) {
    for (const operation of Object.values(item)) {
      if (Array.isArray(operation?.parameters)) {
        operation.parameters = operation.parameters.filter((p) => !(p.in === 'header' && p.name === 'Idempotency-Key'));
      }
    }
  }
  fs.writeFileSync(file, JSON.stringify(document));
  return file;
};

/** The closing lines of Schemathesis' console output: the counts by check and the final tally. */
export const summaryOf = (output) => {
  const at = output.lastIndexOf('SUMMARY');
  return (at >= 0 ? output.slice(at) : output.slice(-4000)).trim();
};
