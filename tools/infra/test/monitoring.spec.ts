// The monitoring files in deploy/: the Grafana dashboard only asks for series the services export, and docker-compose's
// Prometheus scrapes the same targets as the local engine (both read deploy/prometheus/targets.json).
import { HISTOGRAM_METRIC_NAMES, METRIC_NAMES } from '@abide/contracts';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { parse } from 'yaml';

const root = path.resolve(__dirname, '../../..');
const read = (file: string) => readFileSync(path.join(root, file), 'utf8');

type Target = { refId: string; expr: string; datasource?: { uid?: string } };
type Panel = { id: number; type: string; title: string; targets?: Target[]; datasource?: { uid?: string } };
type Dashboard = {
  uid: string;
  title: string;
  panels: Panel[];
  templating: { list: { name: string; type: string; query: unknown }[] };
};

// PromQL words that are not series names: aggregations (which may take `by (…)` before their parentheses) and their
// modifiers, binary operators, vector matching.
const KEYWORDS = new Set([
  ...['sum', 'min', 'max', 'avg', 'group', 'stddev', 'stdvar', 'count', 'count_values', 'bottomk', 'topk', 'quantile'],
  ...['by', 'without', 'on', 'ignoring', 'group_left', 'group_right', 'bool', 'offset', 'and', 'or', 'unless'],
]);

/** The series names a PromQL expression selects (function calls, labels, strings and durations left out). */
function seriesNames(expr: string): string[] {
  const bare = expr
    .replace(/"(?:[^"\\]|\\.)*"/g, '""') // label values
    .replace(/\{[^}]*\}/g, '') // label matchers
    .replace(/\[[^\]]*\]/g, '') // range and subquery durations
    .replace(/\b(by|without|on|ignoring|group_left|group_right)\s*\([^)]*\)/g, '$1') // grouping labels
    .replace(/\$\w+/g, ''); // Grafana variables
  const names: string[] = [];
  for (const m of bare.matchAll(/[a-zA-Z_:][a-zA-Z0-9_:]*/g)) {
    const after = bare.slice(m.index + m[0].length).trimStart();
    if (after.startsWith('(') || KEYWORDS.has(m[0])) continue; // a function or aggregation
    if (/^\d/.test(bare.slice(Math.max(0, m.index - 1), m.index))) continue; // an exponent or unit of a number
    names.push(m[0]);
  }
  return names;
}

const SERIES = new Set<string>([...METRIC_NAMES, ...HISTOGRAM_METRIC_NAMES.flatMap((h) => [`${h}_bucket`, `${h}_sum`, `${h}_count`])]);
/** Whether a name is a series the services export: a metric of the contract, or one of a histogram's series. */
const exported = (name: string) => SERIES.has(name);

describe('seriesNames (how the dashboard check reads a query)', () => {
  it('finds the series in a query and leaves functions, labels, variables and durations out', () => {
    expect(
      seriesNames(
        'histogram_quantile(0.95, sum by (service, le) (rate(http_request_duration_seconds_bucket{service=~"$service", status=~"5.."}[$__rate_interval])))',
      ),
    ).toEqual(['http_request_duration_seconds_bucket']);
    expect(seriesNames('sum(rate(a_total[5m])) / on (service) group_left sum(b_total) > bool 1e3')).toEqual(['a_total', 'b_total']);
  });

  it('tells a series the services export from one they do not', () => {
    expect(['http_requests_total', 'outbox_publish_seconds_bucket', 'nodejs_eventloop_lag_p99_seconds'].every(exported)).toBe(true);
    expect(['http_requests', 'http_requests_total_bucket', 'outbox_backlog_sum', 'kafka_lag', 'up'].filter(exported)).toEqual([]);
  });
});

