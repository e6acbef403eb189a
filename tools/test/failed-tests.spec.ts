import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';

// failed-tests.mjs is an ES module and Jest runs this file as CommonJS, so it is run in a child process.
const failedTests = (results: object[], root: string): string[] => {
  const dir = mkdtempSync(path.join(tmpdir(), 'failed-tests-'));
  try {
    const files = results.map((result, i) => {
      const file = path.join(dir, `results-${i}.json`);
      writeFileSync(file, JSON.stringify(result));
      return file;
    });
    const module = pathToFileURL(path.resolve(__dirname, 'failed-tests.mjs')).href;
    const script = `import { failedTests } from '${module}'; console.log(JSON.stringify(failedTests(${JSON.stringify([...files, path.join(dir, 'missing.json')])}, ${JSON.stringify(root)})));`;
    return JSON.parse(execFileSync(process.execPath, ['--input-type=module', '-e', script], { encoding: 'utf8' })) as string[];
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
};

describe('the failed tests listed at the end of npm test', () => {
  it('names each failed test with its file and the first line of its failure, and each suite that could not run', () => {
    const root = '/repo';
    const lines = failedTests(
      [
        {
          testResults: [
            {
              name: '/repo/apps/a.integration-spec.ts',
              status: 'failed',
              assertionResults: [
                { fullName: 'bell shows once', status: 'failed', failureMessages: ['\u001b[31mTypeError: fetch failed\u001b[39m\n    at x (a.ts:1)'] },
                { fullName: 'bell stays quiet', status: 'passed', failureMessages: [] },
              ],
            },
            { name: '/repo/apps/b.e2e-spec.ts', status: 'failed', message: '\n  ● Test suite failed to run\n\n  Cannot find module', assertionResults: [] },
            { name: '/repo/apps/c.spec.ts', status: 'passed', assertionResults: [{ fullName: 'fine', status: 'passed' }] },
          ],
        },
      ],
      root,
    );
    expect(lines).toEqual([
      'apps/a.integration-spec.ts › bell shows once: TypeError: fetch failed',
      'apps/b.e2e-spec.ts: ● Test suite failed to run',
    ]);
  });
});
