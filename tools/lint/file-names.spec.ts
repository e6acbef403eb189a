import { readdirSync } from 'node:fs';
import { join, relative } from 'node:path';

const root = join(__dirname, '../..');
const services = ['gateway', 'identity', 'formation', 'library', 'community'];

/**
 * The services' one suffix vocabulary (docs/structure.md, "Names"): what a file is, after a dot. A file without a
 * suffix is a plain module (domain rules, helpers). Tests add `.spec`, `.integration-spec` or `.property.spec`.
 */
const suffixes = [
  'module',
  'port',
  'controller',
  'decider',
  'commands',
  'queries',
  'projection',
  'store',
  'consumer',
  'schema',
  'dto',
  'migration',
  'service',
  'processor',
  'cli',
] as const;

/** Old spellings of vocabulary words, each with the suffix that replaces it. */
const synonyms: Array<[RegExp, string]> = [
  [/-commands$|\.handler$|-handler$/, '.commands'],
  [/-queries$|\.query$|-query$/, '.queries'],
  [/\.repository$|-repository$/, '.store'],
];

const filesUnder = (dir: string): string[] =>
  readdirSync(dir, { withFileTypes: true }).flatMap((entry) =>
    entry.isDirectory() ? filesUnder(join(dir, entry.name)) : entry.name.endsWith('.ts') ? [join(dir, entry.name)] : [],
  );

/** What is wrong with a file's name, or null. */
const nameProblem = (fileName: string): string | null => {
  const stem = fileName.replace(/\.ts$/, '').replace(/\.(spec|integration-spec|property\.spec)$/, '');
  for (const [pattern, suffix] of synonyms) if (pattern.test(stem)) return `name it with "${suffix}" (${stem.replace(pattern, suffix)}.ts)`;
  const parts = stem.split('.');
  if (parts.length > 2) return 'one suffix at most';
  if (!/^[a-z0-9]+(-[a-z0-9]+)*$/.test(parts[0])) return 'kebab-case before the suffix';
  if (parts.length === 2 && !(suffixes as readonly string[]).includes(parts[1])) return `"${parts[1]}" is not a suffix of the vocabulary (${suffixes.join(', ')})`;
  return null;
};

describe('file names in the services', () => {
  it('use the one suffix vocabulary', () => {
    const problems = services
      .flatMap((service) => filesUnder(join(root, 'apps', service, 'src')))
      .map((file) => [relative(root, file), nameProblem(file.split('/').pop()!)] as const)
      .filter(([, problem]) => problem !== null)
      .map(([file, problem]) => `${file}: ${problem}`);
    expect(problems).toEqual([]);
  });

  it('refuses the old spellings and unknown suffixes, and accepts the vocabulary and its tests', () => {
    expect(nameProblem('habit-commands.ts')).toMatch(/habit\.commands\.ts/);
    expect(nameProblem('sign-in.handler.ts')).toMatch(/sign-in\.commands\.ts/);
    expect(nameProblem('plan-week.query.ts')).toMatch(/plan-week\.queries\.ts/);
    expect(nameProblem('credentials.repository.spec.ts')).toMatch(/credentials\.store\.ts/);
    expect(nameProblem('mailer.helper.ts')).toMatch(/not a suffix/);
    expect(nameProblem('HabitBoard.ts')).toMatch(/kebab-case/);
    for (const ok of ['habit.decider.ts', 'habit.decider.spec.ts', 'plan.commands.integration-spec.ts', 'habit-figures.property.spec.ts', 'streaks.ts']) {
      expect(nameProblem(ok)).toBeNull();
    }
  });
});
