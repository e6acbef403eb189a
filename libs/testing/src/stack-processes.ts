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
