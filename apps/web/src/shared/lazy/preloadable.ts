import { useEffect, useState } from 'react';

/** A module loaded on demand, once; `loaded()` gives it synchronously once it has arrived. */
export interface Preloadable<T> {
  load(): Promise<T>;
  loaded(): T | undefined;
}

export function preloadable<T>(importer: () => Promise<T>): Preloadable<T> {
  let value: T | undefined;
  let pending: Promise<T> | undefined;
  return {
    load: () =>
      (pending ??= importer().then(
        (module) => (value = module),
        (error: unknown) => {
          // A failed chunk (a flaky network, a new deploy) may be asked for again.
          pending = undefined;
          throw error;
        },
      )),
    loaded: () => value,
  };
}

/** The module when it is there; while `wanted`, starts loading it and renders again once it has arrived. */
export function usePreloadable<T>(module: Preloadable<T>, wanted = true): T | undefined {
  const [, arrived] = useState(0);
  const value = module.loaded();
  useEffect(() => {
    if (!wanted || value !== undefined) return;
    let current = true;
    module.load().then(
      () => current && arrived((count) => count + 1),
      (error: unknown) => console.error('Failed to load part of the app', error),
    );
    return () => {
      current = false;
    };
  }, [module, wanted, value]);
  return value;
}
