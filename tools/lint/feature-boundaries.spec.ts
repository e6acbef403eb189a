import { execFileSync } from 'node:child_process';
import { join } from 'node:path';

const root = join(__dirname, '../..');

interface Probe {
  /** Where the probe file would be (it exists only as text). */
  path: string;
  source: string;
}

/**
 * Lints every probe with the repository's ESLint config in one Node process (ESLint's flat config is an ES module, which
 * Jest's CommonJS runtime cannot load), and returns each probe's boundary errors. The probes exist only as text, where
 * TypeScript's project service cannot find them: its type-aware rules are off here, the import rules need no types.
 */
const boundaryErrorsOf = (probes: readonly Probe[]): Array<Array<{ message: string }>> => {
  const script = `
    import { readFileSync } from 'node:fs';
    import { ESLint } from 'eslint';
    const probes = JSON.parse(readFileSync(0, 'utf8'));
    const eslint = new ESLint({
      overrideConfig: {
        languageOptions: { parserOptions: { projectService: false } },
        rules: { '@typescript-eslint/no-floating-promises': 'off', '@typescript-eslint/no-misused-promises': 'off' },
      },
    });
    const results = [];
    for (const probe of probes) {
      const [result] = await eslint.lintText(probe.source, { filePath: probe.path });
      results.push(result.messages.filter((m) => m.ruleId === 'boundaries/dependencies'));
    }
    process.stdout.write(JSON.stringify(results));
  `;
  const output = execFileSync(process.execPath, ['--input-type=module', '-e', script], {
    cwd: root,
    input: JSON.stringify(probes),
    encoding: 'utf8',
  });
  return JSON.parse(output) as Array<Array<{ message: string }>>;
};

/**
 * For each service: a probe file inside one feature, an import of another feature's internals (refused), and imports
 * the rule allows (another feature's port and module, an open folder, the feature's own files). Each import names a
 * real file: one the resolver cannot find belongs to no feature, and would pass the rule unseen.
 */
const services = [
  {
    app: 'formation',
    probe: 'stats/probe.ts',
    internal: "export { HabitQueries } from '../habits/habit.queries';",
    deepProbe: 'nudges/jobs/probe.ts',
    deepInternal: "export { MemberStream } from '../../members/commands/member-stream.commands';",
    deepFeature: 'members',
    allowed: [
      "export { HabitWeekQuery } from '../habits/habits.port';",
      "export { HabitsModule } from '../habits/habits.module';",
      "export { hashString } from '../shared/seeded-random';",
      "export { FORMATION_CONFIG } from '../config/env.schema';",
      "export { ActivityCalendarProjection } from './projections/activity-calendar.projection';",
    ],
  },
  {
    app: 'identity',
    probe: 'two-factor/probe.ts',
    internal: "export { UserStream } from '../accounts/user-stream.commands';",
    deepProbe: 'member-imports/domain/probe.ts',
    deepInternal: "export { SessionsService } from '../../sessions/sessions.service';",
    deepFeature: 'sessions',
    allowed: [
      "export { UserCommands } from '../accounts/accounts.port';",
      "export { AccountsModule } from '../accounts/accounts.module';",
      "export { IDENTITY_CONFIG } from '../config/env.schema';",
      "export { newOpaqueToken } from '../shared/opaque-token';",
      "export { TwoFactorService } from './two-factor.service';",
    ],
  },
  {
    app: 'library',
    probe: 'logos/probe.ts',
    internal: "export { ObjectStore } from '../files/object-store';",
    deepProbe: 'resources/commands/probe.ts',
    deepInternal: "export { Directory } from '../../directory/directory';",
    deepFeature: 'directory',
    allowed: [
      "export { DirectoryQueries } from '../directory/directory.port';",
      "export { DirectoryModule } from '../directory/directory.module';",
      "export { LIBRARY_CONFIG } from '../config/env.schema';",
      "export { LogoService } from './logo-service';",
    ],
  },
  {
    app: 'gateway',
    probe: 'live/probe.ts',
    internal: "export { ServiceClient } from '../proxy/service-client';",
    deepProbe: 'docs/probe/probe.ts',
    deepInternal: "export { RateLimits } from '../../rate-limit/rate-limits';",
    deepFeature: 'rate-limit',
    allowed: [
      "export { ServiceClient } from '../proxy/proxy.port';",
      "export { ProxyModule } from '../proxy/proxy.module';",
      "export { clientAddress } from '../shared/client-address';",
      "export { LiveStreams } from './live-streams';",
    ],
  },
  {
    app: 'community',
    probe: 'prayers/probe.ts',
    internal: "export { GroupQueries } from '../groups/group.queries';",
    deepProbe: 'activity/projections/probe.ts',
    deepInternal: "export { GroupQueries } from '../../groups/group.queries';",
    deepFeature: 'groups',
    allowed: [
      "export { GroupLookup } from '../groups/groups.port';",
      "export { MembershipChanges } from '../memberships/memberships.port';",
      "export { denied } from '../shared/denied';",
    ],
  },
];

