import { callWithResultsFiles } from './results-files-call';

const failedTests = (results: object[], root: string): string[] => callWithResultsFiles('failed-tests.mjs', 'failedTests', results, root);

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
                {
                  fullName: 'bell shows once',
                  status: 'failed',
                  failureMessages: ['\u001b[31mTypeError: fetch failed\u001b[39m\n    at x (a.ts:1)'],
                },
                { fullName: 'bell stays quiet', status: 'passed', failureMessages: [] },
              ],
            },
            {
              name: '/repo/apps/b.e2e-spec.ts',
              status: 'failed',
              message: '\n  ● Test suite failed to run\n\n  Cannot find module',
              assertionResults: [],
            },
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
