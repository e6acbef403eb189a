/**
 * How a live read model is compared with its rebuild (tools/read-models/README.md): documents matched by `_id`, values
 * compared field by field after normalising what legitimately differs between a read model kept up event by event
 * and one replayed stream by stream.
 */

/**
 * Bookkeeping, not content: the stream version (or revision, or log position) a document or field last applied, and
 * when it was written. A document fed by several streams (a member's journal list, fed by each entry's stream) records
 * whichever stream's event came last, and the live order of streams is not the replay's; a write time is the time of
 * the write. Matched by key name at any depth, JSON strings included.
 */
export const isBookkeepingKey = (key: string): boolean =>
  /^(version|versions|revision|revisions|position|positions|updatedAt|appliedAt|__v)$/.test(key) ||
  /[a-z](Version|Revision|Position)s?$/.test(key);

/** A sealed value opened to its plaintext, or null when it cannot be (compared as it is then). */
export type OpenSealed = (value: string) => Promise<string | null>;

const SEALED = /^pt1\.[A-Za-z0-9_-]+\.[A-Za-z0-9_-]+\.[A-Za-z0-9_-]+$/;

const parseJson = (text: string): unknown => {
  const first = text.trimStart()[0];
  if (first !== '{' && first !== '[') return text;
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return text;
  }
};

/**
 * The value as compared: bookkeeping keys dropped; read models stored as a JSON string (FerretDB v1 reads nested
 * documents slowly) parsed, so a difference names the field inside; sealed text opened (each sealing draws a fresh IV,
 * so the same words never seal to the same string twice); dates and ids as strings.
 */
export const normalise = async (value: unknown, open?: OpenSealed): Promise<unknown> => {
  if (typeof value === 'string') {
    if (open && SEALED.test(value)) {
      const plain = await open(value);
      return plain === null ? value : normalise(parseJson(plain), open);
    }
    const parsed = parseJson(value);
    return parsed === value ? value : normalise(parsed, open);
  }
  if (value instanceof Date) return value.toISOString();
  if (Array.isArray(value)) return Promise.all(value.map((item) => normalise(item, open)));
  if (value && typeof value === 'object') {
    if (typeof (value as { toHexString?: unknown }).toHexString === 'function') return String(value);
    if (Buffer.isBuffer(value)) return value.toString('base64');
    const out: Record<string, unknown> = {};
    for (const [key, item] of Object.entries(value)) {
      if (!isBookkeepingKey(key) && item !== undefined) out[key] = await normalise(item, open);
    }
    return out;
  }
  return value;
};

/** A stable text of a normalised value (keys sorted), to tell equal values apart from different ones. */
export const canonical = (value: unknown): string => {
  if (Array.isArray(value)) return `[${value.map(canonical).join(',')}]`;
  if (value && typeof value === 'object') {
    const entries = Object.entries(value).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
    return `{${entries.map(([k, v]) => `${JSON.stringify(k)}:${canonical(v)}`).join(',')}}`;
  }
  return JSON.stringify(value) ?? 'undefined';
};

const isRecord = (value: unknown): value is Record<string, unknown> => !!value && typeof value === 'object' && !Array.isArray(value);

const idOf = (value: unknown): string | undefined => {
  if (!isRecord(value)) return undefined;
  const id = value.id ?? value._id;
  return typeof id === 'string' || typeof id === 'number' ? String(id) : undefined;
};

const join = (path: string, key: string): string => (path ? `${path}.${key}` : key);

/**
 * Arrays are compared as collections, not sequences: a rebuild replays one stream after another, so items that came
 * from different streams (two journal entries, two groups) may stand in another order than live events left them.
 * Items equal on both sides cancel out; what is left is paired by `id` when it has one (`list[id=…].field`), else
 * reported as the array (`list[]`).
 */
const diffArrays = (live: unknown[], rebuilt: unknown[], path: string, out: string[]): void => {
  const unmatched = new Map<string, number>();
  for (const item of rebuilt) unmatched.set(canonical(item), (unmatched.get(canonical(item)) ?? 0) + 1);
  const liveLeft: unknown[] = [];
  for (const item of live) {
    const key = canonical(item);
    const count = unmatched.get(key) ?? 0;
    if (count > 0) unmatched.set(key, count - 1);
    else liveLeft.push(item);
  }
  const rebuiltLeft = rebuilt.filter((item) => {
    const key = canonical(item);
    const count = unmatched.get(key) ?? 0;
    if (count === 0) return false;
    unmatched.set(key, count - 1);
    return true;
  });
  if (liveLeft.length === 0 && rebuiltLeft.length === 0) return;
  const byId = new Map(rebuiltLeft.map((item) => [idOf(item), item]));
  if (liveLeft.every((item) => idOf(item) !== undefined) && rebuiltLeft.every((item) => idOf(item) !== undefined) && !byId.has(undefined)) {
    for (const item of liveLeft) {
      const id = idOf(item) as string;
      const other = byId.get(id);
      byId.delete(id);
      if (other === undefined) out.push(`${path}[id=${id}] (only live)`);
      else diffValues(item, other, `${path}[id=${id}]`, out);
    }
    for (const id of byId.keys()) out.push(`${path}[id=${id}] (only rebuilt)`);
    return;
  }
  out.push(`${path}[] (${liveLeft.length} item(s) only live, ${rebuiltLeft.length} only rebuilt)`);
};

/** Paths at which two normalised values differ (appended to `out`). */
export const diffValues = (live: unknown, rebuilt: unknown, path: string, out: string[]): void => {
  if (Array.isArray(live) && Array.isArray(rebuilt)) return diffArrays(live, rebuilt, path, out);
  if (isRecord(live) && isRecord(rebuilt)) {
    for (const key of new Set([...Object.keys(live), ...Object.keys(rebuilt)])) diffValues(live[key], rebuilt[key], join(path, key), out);
    return;
  }
  if (canonical(live) !== canonical(rebuilt)) out.push(path || '(whole document)');
};

export interface DocumentDifference {
  id: string;
  /** `missing`: only the rebuild has it; `unexpected`: only the live read model has it; `changed`: both, at `paths`. */
  kind: 'missing' | 'unexpected' | 'changed';
  paths: string[];
}

type Doc = Record<string, unknown> & { _id: unknown };

/** Differences between a live collection and its rebuild, by `_id`. */
export const diffCollection = async (live: readonly Doc[], rebuilt: readonly Doc[], open?: OpenSealed): Promise<DocumentDifference[]> => {
  const differences: DocumentDifference[] = [];
  const rebuiltById = new Map(rebuilt.map((doc) => [String(doc._id), doc]));
  for (const doc of live) {
    const id = String(doc._id);
    const other = rebuiltById.get(id);
    rebuiltById.delete(id);
    if (!other) {
      differences.push({ id, kind: 'unexpected', paths: [] });
      continue;
    }
    const paths: string[] = [];
    diffValues(await normalise(doc, open), await normalise(other, open), '', paths);
    if (paths.length) differences.push({ id, kind: 'changed', paths });
  }
  for (const id of rebuiltById.keys()) differences.push({ id, kind: 'missing', paths: [] });
  return differences;
};
