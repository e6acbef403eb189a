import { spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';

/** `npm run cycles` (.dependency-cruiser.cjs), run on a folder of its own: it must fail on a cycle, also through types. */
describe('the import cycle check', () => {
  const repoRoot = path.resolve(__dirname, '../..');
  const dir = mkdtempSync(path.join(os.tmpdir(), 'abide-cycles-'));
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  const check = (files: Record<string, string>) => {
    for (const [name, text] of Object.entries(files)) writeFileSync(path.join(dir, name), text);
    const run = spawnSync(
      path.join(repoRoot, 'node_modules', '.bin', 'depcruise'),
      ['--config', path.join(repoRoot, '.dependency-cruiser.cjs'), '--no-cache', dir],
      { cwd: repoRoot, encoding: 'utf8' },
    );
    return { status: run.status, output: run.stdout + run.stderr };
  };

  it('passes a tree without cycles and fails on two files that import each other, naming both', () => {
    const clean = check({
      'a.ts': "import { b } from './b';\nexport const a = () => b();\n",
      'b.ts': 'export const b = () => 1;\n',
    });
    expect(clean.status).toBe(0);

    const cycle = check({
      'b.ts': "import type { Thing } from './c';\nexport const b = (t?: Thing) => t ?? 1;\n",
      'c.ts': "import { a } from './a';\nexport type Thing = ReturnType<typeof a>;\n",
    });
    expect(cycle.status).not.toBe(0);
    expect(cycle.output).toContain('no-import-cycle');
    expect(cycle.output).toMatch(/a\.ts[\s\S]*b\.ts[\s\S]*c\.ts/);
  });

  it("fails on an app's file that imports another app's file, and passes one that imports its own", () => {
    // The rule names paths as `apps/<app>/…` from where it runs: a folder of its own that looks like the repository.
    const repo = mkdtempSync(path.join(os.tmpdir(), 'abide-apps-'));
    try {
      const files: Record<string, string> = {
        'tsconfig.json': '{ "compilerOptions": { "module": "commonjs" } }\n',
        'apps/library/src/config.ts': 'export const bucket = () => "library";\n',
        'apps/identity/src/config.ts': 'export const issuer = () => "identity";\n',
        'apps/identity/test/own.e2e-spec.ts': "import { issuer } from '../src/config';\nexport const own = issuer;\n",
      };
      const write = (entries: Record<string, string>) => {
        for (const [name, text] of Object.entries(entries)) {
          mkdirSync(path.dirname(path.join(repo, name)), { recursive: true });
          writeFileSync(path.join(repo, name), text);
        }
      };
      const cruise = () =>
        spawnSync(
          path.join(repoRoot, 'node_modules', '.bin', 'depcruise'),
          ['--config', path.join(repoRoot, '.dependency-cruiser.cjs'), '--no-cache', 'apps'],
          {
            cwd: repo,
            encoding: 'utf8',
          },
        );
      write(files);
      expect(cruise().status).toBe(0);

      write({
        'apps/identity/test/borrowed.e2e-spec.ts': "import { bucket } from '../../library/src/config';\nexport const borrowed = bucket;\n",
      });
      const run = cruise();
      expect(run.status).not.toBe(0);
      expect(run.stdout + run.stderr).toContain(
        'no-import-into-another-app: apps/identity/test/borrowed.e2e-spec.ts → apps/library/src/config.ts',
      );
    } finally {
      rmSync(repo, { recursive: true, force: true });
    }
  });
});
