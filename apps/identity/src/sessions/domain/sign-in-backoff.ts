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
