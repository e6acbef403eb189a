import type { ReviewItem } from '@abide/contracts';

/** Issue 5: the queue is worked oldest first. */
export function oldestFirst(items: readonly ReviewItem[]): ReviewItem[] {
  return [...items].sort((a, b) => a.queuedAt.localeCompare(b.queuedAt));
}

/** The item to show: the chosen one while it is still queued, else the oldest. */
export function selectedItem(items: readonly ReviewItem[], chosenId: string | null): ReviewItem | null {
  return items.find((item) => item.id === chosenId) ?? items[0] ?? null;
}

export function causeLabel(item: Pick<ReviewItem, 'cause' | 'reports'>): string {
  if (item.cause === 'submitted') return 'New upload';
  const n = item.reports.length;
  return `Reported ${n === 1 ? 'once' : `${n} times`}`;
}

/** '22 Nov 2026, 14:05' in the reader's own time zone. */
export function formatWhen(iso: string, locale = 'en-GB', timeZone?: string): string {
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return iso;
  return new Intl.DateTimeFormat(locale, { dateStyle: 'medium', timeStyle: 'short', timeZone }).format(date);
}
