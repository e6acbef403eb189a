import { AsyncLocalStorage } from 'node:async_hooks';

/** The work asked for so far in the current apply, by key. */
const pendingWork = new AsyncLocalStorage<Map<string, () => Promise<void>>>();

/**
 * Work that follows a read model's write and that several projections of one event may ask for alike (community
 * moves a group's `gen` after its group, its roster and its member's groups each took a join): inside a projection
 * runner's apply it is done once per key, after every projection has written; anywhere else at once. The work of
 * a key asked for twice is the last one asked for, so it must not depend on who asked.
 */
export const afterProjections = async (key: string, work: () => Promise<void>): Promise<void> => {
  const pending = pendingWork.getStore();
  if (pending) pending.set(key, work);
  else await work();
};

/**
 * Runs `apply`, then the work its projections asked for with `afterProjections`: also when `apply` failed, since what
 * was written before the failure is still followed by it. An error of `apply` wins over one of the work.
 */
export const withAfterProjections = async (apply: () => Promise<void>): Promise<void> => {
  const pending = new Map<string, () => Promise<void>>();
  let failure: unknown;
  try {
    await pendingWork.run(pending, apply);
  } catch (error) {
    failure = error;
  }
  const results = await Promise.allSettled([...pending.values()].map((work) => work()));
  if (failure !== undefined) throw failure;
  const failed = results.find((r): r is PromiseRejectedResult => r.status === 'rejected');
  if (failed) throw failed.reason;
};
