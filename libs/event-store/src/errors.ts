import { errorCodes, Refusal } from '@abide/contracts';

const SAME_MOMENT = 'This changed at the same moment elsewhere. Please try again.';

/**
 * Another writer appended to the stream since it was loaded. The command runner reloads and decides again a few
 * times; when the race is lost every time it reaches the client as a 409 (a Refusal like any other), in the words
 * its command handler gives (`conflictMessage`, e.g. "This habit changed…").
 */
export class ConcurrencyError extends Refusal {
  override readonly name = 'ConcurrencyError';

  constructor(
    readonly streamId: string,
    readonly expectedVersion: number,
    message: string = SAME_MOMENT,
  ) {
    super(errorCodes.concurrencyConflict, message);
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
