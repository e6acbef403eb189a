// The header's name from its own module: the contracts' barrel would bring zod and every schema onto the landing page.
import { IDEMPOTENCY_KEY_HEADER } from '@abide/contracts/src/http/idempotency';

/**
 * The offline write queue's rules, without the browser: what a queued write is, how an answer to it is classed, and
 * how the queue is sent, in order (README "Offline", docs/api.md "Writes made offline"). The storage
 * (write-queue-store.ts), the app's wiring (shared/store/write-queue-sync.ts) and each feature's pieces build on this.
 */

/** A request as it is kept: plain data (IndexedDB stores no Headers), its Idempotency-Key among the headers. */
export interface StoredRequest {
  url: string;
  method: string;
  body?: unknown;
  headers: Record<string, string>;
}

/**
 * What is sent instead when the server refuses the write with `code`: a stated rule (an edit made on another device
 * meanwhile keeps both: the offline text becomes a new draft), then `notice` tells the member what happened.
 */
export interface ConflictFallback {
  code: string;
  request: StoredRequest;
  notice: string;
}

export interface QueuedWrite {
  /** The store's key, in the order the writes were made. */
  seq?: number;
  /** Whose write: a queue is only ever read, sent or shown for its own member. */
  memberId: string;
  /** The endpoint that made it: a feature shows it on its pages while it waits (its overlay, write-queue-registry.ts). */
  endpoint: string;
  request: StoredRequest;
  /** What the write is, in words, for the messages: "Your check-in of “Morning prayer” on Nov 30". */
  label: string;
  /** What it is about (`habit:<id>:<date>`, `journal:<id>`, `activity:<id>`): the page marks it "pending". */
  subject: string;
  /** The cache tags a sent write makes stale (what a direct write would have refreshed). */
  tags: string[];
  onConflict?: ConflictFallback;
  /** Set when the write is a conflict's fallback: told to the member once it is sent. */
  notice?: string;
  createdAt: string;
  attempts: number;
}

/** How a sent write's answer is taken. */
export type WriteOutcome =
  | { kind: 'sent'; data: unknown }
  /** The network, a timeout, 5xx, 429, or a repeat of a key still in progress: keep it, try again later. */
  | { kind: 'retry' }
  /** The session is gone for now: wait until the member is signed in again. */
  | { kind: 'wait-for-session' }
  /** The write's own conflict rule applies: send its fallback instead. */
  | { kind: 'conflict'; fallback: ConflictFallback }
  /** A refusal: nothing was changed; dropped from the queue and told to the member with the server's words. */
  | { kind: 'refused'; message: string };

/** An answer as RTK Query's fetchBaseQuery gives it. */
export interface SendResult {
  data?: unknown;
  error?: { status: number | string; originalStatus?: number; data?: unknown };
}

const problemField = (data: unknown, field: 'code' | 'detail' | 'title'): string | undefined => {
  const value = typeof data === 'object' && data !== null ? (data as Record<string, unknown>)[field] : undefined;
  return typeof value === 'string' ? value : undefined;
};

/** Statuses worth the same request again later: the server may answer otherwise then. */
const isTransient = (status: number) => status >= 500 || status === 408 || status === 425 || status === 429;

export const outcomeOf = (write: QueuedWrite, result: SendResult): WriteOutcome => {
  if (!result.error) return { kind: 'sent', data: result.data };
  const { status, originalStatus, data } = result.error;
  // FETCH_ERROR, TIMEOUT_ERROR: nothing (or nothing we know of) reached the server; the key makes a repeat safe.
  const httpStatus = typeof status === 'number' ? status : originalStatus;
  if (httpStatus === undefined) return { kind: 'retry' };
  if (httpStatus === 401) return { kind: 'wait-for-session' };
  const code = problemField(data, 'code');
  if (isTransient(httpStatus) || code === 'IDEMPOTENCY_KEY_IN_PROGRESS') return { kind: 'retry' };
  if (write.onConflict && code === write.onConflict.code) return { kind: 'conflict', fallback: write.onConflict };
  return {
    kind: 'refused',
    message: problemField(data, 'detail') ?? problemField(data, 'title') ?? `The server refused it (${httpStatus}).`,
  };
};

