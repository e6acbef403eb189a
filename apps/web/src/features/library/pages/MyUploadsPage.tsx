/** Placeholder while the page is built (issue in progress). */
export function MyUploadsPage() {
  return null;
}
