import type { Page } from 'playwright-core';
import { sidewaysScroll } from './layout';

/**
 * Layout checks for walking every page: what a person would notice at a given width — the page scrolls sideways, a
 * control (button, link, field, menu item) sits partly outside the window, or a box with hidden overflow cuts it.
 * Each finding names the control as a person would find it (its role and label), so the message says what to fix.
 */

/** Anything a person clicks, taps or types into. */
const CONTROLS = [
  'a[href]',
  'button',
  'input:not([type="hidden"])',
  'select',
  'textarea',
  '[role="button"]',
  '[role="link"]',
  '[role="menuitem"]',
  '[role="tab"]',
  '[role="checkbox"]',
  '[role="radio"]',
  '[role="switch"]',
  '[role="combobox"]',
  '[role="option"]',
  '[tabindex]:not([tabindex="-1"])',
].join(',');

/** How far (px) an edge may stray before it counts: sub-pixel rounding of fractional layouts. */
const TOLERANCE = 1;

/**
 * The controls of the page as shown that reach outside the window or are cut by an ancestor whose overflow is hidden
 * or clipped. Not counted: controls out of sight on purpose (hidden, inert, aria-hidden, a visually hidden input under
 * its styled box, a skip link parked off screen until focused) and controls inside a box that scrolls, which a person
 * reaches by scrolling that box.
 */
export function clippedControls(page: Page): Promise<string[]> {
  return page.evaluate(
    ({ selector, tolerance }) => {
      const width = window.innerWidth;
      const describe = (element: Element): string => {
        const role = element.getAttribute('role') ?? element.tagName.toLowerCase();
        const label =
          element.getAttribute('aria-label') ??
          ((element as HTMLElement).innerText || '').trim().replace(/\s+/g, ' ') ??
          '';
        const fallback =
          element.getAttribute('placeholder') ?? element.getAttribute('title') ?? element.getAttribute('name') ?? element.getAttribute('type') ?? '';
        const text = (label || fallback).slice(0, 60);
        const classes = (typeof element.className === 'string' ? element.className : '').split(/\s+/).filter(Boolean).slice(0, 2);
        return `${role} "${text}"${classes.length ? ` (.${classes.join('.')})` : ''}`;
      };
      const hiddenOnPurpose = (element: Element): boolean => {
        if (!element.checkVisibility({ visibilityProperty: true, contentVisibilityAuto: true })) return true;
        if (element.closest('[aria-hidden="true"], [inert]')) return true;
        const style = getComputedStyle(element);
        if (style.clip !== 'auto' || style.clipPath !== 'none') return true;
        const box = element.getBoundingClientRect();
        // Visually hidden (1 px) or parked far off screen until focused (a skip link).
        if (box.width <= 1 || box.height <= 1) return true;
        if (box.right < -500 || box.left > width + 500) return true;
        // A native input covered by its styled box (antd's checkbox, radio, switch and upload input): its size is that box's.
        return element instanceof HTMLInputElement && Number(style.opacity) === 0;
      };
      /** The box that clips this control, when one with hidden or clipped overflow cuts it (none when a box scrolls). */
      const clippingAncestor = (element: Element, box: DOMRect): { by: Element; scrolls: boolean } | undefined => {
        for (let parent = element.parentElement; parent && parent !== document.body; parent = parent.parentElement) {
          const style = getComputedStyle(parent);
          const x = style.overflowX;
          const y = style.overflowY;
          if (x === 'visible' && y === 'visible') continue;
          const outer = parent.getBoundingClientRect();
          const left = outer.left + parent.clientLeft;
          const right = left + parent.clientWidth;
          const top = outer.top + parent.clientTop;
          const bottom = top + parent.clientHeight;
          const cutX = x !== 'visible' && (box.left < left - tolerance || box.right > right + tolerance);
          const cutY = y !== 'visible' && (box.top < top - tolerance || box.bottom > bottom + tolerance);
          if (!cutX && !cutY) continue;
          const scrolls = (cutX && (x === 'auto' || x === 'scroll')) || (cutY && (y === 'auto' || y === 'scroll'));
          return { by: parent, scrolls };
        }
        return undefined;
      };
      const findings: string[] = [];
      const seen = new Set<Element>();
      for (const element of Array.from(document.querySelectorAll(selector))) {
        // A control inside another (an antd button's inner span with a role) is reported once, as the outer one.
        if (Array.from(seen).some((outer) => outer.contains(element))) continue;
        if (hiddenOnPurpose(element)) continue;
        seen.add(element);
        const box = element.getBoundingClientRect();
        const clip = clippingAncestor(element, box);
        if (clip?.scrolls) continue;
        const left = Math.max(0, -box.left);
        const right = Math.max(0, box.right - width);
        if (left > tolerance || right > tolerance) {
          findings.push(`${describe(element)} reaches ${Math.round(left)} px left and ${Math.round(right)} px right outside the window`);
          continue;
        }
        if (clip) {
          const by = clip.by;
          const classes = (typeof by.className === 'string' ? by.className : '').split(/\s+/).filter(Boolean).slice(0, 2);
          findings.push(
            `${describe(element)} is cut by <${by.tagName.toLowerCase()}${classes.length ? ` .${classes.join('.')}` : ''}> (overflow hidden): ` +
              `control ${Math.round(box.width)}×${Math.round(box.height)} px at ${Math.round(box.left)},${Math.round(box.top)}`,
          );
        }
      }
      return findings;
    },
    { selector: CONTROLS, tolerance: TOLERANCE },
  );
}

