// `npm run roles -- grant moderator someone@example.com`: runs identity's operator command against the dev stack.
import { spawnSync } from 'node:child_process';
import path from 'node:path';
import { engineEnv } from '../infra/engines.mjs';
import { repoRoot, serviceEnv } from '../stack/services.mjs';

const profile = process.env.ABIDE_PROFILE === 'test' ? 'test' : 'dev';
const result = spawnSync(process.execPath, ['-r', '@swc-node/register', 'apps/identity/src/roles/roles.cli.ts', ...process.argv.slice(2)], {
  cwd: repoRoot,
  stdio: 'inherit',
  env: { ...process.env, ...serviceEnv('identity', profile, engineEnv), SWC_NODE_PROJECT: path.join(repoRoot, 'tsconfig.json') },
});
process.exit(result.status ?? 1);
