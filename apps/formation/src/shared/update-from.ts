import type { VersionedDocuments } from '@abide/event-store';

/**
 * A compare-and-set change of a document whose value starts as `initial()` when there is none yet; `change` answers
 * the new value (null deletes it) and must be a pure function of the value it is given (a lost race calls it again).
 */
export const updateFrom = <T>(documents: VersionedDocuments<T>, id: string, initial: () => NoInfer<T>, change: (value: T) => T | null): Promise<T | null> =>
  documents.update(id, (current) => change(current ?? initial()));
