import type { ImportCounts } from './member-import.decider';
import type { RowOutcome } from './shown-outcomes';

/** Rows handled together: one progress step, one report document, a few batched writes. */
export const IMPORT_CHUNK_ROWS = 250;
/** Invitations sent by one delivery job. */
export const DELIVERY_BATCH = 50;

export const chunksOf = <T>(items: readonly T[], size: number): T[][] => {
  const out: T[][] = [];
  for (let i = 0; i < items.length; i += size) out.push(items.slice(i, i + size));
  return out;
};

/** Runs `work` on every item with at most `limit` at a time, answers in the items' order. */
export const mapConcurrently = async <T, R>(items: readonly T[], limit: number, work: (item: T) => Promise<R>): Promise<R[]> => {
  const results = new Array<R>(items.length);
  let next = 0;
  const worker = async () => {
    while (next < items.length) {
      const index = next++;
      results[index] = await work(items[index]);
    }
  };
  await Promise.all(Array.from({ length: Math.min(limit, items.length) }, worker));
  return results;
};

export const noCounts = (): ImportCounts => ({ created: 0, invited: 0, alreadyMember: 0, alreadyInvited: 0, refused: 0 });

const countKey = {
  created: 'created',
  invited: 'invited',
  'already-member': 'alreadyMember',
  'already-invited': 'alreadyInvited',
  refused: 'refused',
} as const;

/** The counts with a chunk's rows added. */
export const addCounts = (counts: ImportCounts, rows: readonly { outcome: RowOutcome }[]): ImportCounts => {
  const next = { ...counts };
  for (const row of rows) next[countKey[row.outcome]] += 1;
  return next;
};
