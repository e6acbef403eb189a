import { useLayoutEffect, useState } from 'react';

/** Elements of the row that show only once it has folded (the menu button): not counted in what the row needs. */
const FOLD_ONLY = '[data-fold-only]';

const widthOf = (element: HTMLElement): number => {
  const style = getComputedStyle(element);
  if (style.display === 'none') return 0;
  const foldOnly = Array.from(element.querySelectorAll<HTMLElement>(FOLD_ONLY)).reduce(
    (sum, child) => sum + (getComputedStyle(child).display === 'none' ? 0 : child.offsetWidth + (parseFloat(style.columnGap) || 0)),
    0,
  );
  return element.scrollWidth - foldOnly;
};

/**
 * The width a flex row's children need side by side: their natural widths (a folded navigation keeps its width while
 * hidden), the gaps between them and the row's padding.
 */
function neededWidth(row: HTMLElement): number {
  const style = getComputedStyle(row);
  const widths = (Array.from(row.children) as HTMLElement[]).map(widthOf).filter((width) => width > 0);
  const gap = parseFloat(style.columnGap) || 0;
  const padding = (parseFloat(style.paddingLeft) || 0) + (parseFloat(style.paddingRight) || 0);
  return widths.reduce((sum, width) => sum + width, 0) + gap * Math.max(0, widths.length - 1) + padding;
}

/**
 * Whether a row (the header's bar) must fold its navigation into the menu: when its children's natural widths no longer
 * fit side by side. Measured rather than set by breakpoints, since what the bar holds varies (a moderator's or admin's
 * extra links, a church's badge, a long name, the web font arriving after the first paint): the row and each child are
 * observed, so any of these changes measures again.
 */
export function useCollapseWhenFull<T extends HTMLElement>() {
  const [row, setRow] = useState<T | null>(null);
  const [collapsed, setCollapsed] = useState(false);

  useLayoutEffect(() => {
    if (!row) return;
    // A ResizeObserver reports each element's size once when it starts observing, then on every change.
    const observer = new ResizeObserver(() => setCollapsed(neededWidth(row) > row.clientWidth + 1));
    observer.observe(row);
    for (const child of Array.from(row.children)) observer.observe(child);
    return () => observer.disconnect();
  }, [row]);

  return { ref: setRow, collapsed };
}
