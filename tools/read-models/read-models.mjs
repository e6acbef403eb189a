// `npm run read-models -- <verify|rebuild> [identity|formation|library|community ...]`: whether every read model of
// the event-sourced services equals a rebuild from their events (tools/read-models/README.md). On the dev stack, or a
// test stack with ABIDE_PROFILE=test (and ABIDE_TEST_SLOT). Exit code 1 when a read model differs, 2 when it could not
// be checked.
import { spawnSync } from 'node:child_process';
import path from 'node:path';
import { engineEnv } from '../infra/engines.mjs';
import { repoRoot, serviceEnv } from '../stack/services.mjs';

const services = ['identity', 'formation', 'library', 'community'];
const commands = ['verify', 'rebuild'];
const profile = process.env.ABIDE_PROFILE === 'test' ? 'test' : 'dev';
const [command, ...named] = process.argv.slice(2);
const unknown = named.filter((name) => !services.includes(name));
if (!commands.includes(command) || unknown.length) {
  process.stderr.write(`usage: npm run read-models -- <${commands.join('|')}> [${services.join('|')} ...]\n`);
  process.exit(2);
}

let status = 0;
// One service at a time, each in its own process: its own module graph, environment and scratch databases.
for (const service of named.length ? named : services) {
  const result = spawnSync(process.execPath, ['-r', '@swc-node/register', 'tools/read-models/read-models.cli.ts', command, service], {
    cwd: repoRoot,
    stdio: 'inherit',
    env: {
      ...process.env,
      ...serviceEnv(service, profile, engineEnv),
      // Deleted accounts are in identity's log; every service forgets them (read-models.cli.ts, erasedMembers).
      READ_MODELS_IDENTITY_DB: serviceEnv('identity', profile, engineEnv).MONGO_DB,
      SWC_NODE_PROJECT: path.join(repoRoot, 'tsconfig.json'),
    },
  });
  status = Math.max(status, result.status ?? 2);
}
process.exit(status);
