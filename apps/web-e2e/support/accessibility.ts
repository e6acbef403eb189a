import axe from 'axe-core';
import type { Page } from 'playwright-core';
import { viewports } from './browser';

/** The WCAG 2.0–2.2 A and AA rules. */
const wcagTags = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa'];

type Width = keyof typeof viewports;

export interface AccessibilityOptions {
  /**
   * Which widths to check. By default the page is checked as shown, then at the other width (the viewport is
   * resized and put back), so one visit covers desktop and phone. A menu or drawer that only exists at one
   * width passes only the width it is shown at.
   */
  widths?: Width[];
  /** CSS selectors left out of the check: only for a proven false positive, with the reason beside the call. */
  exclude?: string[];
}

interface Finding {
  id: string;
  impact?: string | null;
  help: string;
  helpUrl: string;
  nodes: Array<{ target: unknown[]; failureSummary?: string }>;
}

/**
 * Runs axe-core's WCAG A/AA rules on the page as it is now (a dialog or drawer that is open is part of it) and
 * fails with every violation: rule, impact, help text and each element's selector with axe's reason, so the
 * message alone says what to fix.
 */
export async function expectAccessible(page: Page, label: string, options: AccessibilityOptions = {}): Promise<void> {
  const shown = page.viewportSize() ?? viewports.desktop;
  const current: Width = shown.width <= viewports.phone.width ? 'phone' : 'desktop';
  const widths = options.widths ?? [current, current === 'desktop' ? 'phone' : 'desktop'];
  const report: string[] = [];
  try {
    for (const width of widths) {
      if (width !== current || page.viewportSize()?.width !== shown.width) await page.setViewportSize(viewports[width]);
      const findings = await scan(page, options.exclude ?? []);
      if (findings.length > 0) report.push(reportOf(`${label} at ${width} width (${viewports[width].width} px)`, findings));
    }
  } finally {
    if (page.viewportSize()?.width !== shown.width) await page.setViewportSize(shown);
  }
  if (report.length > 0) throw new Error(`Accessibility violations (axe-core ${axe.version}, WCAG 2.2 A/AA):\n${report.join('\n')}`);
}

async function scan(page: Page, exclude: string[]): Promise<Finding[]> {
  if (!(await page.evaluate(() => 'axe' in window))) await page.addScriptTag({ content: axe.source });
  await settle(page);
  return page.evaluate(
    async ({ tags, exclude }) => {
      const run = (window as unknown as { axe: typeof axe }).axe;
      const context = exclude.length > 0 ? { include: [['html']], exclude: exclude.map((selector) => [selector]) } : document;
      const result = await run.run(context as never, { runOnly: { type: 'tag', values: tags }, resultTypes: ['violations'] });
      return result.violations.map(({ id, impact, help, helpUrl, nodes }) => ({
        id,
        impact,
        help,
        helpUrl,
        nodes: nodes.map(({ target, failureSummary }) => ({ target, failureSummary })),
      }));
    },
    { tags: wcagTags, exclude },
  );
}

/**
 * Waits for running animations that end (a modal's zoom, a drawer's slide, a tooltip's fade, the relayout after a
 * resize) to finish: mid-way, a half-transparent element reads as low contrast. Spinners loop forever and paused
 * animations never finish: both are left alone, as is the 2 s fade of antd's click ripple (.ant-wave, an empty
 * overlay with no text); the wait stops after 2 s in any case.
 */
async function settle(page: Page): Promise<void> {
  await page.evaluate(async () => {
    const deadline = Date.now() + 2_000;
    const running = () =>
      document.getAnimations().filter((animation) => {
        const end = animation.effect?.getComputedTiming().endTime;
        const target = animation.effect instanceof KeyframeEffect ? animation.effect.target : null;
        if (target instanceof Element && target.classList.contains('ant-wave')) return false;
        return animation.playState === 'running' && typeof end === 'number' && Number.isFinite(end);
      });
    for (let now = running(); now.length > 0 && Date.now() < deadline; now = running()) {
      const left = deadline - Date.now();
      await Promise.race([
        Promise.all(now.map((animation) => animation.finished.catch(() => undefined))),
        new Promise((r) => setTimeout(r, left)),
      ]);
    }
    // One more frame, so the styles set as an animation ends are painted before axe reads colours.
    await new Promise((resolve) => requestAnimationFrame(() => resolve(undefined)));
  });
}

function reportOf(where: string, findings: Finding[]): string {
  const lines = [`${where}: ${findings.length} rule(s) violated`];
  for (const finding of findings) {
    lines.push(`  - ${finding.id} [${finding.impact ?? 'unknown'}] ${finding.help} (${finding.helpUrl})`);
    for (const node of finding.nodes) {
      lines.push(`      at ${node.target.map(String).join(' >>> ')}`);
      const why = node.failureSummary?.split('\n').filter((line) => line.trim() && !/^Fix (any|all) of/.test(line.trim()));
      if (why?.length) lines.push(`         ${why.map((line) => line.trim()).join(' | ')}`);
    }
  }
  return lines.join('\n');
}
