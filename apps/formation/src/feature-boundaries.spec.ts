import { execFileSync } from 'node:child_process';
import { join } from 'node:path';

const root = join(__dirname, '../../..');

/** Lints `source` as if it were the file at `path` (under apps/formation/src), with the repository's ESLint config. */
const lint = (path: string, source: string): Array<{ ruleId: string | null; message: string }> => {
  let output: string;
  try {
    output = execFileSync(
      process.execPath,
      [
        join(root, 'node_modules/eslint/bin/eslint.js'),
        // The probe file exists only on stdin, where TypeScript's project service cannot find it: its type-aware rules
        // (floating promises) are off here, the import rules need no types.
        ...['--parser-options', 'projectService:false'],
        ...['--rule', '@typescript-eslint/no-floating-promises: off', '--rule', '@typescript-eslint/no-misused-promises: off'],
        ...['--format', 'json', '--stdin', '--stdin-filename', path],
      ],
      {
        cwd: root,
        input: source,
        encoding: 'utf8',
      },
    );
  } catch (error) {
    // ESLint exits 1 when it reports errors; the report is still on stdout.
    output = (error as { stdout: string }).stdout;
  }
  return (JSON.parse(output) as Array<{ messages: Array<{ ruleId: string | null; message: string }> }>)[0].messages;
};

const boundaryErrors = (path: string, source: string) => lint(path, source).filter((m) => m.ruleId === 'boundaries/dependencies');

describe("formation's feature boundaries (lint)", () => {
  it("refuses an import of another feature's internals, however deep the importer is", () => {
    expect(
      boundaryErrors('apps/formation/src/stats/stats.service.ts', "export { HabitQueries } from '../habits/habit-queries';\n"),
    ).toHaveLength(1);
    expect(
      boundaryErrors('apps/formation/src/nudges/jobs/probe.ts', "export { MemberStream } from '../../members/commands/member-stream';\n")[0]
        ?.message,
    ).toContain('members/*.port');
  });

  it("allows another feature's ports and module, the shared folders, and a feature's own files", () => {
    const source = [
      "export { HabitWeekQuery } from '../habits/habits.port';",
      "export { HabitsModule } from '../habits/habits.module';",
      "export { hashString } from '../shared/seeded-random';",
      "export { FORMATION_CONFIG } from '../config/env.schema';",
      "export { ActivityCalendarProjection } from './projections/activity-calendar.projection';",
      '',
    ].join('\n');
    expect(boundaryErrors('apps/formation/src/stats/probe.ts', source)).toEqual([]);
  });
});
