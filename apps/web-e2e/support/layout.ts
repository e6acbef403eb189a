import type { Locator, Page } from 'playwright-core';

/** How far (px) the page scrolls sideways: 0 when nothing is wider than the window. */
export const sidewaysScroll = (page: Page): Promise<number> =>
  page.evaluate(() => Math.max(0, document.documentElement.scrollWidth - window.innerWidth));

/** How far (px) an element reaches outside the window on its left and right (0 and 0 when it fits). */
export async function outsideWindow(page: Page, element: Locator): Promise<{ left: number; right: number }> {
  const box = await element.boundingBox();
  if (!box) throw new Error('the element is not shown');
  const width = page.viewportSize()?.width ?? 0;
  return { left: Math.max(0, -box.x), right: Math.max(0, box.x + box.width - width) };
}

/** How far (px) the widest box inside `region` scrolls sideways within itself (a table in a card): 0 when none does. */
export const sidewaysScrollWithin = (region: Locator): Promise<number> =>
  region.evaluate((root) =>
    Math.max(0, ...Array.from(root.querySelectorAll('*')).map((element) => element.scrollWidth - element.clientWidth - 1)),
  );
