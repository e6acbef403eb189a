/** Zero-padded so that a stream's event keys also sort in version order. */
const VERSION_DIGITS = 10;

/**
 * The `_id` of an event (and of its outbox entry): the stream and the version. Being unique, inserting it is the
 * concurrency guard: two writers can never both store version n of a stream.
 */
export const eventKey = (streamId: string, version: number): string => `${streamId}|${String(version).padStart(VERSION_DIGITS, '0')}`;
