import { errorCodes, Refusal } from '@abide/contracts';

/**
 * Another writer appended to the stream since it was loaded. The command runner reloads and decides again a few
 * times; when the race is lost every time it reaches the client as a 409 (a Refusal like any other).
 */
export class ConcurrencyError extends Refusal {
  override readonly name = 'ConcurrencyError';

  constructor(
    readonly streamId: string,
    readonly expectedVersion: number,
  ) {
    super(errorCodes.concurrencyConflict, 'This changed at the same moment elsewhere. Please try again.');
  }
}

/** An event the contracts do not know, or whose data fails its schema; nothing of the batch is written. */
export class InvalidEventError extends Error {
  override readonly name = 'InvalidEventError';

  constructor(
    readonly eventType: string,
    readonly reason: string,
  ) {
    super(`Cannot append ${eventType}: ${reason}`);
  }
}
