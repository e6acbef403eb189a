import { strayFailureMessages } from '@abide/contracts';
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';

/** The test stack's service processes, as its global setup started them (E2E_SERVICE_PIDS): name → pid. */
export const stackServicePids = (): Record<string, number> => JSON.parse(process.env.E2E_SERVICE_PIDS ?? '{}') as Record<string, number>;

const running = (pid: number): boolean => {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    // EPERM: it exists, we may just not signal it.
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
};

/**
 * The crash canary: the services whose process is no longer the one the stack started (it exited; a test stack never
 * restarts one, it stays down and the stack says "<name> exited (code 1)"). Empty while every service survives.
 */
export const exitedServices = (): string[] => {
  const pids = Object.entries(stackServicePids());
  if (pids.length === 0) throw new Error('E2E_SERVICE_PIDS is not set: run through the e2e project (stack.global-setup.mjs)');
  return pids.filter(([, pid]) => !running(pid)).map(([name]) => name);
};

/**
 * The other half of the canary: failures a service's process guards caught since the stack started (a promise that
 * rejected unawaited, an exception no handler took). The service kept serving, but each is a bug: "<service>: <error>".
 */
export const strayFailures = (): string[] => {
  const logDir = process.env.E2E_LOG_DIR;
  const since = Number(process.env.E2E_STACK_STARTED_AT ?? 0);
  if (!logDir) throw new Error('E2E_LOG_DIR is not set: run through the e2e project (stack.global-setup.mjs)');
  const guarded: string[] = Object.values(strayFailureMessages);
  return Object.keys(stackServicePids()).flatMap((name) => {
    const file = join(logDir, `${name}.log`);
    if (!existsSync(file)) return [];
    return readFileSync(file, 'utf8')
      .split('\n')
      .filter((line) => line.includes('"level":60'))
      .map((line) => JSON.parse(line) as { time: number; msg: string; err?: { message?: string } })
      .filter((entry) => entry.time >= since && guarded.includes(entry.msg))
      .map((entry) => `${name}: ${entry.err?.message ?? entry.msg}`);
  });
};
