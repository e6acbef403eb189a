// Keeps one service process running as a process supervisor would (systemd's Restart=, Kubernetes' crash back-off):
// an exit is announced and, for `npm start`, followed by a restart after a growing delay. Test stacks only announce:
// a test wants to see a service that died (its crash canary), not have it quietly replaced.

/** 1 s, doubling to 30 s; a process that stayed up a minute starts again from 1 s. */
export const restartPolicy = { firstMs: 1_000, maxMs: 30_000, stableMs: 60_000 };

/** The delay before the next start, given the last delay (0 before any) and how long the process stayed up. */
export const nextRestartDelay = (previousMs, upMs, policy = restartPolicy) =>
  previousMs === 0 || upMs >= policy.stableMs ? policy.firstMs : Math.min(previousMs * 2, policy.maxMs);

const seconds = (ms) => `${Number((ms / 1000).toFixed(2))} s`;

/**
 * Starts `launch()` (which returns a ChildProcess) and watches it. `restart`: start it again after an exit.
 * `child` is the process running now; `exits` counts its exits so far.
 * @param {{ name: string, launch: () => import('node:child_process').ChildProcess, restart: boolean,
 *   onProgress?: (line: string) => void, policy?: typeof restartPolicy }} options
 */
export const supervise = ({ name, launch, restart, onProgress = () => {}, policy = restartPolicy }) => {
  let child;
  let delay = 0;
  let exits = 0;
  let stopping = false;
  let timer;
  const start = () => {
    const startedAt = Date.now();
    child = launch();
    child.once('exit', (code, signal) => {
      if (stopping) return;
      exits += 1;
      const how = signal ? `signal ${signal}` : `code ${code}`;
      if (!restart) {
        onProgress(`${name} exited (${how})`);
        return;
      }
      delay = nextRestartDelay(delay, Date.now() - startedAt, policy);
      onProgress(`${name} exited (${how}); restarting in ${seconds(delay)}`);
      timer = setTimeout(() => {
        if (stopping) return;
        start();
        onProgress(`${name}: restarted (pid ${child.pid})`);
      }, delay);
    });
  };
  start();
  return {
    name,
    get child() {
      return child;
    },
    get exits() {
      return exits;
    },
    /** Stops it for good: SIGTERM, then SIGKILL after 5 s; no restart after this. */
    stop: () => {
      stopping = true;
      clearTimeout(timer);
      return new Promise((resolve) => {
        if (child.exitCode !== null || child.signalCode !== null) return resolve();
        child.once('exit', resolve);
        child.kill('SIGTERM');
        setTimeout(() => child.exitCode === null && child.signalCode === null && child.kill('SIGKILL'), 5000).unref();
      });
    },
  };
};
