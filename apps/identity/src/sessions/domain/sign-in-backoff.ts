export interface BackoffPolicy {
  /** Failures (within the counting window) tolerated before the first lock. */
  maxFailures: number;
  baseSeconds: number;
  maxSeconds: number;
}

/** How long an account stays locked after its n-th consecutive failure: 0 below the threshold, then doubling, capped. */
export const lockSecondsAfter = (failures: number, policy: BackoffPolicy): number => {
  if (failures < policy.maxFailures) return 0;
  const doublings = Math.min(failures - policy.maxFailures, 30);
  return Math.min(policy.maxSeconds, policy.baseSeconds * 2 ** doublings);
};

/**
 * The lock lengths from the threshold on, up to the first capped one: the i-th applies at failure maxFailures + i, the
 * last to every failure after. Redis's script reads the policy from this list, so it is written once, here.
 */
export const lockSchedule = (policy: BackoffPolicy): number[] => {
  const schedule: number[] = [];
  for (let failures = policy.maxFailures; ; failures++) {
    const seconds = lockSecondsAfter(failures, policy);
    schedule.push(seconds);
    if (seconds >= policy.maxSeconds || failures - policy.maxFailures >= 30) return schedule;
  }
};
