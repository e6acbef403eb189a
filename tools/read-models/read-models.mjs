// `npm run read-models -- <verify|rebuild> [identity|formation|library|community ...]`: whether every read model of
// the event-sourced services equals a rebuild from their events (tools/read-models/README.md). On the dev stack, or a
// test stack with ABIDE_PROFILE=test (and ABIDE_TEST_SLOT), or the load suite's (ABIDE_PROFILE=bench or bench-smoke).
// Exit code 1 when a read model differs, 2 when it could not be checked.
import { spawn } from 'node:child_process';
import path from 'node:path';
import { engineEnv } from '../infra/engines.mjs';
import { ports, repoRoot, serviceEnv } from '../stack/services.mjs';

const services = ['identity', 'formation', 'library', 'community'];
const commands = ['verify', 'rebuild'];
// ABIDE_PROFILE: a stack profile of tools/stack/services.mjs (test, bench, bench-smoke, …); the dev stack by default.
const profile = process.env.ABIDE_PROFILE && process.env.ABIDE_PROFILE in ports ? process.env.ABIDE_PROFILE : 'dev';
const [command, ...named] = process.argv.slice(2);
const unknown = named.filter((name) => !services.includes(name));
if (!commands.includes(command) || unknown.length) {
  process.stderr.write(`usage: npm run read-models -- <${commands.join('|')}> [${services.join('|')} ...]\n`);
  process.exit(2);
}

/** One service's run in its own process (its own module graph, environment and scratch databases); output kept whole. */
const runFor = (service) =>
  new Promise((resolve) => {
    const child = spawn(process.execPath, ['-r', '@swc-node/register', 'tools/read-models/read-models.cli.ts', command, service], {
      cwd: repoRoot,
      stdio: ['ignore', 'pipe', 'pipe'],
      env: {
        ...process.env,
        ...serviceEnv(service, profile, engineEnv),
        // Deleted accounts are in identity's log; every service forgets them (read-models.cli.ts, erasedMembers).
        READ_MODELS_IDENTITY_DB: serviceEnv('identity', profile, engineEnv).MONGO_DB,
        SWC_NODE_PROJECT: path.join(repoRoot, 'tsconfig.json'),
      },
    });
    const output = [];
    child.stdout.on('data', (chunk) => output.push(chunk));
    child.stderr.on('data', (chunk) => output.push(chunk));
    child.on('close', (code) => resolve({ code: code ?? 2, output: Buffer.concat(output).toString() }));
  });

// The services at once (most of each run is booting its module), each one's lines printed together as it ends.
const results = await Promise.all(
  (named.length ? named : services).map((service) =>
    runFor(service).then((result) => {
      process.stdout.write(result.output);
      return result.code;
    }),
  ),
);
process.exit(Math.max(0, ...results));
