import { execFile } from 'node:child_process';
import path from 'node:path';
import { promisify } from 'node:util';

const run = promisify(execFile);
const repoRoot = path.resolve(__dirname, '../../..');

export type EngineName = 'kafka' | 'mongo' | 'minio' | 'redis' | 'smtp';

export interface FaultEngines {
  portOffset: number;
  runRoot: string;
  env: Record<string, string>;
}

/** The private engines the global setup started for the fault tests. */
export const faultEngines = (): FaultEngines => {
  const raw = process.env.ABIDE_FAULTS_ENGINES;
  if (!raw) throw new Error('ABIDE_FAULTS_ENGINES is not set: run the fault tests through Jest (project "faults")');
  return JSON.parse(raw) as FaultEngines;
};

/** tools/infra/cli.mjs on the private instance: the same stop/start/reset an operator would use. */
const infra = async (...args: string[]): Promise<string> => {
  const { portOffset, runRoot } = faultEngines();
  const { stdout } = await run(process.execPath, ['tools/infra/cli.mjs', ...args, '--offset', String(portOffset), '--run-root', runRoot], {
    cwd: repoRoot,
    timeout: 180_000,
  });
  return stdout;
};

/** Stops an engine (SIGTERM, or SIGKILL of its process group with `kill`); its data stays. */
export const stopEngine = (engine: EngineName, { kill = false } = {}) => infra('stop', engine, ...(kill ? ['--kill'] : []));
/** Starts an engine again and resolves once it answers. */
export const startEngine = (engine: EngineName) => infra('start', engine);
/** Kills an engine and deletes its data: the next start is a brand-new one (Kafka without topics or groups). */
export const resetEngine = (engine: EngineName) => infra('reset', engine);
