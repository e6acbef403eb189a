import { createParser, type EventSourceMessage } from 'eventsource-parser';
import { request } from 'undici';

/** One message of a live stream as a test sees it: its SSE event name, id (the cursor) and parsed data. */
export interface LiveMessage {
  event: string;
  id: string | undefined;
  data: unknown;
  receivedAt: number;
}

export interface LiveStreamClient {
  status: number;
  headers: Record<string, string | string[] | undefined>;
  /** The body of a refused stream (a problem), else undefined. */
  problem: unknown;
  messages: LiveMessage[];
  /** The id of the latest message: what Last-Event-ID resumes after. */
  cursor(): string | undefined;
  /** Resolves with the first message (from the start) that matches, waiting up to `timeoutMs`. */
  next(match: (m: LiveMessage) => boolean, timeoutMs?: number): Promise<LiveMessage>;
  /** Resolves when the server ended the stream. */
  ended: Promise<void>;
  close(): void;
}

/**
 * Opens `GET <base>/api/live` as a browser's fetch-based client does (bearer header, optional Last-Event-ID) and
 * collects its messages, for tests and the load suite's push probe.
 */
export const openLiveStream = async (
  base: string,
  { token, lastEventId, headers = {} }: { token?: string; lastEventId?: string; headers?: Record<string, string> } = {},
): Promise<LiveStreamClient> => {
  const controller = new AbortController();
  const response = await request(`${base}/api/live`, {
    method: 'GET',
    headers: {
      accept: 'text/event-stream',
      ...(token ? { authorization: `Bearer ${token}` } : {}),
      ...(lastEventId ? { 'last-event-id': lastEventId } : {}),
      ...headers,
    },
    signal: controller.signal,
  });
  const messages: LiveMessage[] = [];
  const waiters = new Set<() => void>();
  let endedResolve!: () => void;
  const ended = new Promise<void>((resolve) => (endedResolve = resolve));
  let problem: unknown;
  if (response.statusCode !== 200) {
    problem = await response.body.json().catch(() => undefined);
    endedResolve();
  } else {
    const parser = createParser({
      onEvent: (message: EventSourceMessage) => {
        let data: unknown = message.data;
        try {
          data = JSON.parse(message.data);
        } catch {
          // not JSON: kept as text
        }
        messages.push({ event: message.event ?? 'message', id: message.id, data, receivedAt: performance.now() });
        for (const wake of [...waiters]) wake();
      },
    });
    const decoder = new TextDecoder();
    response.body.on('data', (chunk: Buffer) => parser.feed(decoder.decode(chunk, { stream: true })));
    response.body.on('end', () => endedResolve());
    response.body.on('error', () => endedResolve());
    response.body.on('close', () => endedResolve());
  }
  const next = (match: (m: LiveMessage) => boolean, timeoutMs = 15_000): Promise<LiveMessage> =>
    new Promise((resolve, reject) => {
      // A stream refused (401, 429, 503) never sends anything: say so at once, with the answer.
      if (response.statusCode !== 200) {
        reject(new Error(`the live stream was answered ${response.statusCode}: ${JSON.stringify(problem)}`));
        return;
      }
      const check = () => {
        const found = messages.find(match);
        if (!found) return false;
        waiters.delete(check);
        clearTimeout(timer);
        resolve(found);
        return true;
      };
      const timer = setTimeout(() => {
        waiters.delete(check);
        reject(new Error(`no matching live message within ${timeoutMs} ms; got ${JSON.stringify(messages.map((m) => [m.event, m.data]))}`));
      }, timeoutMs);
      if (!check()) waiters.add(check);
    });
  return {
    status: response.statusCode,
    headers: response.headers,
    problem,
    messages,
    cursor: () => [...messages].reverse().find((m) => m.id)?.id,
    next,
    ended,
    close: () => controller.abort(),
  };
};
