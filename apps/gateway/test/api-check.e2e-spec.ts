import { apiUrl, exitedServices, randomClientIp, signUpWithRole, strayFailures, UserSession } from '@abide/testing';
import { spawn } from 'node:child_process';
import path from 'node:path';

/**
 * The API answers as its merged document says: Schemathesis generates requests for every operation (valid and
 * invalid data, chained calls) and checks every answer against the document — no 5xx, no undocumented status or
 * content type, no response outside its schema, invalid data refused, valid data accepted, undeclared methods 405.
 * `npm test` runs a short, seeded pass; `npm run api:check` runs the long one (tools/api-check/README.md).
 */
const repoRoot = path.resolve(__dirname, '../../..');
const examples = process.env.API_CHECK_EXAMPLES ?? '4';
const reportDir = process.env.API_CHECK_REPORT_DIR ?? path.join(repoRoot, 'tmp', 'api-check', process.env.E2E_NAMESPACE ?? 'abide_test');
const seed = process.env.API_CHECK_RANDOM_SEED === '1' ? undefined : '20261124';

/**
 * An admin (who may also moderate) is answered differently from a member only on the routes their role opens; the
 * short pass checks just those as an admin (the member's pass covers every operation), the long run everything as both.
 */
const rolePaths = { member: undefined, admin: Number(examples) > 10 ? undefined : '^/api/(moderation|ops)/' };

const probe = (label: keyof typeof rolePaths, session: UserSession): Promise<{ status: number; output: string }> =>
  new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [path.join(repoRoot, 'tools/api-check/probe.mjs')], {
      cwd: repoRoot,
      env: {
        ...process.env,
        API_URL: apiUrl(),
        API_TOKEN: session.token,
        API_CHECK_LABEL: label,
        API_CHECK_REPORT_DIR: reportDir,
        API_CHECK_EXAMPLES: examples,
        ...(seed ? { API_CHECK_SEED: seed } : {}),
        ...(rolePaths[label] ? { API_CHECK_PATHS: rolePaths[label] } : {}),
        // Its own client address: its bursts of auth calls must not use up the limit other loopback callers share.
        API_CHECK_CLIENT_IP: randomClientIp(),
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    const chunks: Buffer[] = [];
    child.stdout.on('data', (c: Buffer) => chunks.push(c));
    child.stderr.on('data', (c: Buffer) => chunks.push(c));
    child.on('error', reject);
    child.on('exit', (code) => resolve({ status: code ?? 1, output: Buffer.concat(chunks).toString('utf8') }));
  });

describe('the API answers as its document says (Schemathesis)', () => {
  jest.setTimeout(Number(examples) > 10 ? 3_600_000 : 900_000);

  it.each([
    ['a member', 'member' as const, () => UserSession.signUp({ name: 'Schema Checker' })],
    ['an admin', 'admin' as const, () => signUpWithRole('admin', 'Schema Admin')],
  ])('finds no failure as %s', async (_who, label, signIn) => {
    const session = await signIn();
    const result = await probe(label, session);
    if (result.status !== 0) throw new Error(`Schemathesis found failures (full output: ${reportDir}/${label}.txt)\n${result.output}`);
  });

  // The crash canary, after both passes: a request that stops a process is a failure even when every answer matched the
  // document (the gateway answers 503 for a service that is down, and 503 is documented). Test stacks never restart a
  // service, so the process the stack started must still be the one running; and no service's process guards may have
  // caught a stray failure (it kept serving, but a bug let the failure escape).
  it('leaves every service process running: none exited, none let a failure escape', () => {
    expect({ exited: exitedServices(), strayFailures: strayFailures() }).toEqual({ exited: [], strayFailures: [] });
  });
});
