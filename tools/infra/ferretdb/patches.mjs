// Source patches applied to FerretDB before it is built (tools/infra/engines.mjs). Each names the exact text it
// replaces, so a version bump whose source moved fails the build loudly instead of shipping an unpatched engine.

export const FERRETDB_MODULE = 'github.com/FerretDB/FerretDB';

export const FERRETDB_PATCHES = Object.freeze([
  {
    file: 'internal/backends/sqlite/metadata/metadata.go',
    from: `IDColumn = DefaultColumn + "->'$._id'"`,
    to: `IDColumn = DefaultColumn + "->'_id'"`,
    // v1.24's SQLite backend creates each collection's unique `_id` index on `_ferretdb_sjson->"_id"`, but looks
    // documents up by `_ferretdb_sjson->'$._id'`: the same value, a different expression, so SQLite never uses the
    // index and every find, update and delete by `_id` scans the whole table (a 10,000-document collection: 9-48 ms per
    // findOne). `->'_id'` is the index's expression (SQLite reads a bare label as `$.label`), so the existing indexes
    // of every database serve it; EXPLAIN QUERY PLAN goes from SCAN to SEARCH ... USING INDEX.
    why: 'lookups by _id use the _id index',
  },
]);

/** The source with every patch of `file` applied; throws when a patch's text is not there exactly once. */
export function patchSource(file, source) {
  let patched = source;
  for (const patch of FERRETDB_PATCHES.filter((p) => p.file === file)) {
    const at = patched.indexOf(patch.from);
    if (at < 0 || patched.indexOf(patch.from, at + 1) >= 0) {
      throw new Error(`FerretDB patch "${patch.why}" does not apply to ${file}: its text is not there exactly once`);
    }
    patched = patched.replace(patch.from, patch.to);
  }
  return patched;
}
