import AppContext, { type useAppProps } from 'antd/es/app/context';
import { useContext, useSyncExternalStore } from 'react';
import { preloadable } from '../lazy/preloadable';

/**
 * The app's one toast holder (at most one toast, 5 s), for every page: antd's App (ToastHost.tsx) mounted
 * beside the pages by AppShell, loaded the first time a page wants antd or a toast, then kept for good, so a toast
 * survives navigation ("Welcome back!" shows on the page sign-in leads to). Pages reach it through `App.useApp()`
 * (AntdShell provides it), or `useToasts()`.
 */
export type ToastApi = useAppProps;

/**
 * What `App.useApp()` answers, without importing antd's App: App brings the code of every popup kind (message,
 * notification, modal) into the page's download, which My Plan's first view does without (they load with the holder,
 * on the first toast).
 */
export const useToasts = (): ToastApi => useContext(AppContext);

export const toastHost = preloadable(() => import('./ToastHost'));

let api: ToastApi | undefined;
let wanted = false;
const waiting: Array<(api: ToastApi) => void> = [];
const listeners = new Set<() => void>();

/** Asks AppShell to mount the holder (loading antd if it is not there yet). */
export function wantToastHost(): void {
  if (wanted) return;
  wanted = true;
  for (const listener of listeners) listener();
}

/** ToastHost hands its API over once mounted; calls made before wait for it. */
export function toastHostReady(ready: ToastApi): void {
  api = ready;
  for (const resolve of waiting.splice(0)) resolve(ready);
}

export function useToastHostWanted(): boolean {
  return useSyncExternalStore(
    (listener) => {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    () => wanted,
  );
}

const whenReady = (): Promise<ToastApi> => {
  wantToastHost();
  return api ? Promise.resolve(api) : new Promise((resolve) => waiting.push(resolve));
};

type Handle = (() => void) & { destroy?: () => void; update?: (config: unknown) => void };
type Answer = Handle | { destroy?: () => void; update?: (config: unknown) => void } | undefined;

/**
 * What a call made before the holder is there answers: a dialog's `{ destroy, update }` (and a message's close
 * function), applied to the real one once it exists, so a caller that closes its dialog early (a page leaving, a
 * blocked navigation settled) does not meet `undefined`.
 */
const laterHandle = (later: Promise<unknown>): Handle => {
  const real = later as Promise<Answer>;
  return Object.assign(() => void real.then((h) => (typeof h === 'function' ? h() : h?.destroy?.())), {
    destroy: () => void real.then((h) => h?.destroy?.()),
    update: (config: unknown) => void real.then((h) => h?.update?.(config)),
  });
};

/** `notification.error({...})` and friends, forwarded to the holder, once it is there. */
function forward<K extends keyof ToastApi>(group: K): ToastApi[K] {
  return new Proxy({} as ToastApi[K], {
    get: (_target, method) => {
      return (...args: unknown[]) => {
        const call = (ready: ToastApi) => (ready[group][method as keyof ToastApi[K]] as (...a: unknown[]) => unknown)(...args);
        if (api) return call(api);
        return laterHandle(whenReady().then(call));
      };
    },
  });
}

/** The same object as antd's `App.useApp()`, backed by the one holder. */
export const toasts: ToastApi = {
  message: forward('message'),
  notification: forward('notification'),
  modal: forward('modal'),
};
