/**
 * Aggregate states are plain objects that may hold Maps, Sets and Dates. A snapshot stores one as a single JSON
 * string (FerretDB reads and writes one string value far faster than the same data as nested fields) and gets the
 * same types back.
 */
type Tagged = { $map: [unknown, unknown][] } | { $set: unknown[] } | { $date: string };

export const encodeState = (state: unknown): string =>
  JSON.stringify(state, function (this: Record<string, unknown>, key: string, value: unknown) {
    // `this[key]` is the value before toJSON (a Date would already be a string in `value`).
    const raw = key === '' ? value : this[key];
    if (raw instanceof Map) return { $map: [...raw.entries()] } satisfies Tagged;
    if (raw instanceof Set) return { $set: [...raw] } satisfies Tagged;
    if (raw instanceof Date) return { $date: raw.toISOString() } satisfies Tagged;
    return value;
  });

const isTagged = (value: unknown, tag: string): boolean =>
  typeof value === 'object' && value !== null && !Array.isArray(value) && Object.keys(value).length === 1 && tag in value;

export const decodeState = <S>(text: string): S =>
  JSON.parse(text, (_key, value: unknown) => {
    if (isTagged(value, '$map')) return new Map((value as { $map: [unknown, unknown][] }).$map);
    if (isTagged(value, '$set')) return new Set((value as { $set: unknown[] }).$set);
    if (isTagged(value, '$date')) return new Date((value as { $date: string }).$date);
    return value;
  }) as S;
