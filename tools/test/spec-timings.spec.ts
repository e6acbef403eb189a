import { callWithResultsFiles } from './results-files-call';

const slowestSpecs = (results: object[], root: string, count: number): string[] =>
  callWithResultsFiles('spec-timings.mjs', 'slowestSpecs', results, root, count);

describe('the slowest spec files listed at the end of npm test', () => {
  it('lists the slowest files of every results file first, with their seconds, up to the count asked for', () => {
    const suite = (name: string, seconds: number) => ({ name: `/repo/${name}`, startTime: 1_000, endTime: 1_000 + seconds * 1000 });
    const lines = slowestSpecs(
      [
        { testResults: [suite('apps/a.spec.ts', 2), suite('apps/web-e2e/walk.e2e-spec.ts', 183.4)] },
        // A suite that could not run has no times: it is left out rather than listed as taking none.
        { testResults: [suite('apps/faults-e2e/kafka.faults-spec.ts', 93), { name: '/repo/apps/broken.e2e-spec.ts', status: 'failed' }] },
      ],
      '/repo',
      2,
    );
    expect(lines).toEqual(['  183 s  apps/web-e2e/walk.e2e-spec.ts', '   93 s  apps/faults-e2e/kafka.faults-spec.ts']);
  });
});
