export interface BackoffOptions {
  initialDelayMs: number;
  maxDelayMs: number;
}

/** Exponential delay before retry `attempt` (1-based): initial, 2×, 4×…, capped. */
export const backoffDelay = (attempt: number, options: BackoffOptions): number =>
  Math.min(options.maxDelayMs, options.initialDelayMs * 2 ** Math.max(0, attempt - 1));

export const sleep = (ms: number): Promise<void> => new Promise((resolve) => setTimeout(resolve, ms));