/** Waits after a failed try: 1 s doubling to at most a minute (a return of the connection sends at once anyway). */
export const retryDelayMs = (attempts: number): number => Math.min(60_000, 1_000 * 2 ** Math.max(0, attempts - 1));

/** The member-facing line for a write that could not be sent. */
export const refusalMessage = (write: QueuedWrite, reason: string): string => `${write.label} was not saved: ${reason}`;

/** Where the queue is kept (IndexedDB in the browser; a plain list in the specs). */
export interface WriteQueueStore {
  add(write: QueuedWrite): Promise<QueuedWrite>;
  list(memberId: string): Promise<QueuedWrite[]>;
  put(write: QueuedWrite): Promise<void>;
  remove(seq: number): Promise<void>;
  clear(memberId: string): Promise<void>;
}

/** What one pass over the queue did. */
export interface DrainReport {
  sent: QueuedWrite[];
  /** Refused and removed: what they showed on the pages must be read again. */
  dropped: QueuedWrite[];
  /** Lines for the member: refusals with their reasons, and what a conflict's rule did. */
  messages: string[];
  /** Why it stopped before the end, if it did. */
  stopped: 'retry' | 'wait-for-session' | null;
  /** The write that has to wait, with its tries counted. */
  waiting: QueuedWrite | null;
}

/**
 * A later edit of the same journal entry was made from the version the earlier one replaced: once that one is
 * saved, the later one is based on its answer's `updatedAt`, so the member's own edits never conflict with each other.
 */
const rebased = (later: QueuedWrite, sent: QueuedWrite, answer: unknown): QueuedWrite | null => {
  const updatedAt = typeof answer === 'object' && answer !== null ? (answer as { updatedAt?: unknown }).updatedAt : undefined;
  const body = later.request.body as { basedOn?: string } | undefined;
  if (later.subject !== sent.subject || typeof updatedAt !== 'string' || !body?.basedOn) return null;
  return { ...later, request: { ...later.request, body: { ...body, basedOn: updatedAt } } };
};

/**
 * Sends the member's queued writes one at a time, oldest first, each with its own Idempotency-Key (a write that was
 * applied before an answer was lost is answered again, not applied twice). A write to retry stops the pass, so a later
 * write never overtakes an earlier one; a refusal drops only that write.
 */
export async function drainQueue(
  store: WriteQueueStore,
  memberId: string,
  send: (request: StoredRequest) => Promise<SendResult>,
  /** Each write as it leaves the queue (sent or dropped), for the screen. */
  onFinished: (write: QueuedWrite) => void = () => undefined,
): Promise<DrainReport> {
  const report: DrainReport = { sent: [], dropped: [], messages: [], stopped: null, waiting: null };
  let queue = await store.list(memberId);
  while (queue.length > 0) {
    const [write, ...rest] = queue;
    const outcome = outcomeOf(write, await send(write.request));
    if (outcome.kind === 'retry' || outcome.kind === 'wait-for-session') {
      const waiting = { ...write, attempts: write.attempts + 1 };
      await store.put(waiting);
      return { ...report, stopped: outcome.kind, waiting };
    }
    if (outcome.kind === 'conflict') {
      // The fallback takes the write's place (same order), so a lost connection now still sends it later.
      const replaced: QueuedWrite = { ...write, request: outcome.fallback.request, notice: outcome.fallback.notice, onConflict: undefined };
      await store.put(replaced);
      queue = [replaced, ...rest];
      continue;
    }
    await store.remove(write.seq as number);
    if (outcome.kind === 'refused') {
      report.dropped.push(write);
      report.messages.push(refusalMessage(write, outcome.message));
    }
    if (outcome.kind === 'sent') {
      report.sent.push(write);
      if (write.notice) report.messages.push(write.notice);
      for (const [index, later] of rest.entries()) {
        const next = rebased(later, write, outcome.data);
        if (next) {
          await store.put(next);
          rest[index] = next;
        }
      }
    }
    queue = rest;
    onFinished(write);
  }
  return report;
}

/** The key a write is sent with (the same on every try). */
export const keyOf = (request: StoredRequest): string | undefined => request.headers[IDEMPOTENCY_KEY_HEADER];
