import { useLayoutEffect, useState } from 'react';

/** An element's content width in px, kept up to date as it resizes; undefined until it is measured. */
export function useElementWidth(element: HTMLElement | null): number | undefined {
  const [width, setWidth] = useState<number>();
  useLayoutEffect(() => {
    if (!element) return;
    // Reported once when observing starts, then on every change.
    const observer = new ResizeObserver(([entry]) => setWidth(entry.contentRect.width));
    observer.observe(element);
    return () => observer.disconnect();
  }, [element]);
  return width;
}
