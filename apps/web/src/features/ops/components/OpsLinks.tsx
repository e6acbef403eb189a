/**
 * Where an operator reads further. The API documentation is served by the gateway; the load suite's reports are files
 * in the repository (tools/bench), not served by any app, so the page says how to make them and where they are.
 */
export function OpsLinks() {
  return (
    <ul className="ops-links">
      <li>
        <a href="/api/docs" target="_blank" rel="noreferrer">
          API documentation (opens in a new tab)
        </a>
        <span className="ops-links__note">Every endpoint, its answers and its errors; Authorize takes your access token.</span>
      </li>
      <li>
        <span className="ops-table__strong">Latest load report</span>
        <span className="ops-links__note">
          Run <code>npm run bench</code> in the repository: each run writes <code>reports/&lt;time&gt;/</code> (k6 HTML reports and{' '}
          <code>summary.json</code>). The newest folder is the latest report; the web app does not serve it.
        </span>
      </li>
    </ul>
  );
}
