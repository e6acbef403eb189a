// Source patches applied to FerretDB before it is built (tools/infra/engines.mjs). Each edit names the exact text it
// replaces, so a version bump whose source moved fails the build loudly instead of shipping an unpatched engine; a new
// file (`create`) fails the build when upstream already has a file of that name.

export const FERRETDB_MODULE = 'github.com/FerretDB/FerretDB';

// Go sources added to FerretDB. Plain strings: no backticks or dollar-braces inside.
const FILTER_ID_GO = `// Added by Abide's build of FerretDB (tools/infra/ferretdb/patches.mjs).

package types

// AbideFilterID returns the value of a filter's top-level _id when it is a string or an ObjectID: every document the
// filter can match has that _id, whatever else the filter says. Other _id types (numbers, documents) are left out:
// equal values of different BSON types (1, 1.0) would need one normal form first.
func AbideFilterID(filter *Document) (any, bool) {
	if filter == nil || filter.keys["_id"] != 1 {
		return nil, false
	}

	v, _ := filter.Get("_id")

	switch v.(type) {
	case string, ObjectID:
		return v, true
	default:
		return nil, false
	}
}

// abideMaxFilterIDs bounds an $in list read through the _id index (SQLite's bound parameters); a longer one scans.
const abideMaxFilterIDs = 1000

// AbideFilterIDs returns the _id values a filter pins: its top-level _id (AbideFilterID), or every value of an
// _id: {$in: [...]} whose values are all strings or ObjectIDs. Every document the filter can match has one of them.
func AbideFilterIDs(filter *Document) ([]any, bool) {
	if v, ok := AbideFilterID(filter); ok {
		return []any{v}, true
	}

	if filter == nil || filter.keys["_id"] != 1 {
		return nil, false
	}

	v, _ := filter.Get("_id")

	cond, ok := v.(*Document)
	if !ok || cond.Len() != 1 {
		return nil, false
	}

	in, err := cond.Get("$in")
	if err != nil {
		return nil, false
	}

	list, ok := in.(*Array)
	if !ok || list.Len() == 0 || list.Len() > abideMaxFilterIDs {
		return nil, false
	}

	ids := make([]any, list.Len())

	for i := range ids {
		id, _ := list.Get(i)

		switch id.(type) {
		case string, ObjectID:
			ids[i] = id
		default:
			return nil, false
		}
	}

	return ids, true
}
`;

const ID_WHERE_GO = `// Added by Abide's build of FerretDB (tools/infra/ferretdb/patches.mjs).

package sqlite

import (
	"fmt"
	"strings"

	"github.com/FerretDB/FerretDB/internal/backends/sqlite/metadata"
	"github.com/FerretDB/FerretDB/internal/handler/sjson"
	"github.com/FerretDB/FerretDB/internal/types"
	"github.com/FerretDB/FerretDB/internal/util/must"
)

// abideIDWhere narrows a query to the documents whose _id the filter pins (types.AbideFilterIDs), looked up in the
// _id index: one value, or each value of an $in list. The handler filters every document it gets again, so what
// else the filter says still applies.
func abideIDWhere(filter *types.Document) (string, []any, bool) {
	ids, ok := types.AbideFilterIDs(filter)
	if !ok {
		return "", nil, false
	}

	args := make([]any, len(ids))
	for i, id := range ids {
		args[i] = string(must.NotFail(sjson.MarshalSingleValue(id)))
	}

	if len(args) == 1 {
		return fmt.Sprintf(" WHERE %s = ?", metadata.IDColumn), args, true
	}

	return fmt.Sprintf(" WHERE %s IN (%s)", metadata.IDColumn, strings.TrimSuffix(strings.Repeat("?, ", len(args)), ", ")), args, true
}
`;

