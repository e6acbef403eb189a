/**
 * What this browser keeps of a member for offline use (cached reads, queued writes) is dropped in one place: when they
 * sign out, when the server says their session is gone, and when a different member signs in on the same browser
 * (offline-member.ts). Each module that stores something per member registers its clean-up here once, at import.
 */
export type MemberCleanup = (memberId: string) => void | Promise<void>;

const cleanups = new Set<MemberCleanup>();

/** Registers `cleanup` to run for a member leaving this browser; returns the unregister. */
export function onSignOut(cleanup: MemberCleanup): () => void {
  cleanups.add(cleanup);
  return () => {
    cleanups.delete(cleanup);
  };
}

/**
 * Runs every registered clean-up for `memberId`. One that fails does not stop the others (each store is separate);
 * the failures are logged, and the promise settles once all have finished.
 */
export async function clearMemberData(memberId: string): Promise<void> {
  const outcomes = await Promise.allSettled([...cleanups].map(async (cleanup) => cleanup(memberId)));
  for (const outcome of outcomes) {
    if (outcome.status === 'rejected') console.error('Clearing offline data failed', outcome.reason);
  }
}