/**
 * The web app (apps/web/src): features reach each other through `features/<feature>/index.ts`; the app through an
 * entry or a page; shared/ reaches no feature and no part of the app; a feature no part of the app. Each refused probe
 * names what its error must say; the allowed ones must pass.
 */
const webProbes: Array<Probe & { case: string; refused?: string }> = [
  {
    case: "a feature importing another feature's internals",
    path: 'apps/web/src/features/journal/probe.ts',
    source: "export { authApi } from '../auth/authApi';\n",
    refused: 'import "features/auth"',
  },
  {
    case: "a feature's component, deep in its folder, importing another feature's internals",
    path: 'apps/web/src/features/plan/components/probe.tsx',
    source: "export { habitsApi } from '../../habits/habitsApi';\n",
    refused: 'import "features/habits"',
  },
  {
    case: 'a feature importing the app',
    path: 'apps/web/src/features/ops/probe.ts',
    source: "export { router } from '../../app/router';\n",
    refused: 'never imports the app',
  },
  {
    case: "shared/ importing a feature, even through its entry",
    path: 'apps/web/src/shared/api/probe.ts',
    source: "export { useAuth } from '../../features/auth';\n",
    refused: 'shared/ imports no feature',
  },
  {
    case: "the app importing a feature's internals",
    path: 'apps/web/src/app/frame/probe.ts',
    source: "export { authApi } from '../../features/auth/authApi';\n",
    refused: 'through its entry (features/auth)',
  },
  {
    case: "a feature importing another's entry, shared/ and its own files",
    path: 'apps/web/src/features/journal/probe.ts',
    source:
      "export { useAuth } from '../auth';\nexport { problemOf } from '../../shared/api/problem-details';\nexport { journalApi } from './journalApi';\n",
  },
  {
    case: "the app importing a feature's entry, a page and shared/",
    path: 'apps/web/src/app/probe.ts',
    source:
      "export { useAuth } from '../features/auth';\nexport { HomePage } from '../features/home/pages/HomePage';\nexport { toasts } from '../shared/toasts/toasts';\n",
  },
];

const at = (app: string, file: string) => `apps/${app}/src/${file}`;
const probes: Probe[] = [
  ...services.flatMap((s) => [
    { path: at(s.app, s.probe), source: `${s.internal}\n` },
    { path: at(s.app, s.deepProbe), source: `${s.deepInternal}\n` },
    { path: at(s.app, s.probe), source: `${s.allowed.join('\n')}\n` },
  ]),
  ...webProbes,
];
let errors: ReturnType<typeof boundaryErrorsOf>;
beforeAll(() => {
  errors = boundaryErrorsOf(probes);
}, 60_000);

/** The boundary errors of the service's probe: 0 its internal import, 1 the deep one, 2 the allowed ones. */
const errorsOf = (app: string, probe: 0 | 1 | 2) => errors[services.findIndex((s) => s.app === app) * 3 + probe];

describe.each(services)("$app's feature boundaries (lint)", (service) => {
  it("refuses an import of another feature's internals, however deep the importer is", () => {
    expect(errorsOf(service.app, 0)).toHaveLength(1);
    expect(errorsOf(service.app, 1)[0]?.message).toContain(`${service.deepFeature}/*.port`);
  });

  it("allows another feature's ports and module, the open folders, and a feature's own files", () => {
    expect(errorsOf(service.app, 2)).toEqual([]);
  });
});

describe("the web app's feature boundaries (lint)", () => {
  const webErrors = (index: number) => errors[services.length * 3 + index];
  const refused = webProbes.flatMap((probe, index) => (probe.refused ? [{ ...probe, refused: probe.refused, index }] : []));
  const allowed = webProbes.flatMap((probe, index) => (probe.refused ? [] : [{ ...probe, index }]));

  it.each(refused)('refuses $case', (probe) => {
    expect(webErrors(probe.index).map((error) => error.message)).toEqual([expect.stringContaining(probe.refused)]);
  });

  it.each(allowed)('allows $case', (probe) => {
    expect(webErrors(probe.index)).toEqual([]);
  });
});
