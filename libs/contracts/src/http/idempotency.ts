/**
 * Idempotency keys (docs/api.md, "Idempotency keys"): a client sends `Idempotency-Key` on a write it may send again
 * (a retry after a timeout, a double tap, an offline queue replayed); the service applies it once and answers every
 * repeat with the first answer.
 */
export const IDEMPOTENCY_KEY_HEADER = 'idempotency-key';

/** Set on an answer that repeats the first one stored under the request's key. */
export const IDEMPOTENT_REPLAYED_HEADER = 'idempotent-replayed';

/** 1–128 visible ASCII characters (a UUID fits); anything else is refused with 400. */
export const IDEMPOTENCY_KEY_PATTERN = /^[\x21-\x7e]{1,128}$/;

/** How long a key's first answer is kept and repeated: 24 hours from its first use. */
export const IDEMPOTENCY_WINDOW_HOURS = 24;

/** The methods that change state and honour a key; reads ignore it. */
export const IDEMPOTENT_METHODS: readonly string[] = ['POST', 'PUT', 'PATCH', 'DELETE'];
