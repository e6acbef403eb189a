/** Placeholder while the page is built (issue in progress). */
export function ReviewQueuePage() {
  return null;
}
