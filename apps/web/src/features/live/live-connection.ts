// Deep import: the barrel would bring every contract's schema into the signed-in frame's download (My Plan's budget).
import { type LiveChange, livePushSchema, liveStreamEvents } from '@abide/contracts/src/live/live-signal';
import { fetchEventSource } from '@microsoft/fetch-event-source';
import { rawRoutes } from '../../shared/raw-routes';
import { reconnectDelay } from './live-tags';

export interface LiveConnectionOptions {
  /** The current access token (read at every attempt: it is refreshed while the stream lives). */
  token: () => string | null;
  onChange: (change: LiveChange) => void;
  /** The stream could not replay everything since the last id: refetch what is on screen. */
  onResync: () => void;
  /** A 401: refresh the session; false when it is gone (the stream stops). */
  onUnauthorized: () => Promise<boolean>;
}

/** The session was refreshed after a 401: reconnect now with the new token. */
class Refreshed extends Error {}
/** Signed out, or closed: no more attempts. */
class Stop extends Error {}

/**
 * The member's live stream (`GET /api/live`): fetch-based, so the token goes in the Authorization header and never
 * in a URL. It reconnects by itself after any end (the token expired, the gateway restarted, the connection dropped or
 * fell behind) with a growing delay, sending the last message's id as Last-Event-ID so nothing is missed; while the
 * tab is hidden it closes and resumes the same way when shown. Returns a function that closes it for good.
 */
export const connectLive = (options: LiveConnectionOptions): (() => void) => {
  const controller = new AbortController();
  let failures = 0;
  void fetchEventSource(rawRoutes.liveStream.path, {
    signal: controller.signal,
    headers: { accept: 'text/event-stream' },
    credentials: 'omit',
    // The token of this attempt (fetchEventSource keeps Last-Event-ID in its own headers between attempts).
    fetch: (input, init) => {
      const token = options.token();
      if (!token) return Promise.reject(new Stop('signed out'));
      return window.fetch(input, { ...init, headers: { ...(init?.headers as Record<string, string>), authorization: `Bearer ${token}` } });
    },
    onopen: async (response) => {
      if (response.status === 401) {
        failures += 1;
        throw (await options.onUnauthorized()) ? new Refreshed() : new Stop('session gone');
      }
      if (!response.ok || !response.headers.get('content-type')?.startsWith('text/event-stream')) {
        throw new Error(`live stream answered ${response.status}`);
      }
      failures = 0;
    },
    onmessage: (message) => {
      if (message.event === liveStreamEvents.resync) options.onResync();
      if (message.event !== liveStreamEvents.change) return;
      const push = livePushSchema.safeParse(JSON.parse(message.data || 'null'));
      if (push.success) options.onChange(push.data.change);
    },
    // The server ended the stream (token expiry, shutdown, shed): go round again with the last id.
    onclose: () => {
      throw new Error('live stream ended');
    },
    onerror: (error: unknown) => {
      if (controller.signal.aborted || error instanceof Stop) throw error;
      // Once at once after a refresh; a 401 again waits like any failure.
      if (error instanceof Refreshed) return failures > 1 ? reconnectDelay(failures) : 0;
      failures += 1;
      return reconnectDelay(failures);
    },
  }).catch(() => undefined);
  return () => controller.abort();
};
