/**
 * The cursor a live stream sends as each message's SSE `id`, and a client sends back as `Last-Event-ID` when it
 * reconnects: the buffer's epoch (which Redis, since its last restart) and, for each of the caller's audiences in
 * order (the member, then their roles), the id of the last buffer entry delivered. E.g. `3f2a91c0d4e5_1732540000000-0`.
 */
export interface LiveCursor {
  epoch: string;
  positions: string[];
}

const SEPARATOR = '_';
const EPOCH = /^[0-9a-f]{1,40}$/;
const ENTRY_ID = /^\d{1,20}-\d{1,20}$/;
/** Before anything: a stream with no entries yet. */
export const START_ID = '0-0';

export const encodeCursor = (cursor: LiveCursor): string => [cursor.epoch, ...cursor.positions].join(SEPARATOR);

/** The cursor in a Last-Event-ID, or undefined when there is none or it is not one of ours. */
export const decodeCursor = (text: string | undefined): LiveCursor | undefined => {
  if (!text || text.length > 400) return undefined;
  const [epoch, ...positions] = text.split(SEPARATOR);
  if (!EPOCH.test(epoch) || positions.length === 0 || !positions.every((p) => ENTRY_ID.test(p))) return undefined;
  return { epoch, positions };
};

/** Orders two Redis stream entry ids (`<ms>-<seq>`, each up to 64 bits). */
export const compareEntryIds = (a: string, b: string): number => {
  const [am, as] = a.split('-').map(BigInt);
  const [bm, bs] = b.split('-').map(BigInt);
  return am !== bm ? (am < bm ? -1 : 1) : as === bs ? 0 : as < bs ? -1 : 1;
};

/** The milliseconds an entry id was made at. */
export const entryTime = (id: string): number => Number(id.split('-')[0]);
