import { createNextState, type Middleware, type UnknownAction } from '@reduxjs/toolkit';
import { defaultSerializeQueryArgs } from '@reduxjs/toolkit/query';

/** An edit of one cached read, shown before the server has answered the write that makes it. */
interface OptimisticChange {
  /** The read it edits (RTK Query's cache key). */
  queryCacheKey: string;
  recipe: (draft: never) => void;
  /** When the write was answered (ms since the epoch); undefined while it is on its way. */
  answeredAt?: number;
}

/** A read that left before the write's answer and lands long after it is not waited for (a lost tab, a sleep). */
const KEEP_AFTER_ANSWER_MS = 60_000;

const changes = new Set<OptimisticChange>();

interface QueryEntry {
  requestId?: string;
  startedTimeStamp?: number;
}
type QueryLanded = UnknownAction & { payload: unknown; meta: { requestId: string; arg: { type: 'query'; queryCacheKey: string } } };

const queryLanded = (action: unknown): action is QueryLanded => {
  const { type, meta } = action as { type?: unknown; meta?: { arg?: { type?: string; queryCacheKey?: unknown } } };
  return (
    typeof type === 'string' && type.endsWith('/fulfilled') && meta?.arg?.type === 'query' && typeof meta.arg.queryCacheKey === 'string'
  );
};

/**
 * Shows a write's change in a cached read at once (`show` applies `recipe` to it; RTK Query's `updateQueryData`), and
 * in every answer of that read which left before the write was answered: a refetch already on its way when the member
 * clicked (a live update, the previous click's) knows nothing of the write, and would draw the old state for a moment
 * before the next read brings the new one. A failed write takes the change back. `recipe` sets values (it must give
 * the same result applied twice): an answer that already has the write is left as it is.
 */
export async function showAtOnce<T>(
  read: { endpoint: string; arg: unknown },
  recipe: (draft: T) => void,
  show: (recipe: (draft: T) => void) => { undo(): void },
  answered: Promise<unknown>,
): Promise<void> {
  // The read's cache key as RTK Query makes it (no endpoint here serializes its arguments its own way).
  const queryCacheKey = defaultSerializeQueryArgs({
    endpointName: read.endpoint,
    queryArgs: read.arg,
    endpointDefinition: undefined as never,
  });
  const change: OptimisticChange = { queryCacheKey, recipe: recipe as (draft: never) => void };
  changes.add(change);
  const shown = show(recipe);
  try {
    await answered;
    change.answeredAt = Date.now();
  } catch {
    changes.delete(change);
    shown.undo();
  }
}

/**
 * Applies the changes still shown (showAtOnce) to a read's answer as it lands, when that read left before their write
 * was answered; a read that left after it has the write, so the change has done its work and is forgotten.
 */
export const optimisticChangesInReads =
  (reducerPath: string): Middleware =>
  (api) =>
  (next) =>
  (action) => {
    if (!queryLanded(action) || changes.size === 0) return next(action);
    const { queryCacheKey } = action.meta.arg;
    const entry = (api.getState() as Record<string, { queries: Record<string, QueryEntry | undefined> }>)[reducerPath]?.queries[
      queryCacheKey
    ];
    // The time this answer's request left (the cache entry's, while it is this request's).
    const leftAt = entry?.requestId === action.meta.requestId ? entry.startedTimeStamp : undefined;
    let payload = action.payload;
    const now = Date.now();
    for (const change of [...changes]) {
      // A change answered long ago has no read left that could still need it.
      if (change.answeredAt !== undefined && now - change.answeredAt > KEEP_AFTER_ANSWER_MS) changes.delete(change);
      if (change.queryCacheKey !== queryCacheKey || !changes.has(change)) continue;
      if (change.answeredAt !== undefined && leftAt !== undefined && leftAt >= change.answeredAt) {
        changes.delete(change);
        continue;
      }
      if (payload !== null && typeof payload === 'object') payload = createNextState(payload, change.recipe as (draft: unknown) => void);
    }
    return next(payload === action.payload ? action : { ...action, payload });
  };
