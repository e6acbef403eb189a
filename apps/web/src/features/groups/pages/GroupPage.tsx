/** Placeholder while the page is built (issue in progress). */
export function GroupPage() {
  return null;
}
