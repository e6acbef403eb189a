import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import type { OneTimeMigration } from '@abide/platform';
import { CommunityMigrations } from '../../apps/community/src/community.migration';
import { FormationMigrations } from '../../apps/formation/src/formation.migration';
import { IdentityMigrations } from '../../apps/identity/src/identity.migration';
import { LibraryMigrations } from '../../apps/library/src/library.migration';

const root = join(__dirname, '../..');

/**
 * Every marker as the releases before wrote it, in the order the steps run: a database whose marker says a step ran
 * never runs it again, so renaming one (or its collection) runs a step twice on every existing database.
 */
const markers = {
  identity_migrations: ['sms-unproved-opt-ins-ended', 'share-progress-implicit-ended'],
  formation_migrations: ['member-contacts', 'journal-text-sealed', 'notification-inboxes-versioned', 'habit-days-in-state', 'habit-zones'],
  library_migrations: ['member-groups-versioned'],
  community_migrations: [
    'member-activity-documents',
    'member-people-documents',
    // Reads the people documents the step before fills.
    'share-progress-per-membership',
    'prayer-text-sealed',
    'church-logos-documents',
    // Rewrites every member's activity document by week (its facts apart, its past weeks closed).
    'member-activity-weeks',
  ],
};

/** A service's list as Nest would build it, without what its steps use (listing them calls none). */
const listed = (list: new (...deps: never[]) => OneTimeMigration) => {
  const migration = Reflect.construct(list, []) as unknown as { markers: string; steps(): Record<string, unknown> };
  return { [migration.markers]: Object.keys(migration.steps()) };
};

const filesUnder = (dir: string): string[] =>
  readdirSync(dir, { withFileTypes: true }).flatMap((entry) =>
    entry.isDirectory() ? filesUnder(join(dir, entry.name)) : entry.name.endsWith('.ts') ? [join(dir, entry.name)] : [],
  );

// One list of one-time data steps per service (docs/structure.md, "a one-time data change").
describe("the services' one-time steps", () => {
  it('keep every marker and its collection, in the order they run', () => {
    expect({
      ...listed(IdentityMigrations),
      ...listed(FormationMigrations),
      ...listed(LibraryMigrations),
      ...listed(CommunityMigrations),
    }).toEqual(markers);
  });

  it('are listed in one class per service, beside its app module', () => {
    const lists = ['identity', 'formation', 'library', 'community', 'gateway']
      .flatMap((service) => filesUnder(join(root, 'apps', service, 'src')))
      .filter((file) => /extends OneTimeMigration\b/.test(readFileSync(file, 'utf8')))
      .map((file) => relative(root, file));
    expect(lists.sort()).toEqual(['community', 'formation', 'identity', 'library'].map((s) => `apps/${s}/src/${s}.migration.ts`));
  });
});