const WRITE_LOCKS_GO = `// Added by Abide's build of FerretDB (tools/infra/ferretdb/patches.mjs).

package handler

import (
	"fmt"
	"sync"

	"github.com/FerretDB/FerretDB/internal/types"
)

// FerretDB v1 runs update, findAndModify and delete as read, change in Go, write back by _id, with nothing between the
// read and the write: two writers of one document both read it, and the second write silently undoes the first.
// MongoDB makes each of these single-document operations atomic. These locks restore that inside this one process
// (the only writer of its SQLite files): a statement whose filter pins one _id (a string or ObjectID) holds that
// document's lock and its collection's shared lock; any other statement holds its collection's exclusive lock, as it
// may touch, or upsert, any document. Inserts take no lock: the unique _id index already makes them atomic.

type abideDocLock struct {
	mu   sync.Mutex
	refs int // statements holding or waiting for mu; the entry goes when it drops to 0
}

type abideCollLocks struct {
	rw   sync.RWMutex
	docs map[string]*abideDocLock
}

var abideLocks = struct {
	mu    sync.Mutex
	colls map[string]*abideCollLocks
}{colls: map[string]*abideCollLocks{}}

// abideLockForWrite takes the lock a write statement with this filter needs in db.coll and returns its release.
func abideLockForWrite(db, coll string, filter *types.Document) (unlock func()) {
	abideLocks.mu.Lock()

	key := db + "\\x00" + coll
	c := abideLocks.colls[key]

	if c == nil {
		c = &abideCollLocks{docs: map[string]*abideDocLock{}}
		abideLocks.colls[key] = c
	}

	id, ok := types.AbideFilterID(filter)
	if !ok {
		abideLocks.mu.Unlock()
		c.rw.Lock()

		return c.rw.Unlock
	}

	// The type is part of the key: the string "1" and an ObjectID never name the same document.
	docKey := fmt.Sprintf("%T:%v", id, id)
	d := c.docs[docKey]

	if d == nil {
		d = new(abideDocLock)
		c.docs[docKey] = d
	}

	d.refs++
	abideLocks.mu.Unlock()

	c.rw.RLock()
	d.mu.Lock()

	return func() {
		d.mu.Unlock()
		c.rw.RUnlock()

		abideLocks.mu.Lock()

		if d.refs--; d.refs == 0 {
			delete(c.docs, docKey)
		}

		abideLocks.mu.Unlock()
	}
}
`;

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
  {
    file: 'internal/types/abide_filter_id.go',
    create: FILTER_ID_GO,
    // The one test of "this filter pins one document" for the two patches below.
    why: 'AbideFilterID: the _id a filter pins',
  },
  {
    file: 'internal/backends/sqlite/abide_id_where.go',
    create: ID_WHERE_GO,
    why: 'abideIDWhere: the SQL condition for the _ids a filter pins',
  },
  {
    file: 'internal/backends/sqlite/collection.go',
    from: `	if params.Filter.Len() == 1 {
		v, _ := params.Filter.Get("_id")
		switch v.(type) {
		case string, types.ObjectID:
			whereClause = fmt.Sprintf(\` WHERE %s = ?\`, metadata.IDColumn)
			args = []any{string(must.NotFail(sjson.MarshalSingleValue(v)))}
		}
	}

	q += whereClause`,
    to: `	if where, ids, ok := abideIDWhere(params.Filter); ok {
		whereClause = where
		args = ids
	}

	q += whereClause`,
    // v1.24 narrows the SQL query to one `_id` only when the filter is `{_id: x}` and nothing else, so a compare-and-set
    // `{_id: x, revision: n}` scanned the collection: ~300-390 ms per updateOne on 10,000 documents, and a read of
    // several documents by key (`{_id: {$in: [...]}}`, one round trip on MongoDB) scanned it too. The backend may apply
    // a filter partially (the handler filters every document again), so the _ids alone narrow it.
    why: 'a filter that pins _ids (with other fields, or an $in list) reads by the _id index',
  },
  {
    file: 'internal/backends/sqlite/collection.go',
    from: `	if params.Filter.Len() == 1 {
		v, _ := params.Filter.Get("_id")
		switch v.(type) {
		case string, types.ObjectID:
			filterPushdown = true
			whereClause = fmt.Sprintf(\` WHERE %s = ?\`, metadata.IDColumn)
			args = []any{string(must.NotFail(sjson.MarshalSingleValue(v)))}
		}
	}`,
    to: `	if where, ids, ok := abideIDWhere(params.Filter); ok {
		filterPushdown = true
		whereClause = where
		args = ids
	}`,
    // explain tells what Query does (the patch above).
    why: 'explain shows the _id index for a filter that pins _ids',
  },
  {
    file: 'internal/handler/abide_write_locks.go',
    create: WRITE_LOCKS_GO,
    why: 'abideLockForWrite: one writer at a time per document (or per collection)',
  },
  {
    file: 'internal/handler/msg_update.go',
    from: `		var qp backends.QueryParams
		if !h.DisablePushdown {
			qp.Filter = u.Filter
		}

		res, err := c.Query(ctx, &qp)
		if err != nil {
			return 0, 0, nil, lazyerrors.Error(err)
		}

		closer := iterator.NewMultiCloser()
		defer closer.Close()

		closer.Add(res.Iter)

		iter := common.FilterIterator(res.Iter, closer, u.Filter)

		if !u.Multi {
			iter = common.LimitIterator(iter, closer, 1)
		}

		result, err := common.UpdateDocument(ctx, c, "update", iter, &u)
		if err != nil {`,
    to: `		// Abide: the statement's read, change and write under its lock (abide_write_locks.go); the closure's defers
		// release the query, then the lock, however it ends.
		result, err := func() (*common.UpdateResult, error) {
			defer abideLockForWrite(params.DB, params.Collection, u.Filter)()

			var qp backends.QueryParams
			if !h.DisablePushdown {
				qp.Filter = u.Filter
			}

			res, err := c.Query(ctx, &qp)
			if err != nil {
				return nil, lazyerrors.Error(err)
			}

			closer := iterator.NewMultiCloser()
			defer closer.Close()

			closer.Add(res.Iter)

			iter := common.FilterIterator(res.Iter, closer, u.Filter)

			if !u.Multi {
				iter = common.LimitIterator(iter, closer, 1)
			}

			return common.UpdateDocument(ctx, c, "update", iter, &u)
		}()
		if err != nil {`,
    why: 'each update statement reads, changes and writes under its lock',
  },
  {
    file: 'internal/handler/msg_findandmodify.go',
    from: `	cancel := func() {}
	if params.MaxTimeMS != 0 {`,
    to: `	// Abide: the find, the change and the write (or remove) under one lock (abide_write_locks.go).
	defer abideLockForWrite(params.DB, params.Collection, params.Query)()

	cancel := func() {}
	if params.MaxTimeMS != 0 {`,
    why: 'findAndModify reads, changes and writes under its lock',
  },
  {
    file: 'internal/handler/msg_delete.go',
    from: `		d, err = h.execDelete(connCtx, c, &p)`,
    to: `		// Abide: the find and the delete under one lock (abide_write_locks.go), so a document changed in between is
		// not deleted on the strength of what it was.
		d, err = func() (int32, error) {
			defer abideLockForWrite(params.DB, params.Collection, p.Filter)()
			return h.execDelete(connCtx, c, &p)
		}()`,
    why: 'delete finds and deletes under its lock',
  },
]);

/**
 * The source of `file` with its patches applied: `source` is upstream's text, or null when upstream has no such file.
 * Throws when an edit's text is not there exactly once, or a new file's name is already taken.
 */
export function patchSource(file, source) {
  const patches = FERRETDB_PATCHES.filter((p) => p.file === file);
  const create = patches.find((p) => p.create !== undefined);
  if (create && source !== null) throw new Error(`FerretDB patch "${create.why}" adds ${file}, but the source already has it`);
  if (!create && source === null) throw new Error(`FerretDB patches of ${file}: the source has no such file`);
  let patched = create ? create.create : source;
  for (const patch of patches.filter((p) => p !== create)) {
    const at = patched.indexOf(patch.from);
    if (at < 0 || patched.indexOf(patch.from, at + 1) >= 0) {
      throw new Error(`FerretDB patch "${patch.why}" does not apply to ${file}: its text is not there exactly once`);
    }
    patched = patched.replace(patch.from, () => patch.to); // a function: no $-patterns in Go text
  }
  return patched;
}