/**
 * Words of a label broken across two lines because their box is narrower than the word ("Attem / pts" in a table's
 * column heading). Only plain words of up to 14 letters: a longer run (a code, a link) may wrap anywhere on purpose.
 */
export function brokenWords(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const findings: string[] = [];
    const labels = document.querySelectorAll('th, h1, h2, h3, h4, button, label, a, dt, [role="tab"], [role="menuitem"], .ant-tag');
    for (const label of Array.from(labels)) {
      if (!label.checkVisibility({ visibilityProperty: true }) || label.closest('[aria-hidden="true"]')) continue;
      const walker = document.createTreeWalker(label, NodeFilter.SHOW_TEXT);
      for (let node = walker.nextNode(); node; node = walker.nextNode()) {
        const text = node.textContent ?? '';
        for (const match of text.matchAll(/\p{L}{2,14}/gu)) {
          const range = document.createRange();
          range.setStart(node, match.index);
          range.setEnd(node, match.index + match[0].length);
          const lines = new Set(Array.from(range.getClientRects()).filter((rect) => rect.width > 0).map((rect) => Math.round(rect.top)));
          if (lines.size > 1) findings.push(`${label.tagName.toLowerCase()} "${(label.textContent ?? '').trim().slice(0, 40)}" breaks the word "${match[0]}" across lines`);
        }
      }
    }
    return Array.from(new Set(findings));
  });
}

/** Every layout problem of the page as shown: sideways scroll first, then each clipped control, then broken words. */
export async function layoutProblems(page: Page): Promise<string[]> {
  const problems: string[] = [];
  const scroll = await sidewaysScroll(page);
  if (scroll > 0) {
    const widest = await page.evaluate(() => {
      // The element that sticks out furthest, to say what widens the page.
      let worst: { right: number; name: string } = { right: 0, name: '' };
      for (const element of Array.from(document.body.querySelectorAll('*'))) {
        const right = element.getBoundingClientRect().right;
        if (right >= worst.right) {
          const classes = (typeof element.className === 'string' ? element.className : '').split(/\s+/).filter(Boolean).slice(0, 2);
          worst = { right, name: `<${element.tagName.toLowerCase()}${classes.length ? ` .${classes.join('.')}` : ''}>` };
        }
      }
      return worst.name;
    });
    problems.push(`the page scrolls ${scroll} px sideways (widest: ${widest})`);
  }
  problems.push(...(await clippedControls(page)));
  problems.push(...(await brokenWords(page)));
  return problems;
}
