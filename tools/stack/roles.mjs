// Runs identity's operator command for roles (`grant|revoke <role> <email>`) against the dev or test stack.
import { spawnSync } from 'node:child_process';
import path from 'node:path';
import { engineEnv } from '../infra/engines.mjs';
import { repoRoot, serviceEnv } from './services.mjs';

/** @param {'dev'|'test'} profile @param {string[]} args @param {{ quiet?: boolean }} [options] */
export const runRolesCommand = (profile, args, { quiet = false } = {}) => {
  const result = spawnSync(process.execPath, ['-r', '@swc-node/register', 'apps/identity/src/roles/roles.cli.ts', ...args], {
    cwd: repoRoot,
    stdio: quiet ? ['ignore', 'ignore', 'inherit'] : 'inherit',
    env: { ...process.env, ...serviceEnv('identity', profile, engineEnv), SWC_NODE_PROJECT: path.join(repoRoot, 'tsconfig.json') },
  });
  return result.status ?? 1;
};
