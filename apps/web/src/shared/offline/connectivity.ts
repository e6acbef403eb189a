import { useSyncExternalStore } from 'react';

/** What the tracker needs from the browser: the window's online/offline events and navigator.onLine. */
export interface ConnectivitySource {
  onLine(): boolean;
  addEventListener(type: 'online' | 'offline', listener: () => void): void;
}

/**
 * Whether the API can be reached, as far as this tab knows. navigator.onLine says false only when there is no network
 * at all; a captive portal, a dead Wi-Fi or a tunnel without signal still say true. So a request that failed on the
 * network also counts as offline until the next request that reaches the server (`reportReachable`).
 */
export function createConnectivity(source: ConnectivitySource | null) {
  let unreachable = false;
  const listeners = new Set<() => void>();
  const notify = () => listeners.forEach((listener) => listener());

  const isOnline = () => (source ? source.onLine() : true) && !unreachable;

  const subscribe = (listener: () => void) => {
    listeners.add(listener);
    return () => {
      listeners.delete(listener);
    };
  };

  // Listened to for the page's life (one tracker per tab). The network came back: give requests their chance again
  // (the next one that fails says offline once more).
  source?.addEventListener('online', () => {
    unreachable = false;
    notify();
  });
  source?.addEventListener('offline', notify);

  /** A request reached the server (`true`, whatever its status) or failed on the network (`false`). */
  const reportReachable = (ok: boolean) => {
    if (unreachable === !ok) return;
    unreachable = !ok;
    notify();
  };

  return { isOnline, subscribe, reportReachable };
}

const browserSource: ConnectivitySource | null =
  typeof window === 'undefined'
    ? null
    : {
        onLine: () => navigator.onLine,
        addEventListener: (type, listener) => window.addEventListener(type, listener),
      };

const connectivity = createConnectivity(browserSource);

/** True while this tab can reach the API as far as it knows (see createConnectivity). */
export const isOnline = connectivity.isOnline;

/** Tell the tracker whether a request reached the server: `false` for a network error, `true` for any answer. */
export const reportReachable = connectivity.reportReachable;

/** Follows connectivity changes; returns the unsubscribe. */
export const subscribeConnectivity = connectivity.subscribe;

/** Re-renders when the tab goes offline or comes back. */
export function useOnline(): boolean {
  return useSyncExternalStore(connectivity.subscribe, connectivity.isOnline, () => true);
}
