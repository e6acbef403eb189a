import type { ConflictFallback, QueuedWrite, StoredRequest } from './write-queue';

/**
 * The per-feature pieces of the offline queue, registered by each feature's API module: which mutations may wait for
 * the connection (and how their writes are named and marked), and how a feature's cached reads show the writes that
 * wait. The shared queue knows no feature; a feature knows nothing of IndexedDB or of sending.
 */
export interface QueueableWrite {
  /** The label, subject, tags and conflict rule of one request of this endpoint, read from the request and the cache. */
  describe(request: StoredRequest, state: unknown): Pick<QueuedWrite, 'label' | 'subject' | 'tags'> & { onConflict?: ConflictFallback };
}

/** Shows the waiting writes in one cached read (idempotent: it may run again over data it already changed). */
export type PendingOverlay = (data: unknown, pending: readonly QueuedWrite[], queryArg: unknown) => void;

const writes = new Map<string, QueueableWrite>();
const overlays = new Map<string, PendingOverlay>();

export const registerQueueableWrite = (endpoint: string, write: QueueableWrite): void => {
  writes.set(endpoint, write);
};
export const queueableWrite = (endpoint: string): QueueableWrite | undefined => writes.get(endpoint);

export const registerPendingOverlay = (queryEndpoint: string, overlay: PendingOverlay): void => {
  overlays.set(queryEndpoint, overlay);
};
export const pendingOverlay = (queryEndpoint: string): PendingOverlay | undefined => overlays.get(queryEndpoint);
export const overlaidEndpoints = (): string[] => [...overlays.keys()];

/** The data of every cached read of one endpoint (to name a write by what the member saw: a habit's name). */
export const cachedReads = (state: unknown, endpoint: string): unknown[] => {
  const queries = (state as { api?: { queries?: Record<string, { endpointName?: string; data?: unknown } | undefined> } }).api?.queries;
  return Object.values(queries ?? {})
    .filter((entry) => entry?.endpointName === endpoint && entry.data !== undefined)
    .map((entry) => entry?.data);
};

/** A path segment of a request's URL (`/habits/<id>/toggle`: segment 1 is the id), decoded. */
export const pathSegment = (url: string, index: number): string => decodeURIComponent(url.split('/').filter(Boolean)[index] ?? '');

/** The notice a page shows when its write was kept for later. */
export const QUEUED_NOTICE = {
  title: 'Saved on this device',
  description: "You're offline; it is sent as soon as the connection is back.",
} as const;
