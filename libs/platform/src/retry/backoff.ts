export interface BackoffOptions {
  initialDelayMs: number;
  maxDelayMs: number;
}

/** Exponential delay before retry `attempt` (1-based): initial, 2×, 4×…, capped. */
export const backoffDelay = (attempt: number, options: BackoffOptions): number =>
  Math.min(options.maxDelayMs, options.initialDelayMs * 2 ** Math.max(0, attempt - 1));

/** The same delay with ±20 % jitter, so instances that failed together do not retry in lockstep. */
export const jitteredBackoffDelay = (attempt: number, options: BackoffOptions, random: () => number = Math.random): number =>
  Math.round(backoffDelay(attempt, options) * (0.8 + 0.4 * random()));

export const sleep = (ms: number): Promise<void> => new Promise((resolve) => setTimeout(resolve, ms));
