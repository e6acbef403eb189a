import { useLayoutEffect, useState } from 'react';

/** The width a flex row's children need side by side: their own widths, the gaps between them and the row's padding. */
function neededWidth(row: HTMLElement): number {
  const style = getComputedStyle(row);
  const shown = (Array.from(row.children) as HTMLElement[]).filter((child) => getComputedStyle(child).display !== 'none');
  const gap = parseFloat(style.columnGap) || 0;
  const padding = (parseFloat(style.paddingLeft) || 0) + (parseFloat(style.paddingRight) || 0);
  return shown.reduce((sum, child) => sum + child.scrollWidth, 0) + gap * Math.max(0, shown.length - 1) + padding;
}

/**
 * Whether a row (the header's bar) must fold its navigation into the menu: true once its children no longer fit side
 * by side, false again when the row is back to the width they needed. Measured rather than set by breakpoints, since
 * what the bar holds varies (a moderator's or admin's extra links, a church's badge, a long name). `content` names
 * what sets the children's widths: when it changes, the full row is shown and measured afresh.
 */
export function useCollapseWhenFull<T extends HTMLElement>(content: string) {
  const [row, setRow] = useState<T | null>(null);
  const [fold, setFold] = useState<{ content: string; needed: number } | null>(null);
  const collapsed = fold !== null && fold.content === content;

  useLayoutEffect(() => {
    if (!row) return;
    // A ResizeObserver reports the row's size once when it starts observing, then on every change.
    const observer = new ResizeObserver(() => {
      if (!collapsed) {
        const needed = neededWidth(row);
        if (needed > row.clientWidth + 1) setFold({ content, needed });
      } else if (fold && row.clientWidth >= fold.needed) {
        setFold(null);
      }
    });
    observer.observe(row);
    return () => observer.disconnect();
  }, [row, collapsed, content, fold]);

  return { ref: setRow, collapsed };
}
