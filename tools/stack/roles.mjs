// Runs identity's operator commands against the dev or test stack: roles (`grant|revoke <role> <email>`) and two-factor
// (`reset <email>`).
import { spawnSync } from 'node:child_process';
import path from 'node:path';
import { engineEnv } from '../infra/engines.mjs';
import { repoRoot, serviceEnv } from './services.mjs';

const commands = { roles: 'apps/identity/src/roles/roles.cli.ts', 'two-factor': 'apps/identity/src/two-factor/two-factor.cli.ts' };

/** @param {'roles'|'two-factor'} command @param {'dev'|'test'} profile @param {string[]} args @param {{ quiet?: boolean }} [options] */
export const runIdentityCommand = (command, profile, args, { quiet = false } = {}) => {
  const result = spawnSync(process.execPath, ['-r', '@swc-node/register', commands[command], ...args], {
    cwd: repoRoot,
    stdio: quiet ? ['ignore', 'ignore', 'inherit'] : 'inherit',
    env: { ...process.env, ...serviceEnv('identity', profile, engineEnv), SWC_NODE_PROJECT: path.join(repoRoot, 'tsconfig.json') },
  });
  return result.status ?? 1;
};

/** @param {'dev'|'test'} profile @param {string[]} args @param {{ quiet?: boolean }} [options] */
export const runRolesCommand = (profile, args, options) => runIdentityCommand('roles', profile, args, options);
