/** The first tab stop: straight past the header to the page. */
export function SkipLink() {
  return (
    <a className="skip-link" href="#content">
      Skip to content
    </a>
  );
}
