import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';

// spec-timings.mjs is an ES module and Jest runs this file as CommonJS, so it is run in a child process.
const slowestSpecs = (results: object[], root: string, count: number): string[] => {
  const dir = mkdtempSync(path.join(tmpdir(), 'spec-timings-'));
  try {
    const files = results.map((result, i) => {
      const file = path.join(dir, `results-${i}.json`);
      writeFileSync(file, JSON.stringify(result));
      return file;
    });
    const module = pathToFileURL(path.resolve(__dirname, 'spec-timings.mjs')).href;
    const script = `import { slowestSpecs } from '${module}'; console.log(JSON.stringify(slowestSpecs(${JSON.stringify([...files, path.join(dir, 'missing.json')])}, ${JSON.stringify(root)}, ${count})));`;
    return JSON.parse(execFileSync(process.execPath, ['--input-type=module', '-e', script], { encoding: 'utf8' })) as string[];
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
};

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
