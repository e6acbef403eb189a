// Fault tests stop, kill and reset engines, so they get a private set of engines (ports shifted, run folders in a
// temporary place) that nothing else uses; the provisioned binaries are the shared cached ones.
import { rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { engineInstance } from '../../../tools/infra/engines.mjs';

const slot = Number.parseInt(process.env.ABIDE_TEST_SLOT ?? '0', 10) || 0;

const stackOffset = Number.parseInt(process.env.ABIDE_PORT_OFFSET ?? '0', 10) || 0;

/**
 * Where the private engines run; also read by the specs (support/fault-engines.ts). 2000 + 100·slot keeps every
 * engine port below Linux's ephemeral range (32768+): a port up there can be taken by any outgoing connection of the
 * test run before the engine binds it (CI saw Kafka fail to start that way). A shifted stack (ABIDE_PORT_OFFSET, e.g.
 * the cold-start rehearsal's clone) takes the other half of its slot's hundred, and its own run folder.
 */
export const faultEnginesOptions = () => ({
  portOffset: 2_000 + 100 * slot + (stackOffset ? 50 : 0),
  runRoot: path.join(os.tmpdir(), `abide-faults-${slot}${stackOffset ? `-${stackOffset}` : ''}`),
});

export default async function faultsGlobalSetup() {
  const options = faultEnginesOptions();
  const engines = engineInstance(options);
  // A leftover of an interrupted run would not be a fresh start.
  await engines.down({ quiet: true }).catch(() => undefined);
  rmSync(options.runRoot, { recursive: true, force: true });
  process.stderr.write(`[faults] private engines at port offset ${options.portOffset} in ${options.runRoot}\n`);
  await engines.up({ quiet: true });
  process.env.ABIDE_FAULTS_ENGINES = JSON.stringify({ ...options, env: engines.env, ports: engines.ports });
}
