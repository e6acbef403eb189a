// Runs install-system-deps.sh (idempotent): the README's two commands must work on a fresh Debian machine.
import { spawnSync } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

export const ensureSystemDeps = () => {
  const script = path.join(path.dirname(fileURLToPath(import.meta.url)), 'install-system-deps.sh');
  const result = spawnSync('bash', [script], { stdio: 'inherit' });
  if (result.status !== 0) {
    process.stderr.write('Missing system packages (see the message above).\n');
    process.exit(result.status ?? 1);
  }
};
