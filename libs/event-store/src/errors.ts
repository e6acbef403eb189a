/** Another writer appended to the stream since it was loaded; reload, decide again, or answer 409. */
export class ConcurrencyError extends Error {
  override readonly name = 'ConcurrencyError';

  constructor(
    readonly streamId: string,
    readonly expectedVersion: number,
  ) {
    super(`Stream ${streamId} is no longer at version ${expectedVersion}: another writer appended first`);
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
