import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';

const root = join(__dirname, '../..');

/** Deciders proved by other deciders' specs, each with the reason (keep this list short). */
const coveredElsewhere: Record<string, string> = {
  'apps/community/src/memberships/domain/membership.decider.ts':
    'its decisions run inside the group and church deciders, whose specs take every membership command for both kinds',
};

/** Every `*.decider.ts` below `dir`, as a path from the repository's root. */
const decidersUnder = (dir: string): string[] =>
  readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return entry.name === 'node_modules' ? [] : decidersUnder(path);
    return entry.name.endsWith('.decider.ts') ? [relative(root, path)] : [];
  });

// Every rule of what may happen is proved given/when/then (docs/structure.md): a decider without its spec fails here.
describe('decider specs', () => {
  const deciders = ['apps', 'libs'].flatMap((dir) => decidersUnder(join(root, dir)));

  it('finds the deciders of every service', () => {
    for (const service of ['identity', 'formation', 'library', 'community'])
      expect(deciders.filter((path) => path.startsWith(`apps/${service}/`)).length).toBeGreaterThan(0);
  });

  it('has a given/when/then spec (deciderSpec) beside each decider', () => {
    const missing = deciders.filter((path) => {
      if (coveredElsewhere[path]) return false;
      const spec = join(root, path.replace(/\.ts$/, '.spec.ts'));
      return !existsSync(spec) || !readFileSync(spec, 'utf8').includes('deciderSpec(');
    });
    expect(missing).toEqual([]);
  });

  it('lists as covered elsewhere only deciders that exist', () => {
    expect(Object.keys(coveredElsewhere).filter((path) => !deciders.includes(path))).toEqual([]);
  });
});
