import { ConcurrencyError } from './errors';

/** Runs `attempt` again while it loses an optimistic-concurrency race, at most `maxAttempts` times in all. */
export const retryOnConflict = async <T>(attempt: () => Promise<T>, maxAttempts: number): Promise<T> => {
  if (!Number.isInteger(maxAttempts) || maxAttempts < 1) throw new RangeError('maxAttempts must be at least 1');
  for (let attemptNo = 1; ; attemptNo++) {
    try {
      return await attempt();
    } catch (error) {
      if (!(error instanceof ConcurrencyError) || attemptNo >= maxAttempts) throw error;
    }
  }
};
