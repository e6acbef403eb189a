import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';

/**
 * Calls `exportName` of one of this folder's ES modules (Jest runs specs as CommonJS, so they cannot import it) in a
 * child process, as `npm test` does at its end: with Jest's results written to files, one per result, and a file that
 * does not exist last (a phase that wrote none), then `args`. Returns what the call returned (JSON).
 */
export const callWithResultsFiles = <T>(moduleFile: string, exportName: string, results: object[], ...args: unknown[]): T => {
  const dir = mkdtempSync(path.join(tmpdir(), 'results-files-'));
  try {
    const files = results.map((result, i) => {
      const file = path.join(dir, `results-${i}.json`);
      writeFileSync(file, JSON.stringify(result));
      return file;
    });
    const module = pathToFileURL(path.resolve(__dirname, moduleFile)).href;
    const callArgs = [[...files, path.join(dir, 'missing.json')], ...args].map((arg) => JSON.stringify(arg)).join(', ');
    const script = `import { ${exportName} } from '${module}'; console.log(JSON.stringify(${exportName}(${callArgs})));`;
    return JSON.parse(execFileSync(process.execPath, ['--input-type=module', '-e', script], { encoding: 'utf8' })) as T;
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
};
