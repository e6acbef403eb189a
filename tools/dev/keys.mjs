// `npm run keys -- <status|rotate|rewrap|retire <version>> [formation|community]`: the master keys of private text at
// rest (docs/architecture.md "Private text at rest"), for both sealing services unless one is named, on the dev stack
// (ABIDE_PROFILE=test for the test stack).
import { spawnSync } from 'node:child_process';
import path from 'node:path';
import { engineEnv } from '../infra/engines.mjs';
import { repoRoot, serviceEnv } from '../stack/services.mjs';

const sealing = ['formation', 'community'];
const profile = process.env.ABIDE_PROFILE === 'test' ? 'test' : 'dev';
const args = process.argv.slice(2);
const named = sealing.filter((name) => args.includes(name));
const commandArgs = args.filter((arg) => !sealing.includes(arg));

let status = 0;
for (const service of named.length ? named : sealing) {
  process.stdout.write(`${service}: `);
  const result = spawnSync(
    process.execPath,
    ['-r', '@swc-node/register', 'libs/platform/src/private-text/master-keys.cli.ts', ...commandArgs],
    {
      cwd: repoRoot,
      stdio: 'inherit',
      env: { ...process.env, ...serviceEnv(service, profile, engineEnv), SWC_NODE_PROJECT: path.join(repoRoot, 'tsconfig.json') },
    },
  );
  status ||= result.status ?? 1;
}
process.exit(status);
