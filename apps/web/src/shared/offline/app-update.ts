import { useSyncExternalStore } from 'react';

/**
 * A new version of the app is installed and waiting (service-worker.ts says so). Kept apart from the worker's code so
 * the prompt costs the first page nothing: workbox-window loads after the first paint.
 */
let applyUpdate: (() => void) | null = null;
const listeners = new Set<() => void>();

export function updateWaiting(apply: () => void): void {
  applyUpdate = apply;
  listeners.forEach((listener) => listener());
}

/** The update to apply (reloads the page onto the new version), or null while none waits. */
export function useWaitingUpdate(): (() => void) | null {
  return useSyncExternalStore(
    (listener) => {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    () => applyUpdate,
    () => null,
  );
}
