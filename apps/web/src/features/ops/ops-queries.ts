/**
 * Every PromQL query the Operations page sends, in one place. They use only the metric names every service exports
 * (docs/architecture.md, "Operations"), grouped by their `service` label (or the queue's), one line per group.
 */

/** How a figure is shown: its unit decides the axis and the text summary. */
export type MetricUnit = 'perSecond' | 'seconds' | 'count';

export interface MetricChartDef {
  /** Stable key (React key, test ids). */
  key: string;
  title: string;
  /** One sentence under the title: what the figure is. */
  description: string;
  query: string;
  unit: MetricUnit;
  /** The labels that name a line, in order (`service`, or `queue` and `state`). */
  seriesLabels: readonly string[];
}

export const metricCharts: readonly MetricChartDef[] = [
  {
    key: 'request-rate',
    title: 'Request rate',
    description: 'HTTP requests per second, by service.',
    query: 'sum by (service) (rate(http_requests_total[1m]))',
    unit: 'perSecond',
    seriesLabels: ['service'],
  },
  {
    key: 'latency-p95',
    title: 'Latency (95th percentile)',
    description: '95 of 100 requests are answered within this time, by service.',
    query: 'histogram_quantile(0.95, sum by (service, le) (rate(http_request_duration_seconds_bucket[1m])))',
    unit: 'seconds',
    seriesLabels: ['service'],
  },
  {
    key: 'errors',
    title: 'Server errors',
    description: 'Answers with a 5xx status per second, by service.',
    // A service with no 5xx at all has no such series: `or … * 0` draws it at zero instead of leaving the chart empty.
    query: 'sum by (service) (rate(http_requests_total{status=~"5.."}[1m])) or sum by (service) (rate(http_requests_total[1m])) * 0',
    unit: 'perSecond',
    seriesLabels: ['service'],
  },
  {
    key: 'consumer-lag',
    title: 'Consumer lag',
    description: 'Kafka messages not yet handled, by service and consumer group.',
    query: 'sum by (service, group) (kafka_consumer_lag)',
    unit: 'count',
    seriesLabels: ['service', 'group'],
  },
  {
    key: 'outbox-backlog',
    title: 'Outbox backlog',
    description: 'Events stored but not yet published to Kafka, by service.',
    query: 'sum by (service) (outbox_backlog)',
    unit: 'count',
    seriesLabels: ['service'],
  },
  {
    key: 'queue-depths',
    title: 'Queue depths',
    description: 'Background jobs waiting, running, delayed or failed, by queue.',
    query: 'sum by (queue, state) (bullmq_jobs{state=~"waiting|active|delayed|failed"})',
    unit: 'count',
    seriesLabels: ['queue', 'state'],
  },
  {
    key: 'event-loop-lag',
    title: 'Event-loop lag (p99)',
    description: 'How long work waited for the Node.js event loop, by service.',
    query: 'max by (service) (nodejs_eventloop_lag_p99_seconds)',
    unit: 'seconds',
    seriesLabels: ['service'],
  },
];

/** The charts show the last 15 minutes, one point every 15 s (Prometheus's usual scrape interval). */
export const CHART_WINDOW_SECONDS = 15 * 60;
export const CHART_STEP_SECONDS = 15;
