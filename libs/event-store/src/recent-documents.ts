import { LRUCache } from 'lru-cache';

/**
 * What this process last read or wrote of some documents, by key: only ever a guess that a conditional write checks
 * (a document another writer changed meanwhile fails it and is read again), never an answer. Bounded by entries and by
 * characters of state, the least recently used forgotten first.
 */
export const recentDocuments = <T extends object>(
  charsOf: (value: T) => number,
  { maxEntries = 2000, maxChars = 8_000_000 }: { maxEntries?: number; maxChars?: number } = {},
): LRUCache<string, T> => new LRUCache<string, T>({ max: maxEntries, maxSize: maxChars, sizeCalculation: (value) => 1 + charsOf(value) });