describe('deploy/grafana/abide-dashboard.json', () => {
  const dashboard = JSON.parse(read('deploy/grafana/abide-dashboard.json')) as Dashboard;
  const queryPanels = dashboard.panels.filter((p) => p.type !== 'row');
  const exprs = queryPanels.flatMap((p) => (p.targets ?? []).map((t) => ({ panel: p.title, expr: t.expr })));

  it('is a dashboard whose every panel queries the Prometheus chosen in its datasource variable', () => {
    expect(dashboard.uid).toBeTruthy();
    expect(dashboard.templating.list.find((v) => v.name === 'datasource')).toMatchObject({ type: 'datasource', query: 'prometheus' });
    expect(queryPanels.length).toBeGreaterThan(0);
    for (const panel of queryPanels) {
      expect({ panel: panel.title, targets: (panel.targets ?? []).length > 0 }).toEqual({ panel: panel.title, targets: true });
      for (const t of [panel, ...(panel.targets ?? [])])
        expect({ panel: panel.title, uid: t.datasource?.uid }).toEqual({ panel: panel.title, uid: '${datasource}' });
    }
    expect(new Set(dashboard.panels.map((p) => p.id)).size).toBe(dashboard.panels.length);
  });

  it('only queries series the services export (libs/contracts/src/metric-names.ts)', () => {
    const unknown = exprs.flatMap(({ panel, expr }) =>
      seriesNames(expr)
        .filter((n) => !exported(n))
        .map((name) => ({ panel, name })),
    );
    expect(unknown).toEqual([]);
  });

  it('shows the ops page figures: request rate, p95 latency and errors per service, consumer lag, outbox backlog, queue depths, event-loop lag', () => {
    const queried = (pattern: RegExp) => exprs.filter(({ expr }) => pattern.test(expr)).map(({ panel }) => panel);
    expect(queried(/rate\(http_requests_total\{service=~"\$service"\}/)).not.toEqual([]);
    expect(queried(/histogram_quantile\(0\.95, sum by \(service, le\) \(rate\(http_request_duration_seconds_bucket/)).not.toEqual([]);
    expect(queried(/http_requests_total\{[^}]*status=~"5\.\."/)).not.toEqual([]);
    expect(queried(/kafka_consumer_lag/)).not.toEqual([]);
    expect(queried(/outbox_backlog/)).not.toEqual([]);
    expect(queried(/bullmq_jobs/)).not.toEqual([]);
    expect(queried(/nodejs_eventloop_lag/)).not.toEqual([]);
  });
});

describe('deploy/prometheus', () => {
  type Group = { targets: string[]; labels: { service: string } };
  const targets = JSON.parse(read('deploy/prometheus/targets.json')) as Group[];
  const config = parse(read('deploy/prometheus/prometheus.yml')) as {
    global: { scrape_interval: string };
    scrape_configs: { job_name: string; honor_labels?: boolean; dns_sd_configs?: { names: string[]; port: number }[] }[];
  };
  const compose = parse(read('docker-compose.yml')) as {
    services: Record<string, { image?: string; volumes?: string[]; command?: string[] }>;
  };

  it('lists each service once, on its own metrics port of the dev stack (9464–9468)', () => {
    const list = targets.map((g) => ({ service: g.labels.service, target: g.targets.join(',') }));
    expect(list).toEqual(
      ['gateway', 'identity', 'formation', 'library', 'community'].map((service, i) => ({ service, target: `${service}:${9464 + i}` })),
    );
  });

  it("is what docker-compose's Prometheus runs: this configuration, finding every container of each service, every 5 s", () => {
    const prometheus = compose.services.prometheus;
    expect(prometheus.image).toMatch(/^prom\/prometheus:v3\.9\.1$/);
    const mounts = Object.fromEntries((prometheus.volumes ?? []).map((v) => v.split(':')).map(([from, to]) => [to, from]));
    const [job] = config.scrape_configs;
    // Each service's name on the compose network, at its metrics port: Docker's DNS answers it with every replica.
    expect(job.dns_sd_configs?.map((d) => `${d.names[0]}:${d.port}`)).toEqual(targets.map((g) => g.targets[0]));
    expect(mounts['/etc/prometheus/prometheus.yml']).toBe('./deploy/prometheus/prometheus.yml');
    expect(prometheus.command).toContain('--config.file=/etc/prometheus/prometheus.yml');
    expect(config.global.scrape_interval).toBe('5s');
    // The services' own `service` label wins over the target's (not renamed exported_service).
    expect(job.honor_labels).toBe(true);
  });
});
