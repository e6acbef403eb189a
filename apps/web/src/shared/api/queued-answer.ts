/**
 * The answer a write gets when it was kept on this device to be sent later (shared/offline/write-queue*), instead of
 * the server's. It is marked by a symbol key, which no JSON answer can have, so it is never taken for a server answer
 * and a server answer never for it. The generated endpoints (tools/api-client) let it past a write's response check
 * and make no cache tag stale for it: nothing changed on the server yet, and the queue refreshes the tags once sent.
 */
const keptForLater = Symbol('abide: kept on this device, sent later');

export type QueuedAnswer = { readonly [keptForLater]: true };

export const QUEUED: QueuedAnswer = Object.freeze({ [keptForLater]: true as const });

export const isQueued = (data: unknown): data is QueuedAnswer => typeof data === 'object' && data !== null && keptForLater in data;

/** What RTK Query reads of a response schema: its Standard Schema side (zod's `~standard`). */
type StandardSchema = { readonly '~standard': { readonly validate: (value: unknown) => unknown } };

/** A write's response check that lets a queued answer through unchanged and checks every other answer with `schema`. */
export const checkedUnlessQueued = <S extends StandardSchema>(schema: S): Pick<S, '~standard'> => {
  const standard = schema['~standard'];
  // The queued answer stands in for the write's result type: callers tell it apart with isQueued.
  const validate = (value: unknown) => (isQueued(value) ? { value } : standard.validate(value));
  return { '~standard': { ...standard, validate } as S['~standard'] };
};
