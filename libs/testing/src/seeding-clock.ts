import { AsyncLocalStorage } from 'node:async_hooks';

/**
 * For the load suite's seeding CLIs (apps/<service>/src/bench): a clock each member's writes set to their own day
 * (several members are seeded at once, each at its point in time), and the time each kind of write took.
 */
export const seedingClock = () => {
  const now = new AsyncLocalStorage<{ at: Date }>();
  const timing: Record<string, { count: number; ms: number }> = {};
  let writes = 0;
  const timed = async <T>(kind: string, run: () => Promise<T>): Promise<T> => {
    const started = performance.now();
    try {
      return await run();
    } finally {
      const entry = (timing[kind] ??= { count: 0, ms: 0 });
      entry.count++;
      entry.ms += performance.now() - started;
    }
  };
  return {
    /** The service's clock: the current member's moment, else the real time. */
    clock: (): Date => now.getStore()?.at ?? new Date(),
    /** Runs `work` with the clock set to `store.at` (which `work` may move on). */
    at: <T>(store: { at: Date }, work: () => Promise<T>): Promise<T> => now.run(store, work),
    /** Runs one call of `kind`, timing it. */
    timed,
    /** Runs one write of `kind`, timing and counting it. */
    write: async <T>(kind: string, run: () => Promise<T>): Promise<T> => {
      try {
        return await timed(kind, run);
      } finally {
        writes++;
      }
    },
    timing,
    writes: () => writes,
  };
};
