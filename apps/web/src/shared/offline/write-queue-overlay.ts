import { createNextState, type Middleware, type UnknownAction } from '@reduxjs/toolkit';
import type { QueuedWrite } from './write-queue';
import { pendingOverlay } from './write-queue-registry';
import type { WriteQueueState } from './write-queue-slice';

type ReadLanded = UnknownAction & { payload: unknown; meta: { arg: { type: 'query'; endpointName: string; originalArgs: unknown } } };

/** A read's answer about to be stored (from the server or the device's copy), of an endpoint a feature overlays. */
const landingRead = (action: unknown): action is ReadLanded => {
  const { type, meta } = action as { type?: unknown; meta?: { arg?: { type?: string; endpointName?: string } } };
  return (
    typeof type === 'string' &&
    type.endsWith('/fulfilled') &&
    meta?.arg?.type === 'query' &&
    pendingOverlay(meta.arg.endpointName ?? '') !== undefined
  );
};

/** One read's data with the waiting writes shown in it (a copy: the answer itself is left as it came). */
export const withPendingWrites = (endpoint: string, data: unknown, queryArg: unknown, pending: readonly QueuedWrite[]): unknown => {
  const apply = pendingOverlay(endpoint);
  if (!apply || pending.length === 0 || data === null || typeof data !== 'object') return data;
  return createNextState(data, (draft) => void apply(draft, pending, queryArg));
};

/**
 * Shows the member's waiting writes in a read before it is stored, so a page never draws a read without them and
 * then again with them: a list stays still under the member's finger while a read lands (a refetch, a read served
 * from the device's copy offline). Reads already stored are updated when a write is queued (shared/store/write-queue-sync.ts).
 */
export const pendingWritesInReads: Middleware<object, { writeQueue: WriteQueueState }> = (api) => (next) => (action) => {
  if (!landingRead(action)) return next(action);
  const { pending } = api.getState().writeQueue;
  const { endpointName, originalArgs } = action.meta.arg;
  return next({ ...action, payload: withPendingWrites(endpointName, action.payload, originalArgs, pending) });
};
