import { isDeepStrictEqual } from 'node:util';

type Json = Record<string, unknown>;

/** The first place two JSON values differ, as a path below them (`.responses.200`), or undefined when they are equal. */
const firstDifference = (a: unknown, b: unknown, at = ''): string | undefined => {
  if (isDeepStrictEqual(a, b)) return undefined;
  if (!a || !b || typeof a !== 'object' || typeof b !== 'object' || Array.isArray(a) !== Array.isArray(b)) return at || '(value)';
  for (const key of new Set([...Object.keys(a), ...Object.keys(b)])) {
    const found = firstDifference((a as Json)[key], (b as Json)[key], `${at}.${key}`);
    if (found) return found;
  }
  return at;
};

const keysOf = (value: unknown): Json => (value && typeof value === 'object' ? (value as Json) : {});

/**
 * Where two API documents differ, compared without regard to key order: each operation (`GET /api/groups`) and each
 * component schema that one has and the other lacks or describes differently, plus any other top-level section.
 */
export const documentDifferences = (expected: unknown, actual: unknown): string[] => {
  const differences: string[] = [];
  const compare = (label: string, a: Json, b: Json) => {
    for (const key of new Set([...Object.keys(a), ...Object.keys(b)])) {
      if (!(key in b)) differences.push(`${label} ${key}: only in the committed snapshot`);
      else if (!(key in a)) differences.push(`${label} ${key}: only in the served document`);
      else if (!isDeepStrictEqual(a[key], b[key])) differences.push(`${label} ${key}: differs at ${firstDifference(a[key], b[key])}`);
    }
  };
  const operations = (document: unknown): Json =>
    Object.fromEntries(
      Object.entries(keysOf(keysOf(document).paths)).flatMap(([path, item]) =>
        Object.entries(keysOf(item)).map(([method, operation]) => [`${method.toUpperCase()} ${path}`, operation]),
      ),
    );
  compare('operation', operations(expected), operations(actual));
  compare('schema', keysOf(keysOf(keysOf(expected).components).schemas), keysOf(keysOf(keysOf(actual).components).schemas));
  const rest = (document: unknown): Json => {
    const { paths: _paths, components, ...others } = keysOf(document);
    const { schemas: _schemas, ...otherComponents } = keysOf(components);
    return { ...others, components: otherComponents };
  };
  compare('section', rest(expected), rest(actual));
  return differences;
};
