import type { ProblemDetails } from '@abide/contracts';
import type { Page, Response } from 'playwright-core';

/**
 * A 429 the page was answered with, and the moment it names as the page must show it: in the browser's own clock and
 * locale, rounded up to the minute (never earlier than the server allows), so a spec checks the page against the
 * server's `retryAt`, never against a guess of its own.
 */
export const refusedUntil = async (page: Page, answer: Response): Promise<{ status: number; at: string }> => {
  const problem = (await answer.json()) as ProblemDetails;
  const at = await page.evaluate(
    (iso) => new Date(Math.ceil(Date.parse(iso) / 60_000) * 60_000).toLocaleTimeString([], { hour: 'numeric', minute: '2-digit' }),
    problem.retryAt ?? '',
  );
  return { status: answer.status(), at };
};
