import { metricCharts } from './ops-queries';
import { chartSummary, chartWindow, formatValue, seriesName, toChartData } from './prometheus-series';

const contractMetrics = [
  'http_requests_total',
  'http_request_duration_seconds_bucket',
  'kafka_consumer_lag',
  'outbox_backlog',
  'bullmq_jobs',
  'nodejs_eventloop_lag_p99_seconds',
];

describe('metricCharts', () => {
  it('asks only for the metrics every service exports, grouped by service or queue', () => {
    for (const chart of metricCharts) {
      // Metric names have an underscore; the labels grouped by and PromQL's functions (but one) do not.
      const metrics = (chart.query.match(/\b[a-z][a-z0-9]*_[a-z0-9_]+\b/g) ?? []).filter((name) => name !== 'histogram_quantile');
      expect({ chart: chart.key, unknown: metrics.filter((m) => !contractMetrics.includes(m)) }).toEqual({ chart: chart.key, unknown: [] });
      expect(chart.query).toMatch(/by \((service|queue)\b/);
    }
  });
});

describe(toChartData.name, () => {
  const matrix = [
    {
      metric: { service: 'library' },
      values: [
        [100, '2'],
        [115, '3.5'],
      ],
    },
    { metric: { service: 'identity' }, values: [[115, 'NaN']] },
    'not a series',
  ];

  it('returns one row per time with a column per service, and each line’s newest value', () => {
    const sut = toChartData(matrix, ['service']);

    expect(sut.series).toEqual([
      { name: 'identity', latest: null },
      { name: 'library', latest: 3.5 },
    ]);
    expect(sut.rows).toEqual([
      { time: 100, library: 2 },
      { time: 115, library: 3.5, identity: null },
    ]);
  });

  it('returns no series for an empty answer', () => {
    expect(toChartData([], ['service'])).toEqual({ series: [], rows: [] });
  });
});

describe(seriesName.name, () => {
  it('joins the grouping labels, and says total when there are none', () => {
    expect(seriesName({ queue: 'library-resource-processing', state: 'failed', job: 'x' }, ['queue', 'state'])).toBe(
      'library-resource-processing failed',
    );
    expect(seriesName({}, ['service'])).toBe('total');
  });
});

describe(formatValue.name, () => {
  it('returns rates per second, short times in milliseconds and counts whole', () => {
    expect(formatValue(12.345, 'perSecond')).toBe('12.3 req/s');
    expect(formatValue(0.5, 'perSecond')).toBe('0.5 req/s');
    expect(formatValue(0.2304, 'seconds')).toBe('230 ms');
    expect(formatValue(0.0042, 'seconds')).toBe('4.2 ms');
    expect(formatValue(1.5, 'seconds')).toBe('1.5 s');
    expect(formatValue(7.4, 'count')).toBe('7');
    expect(formatValue(null, 'count')).toBe('no data');
  });
});

describe(chartSummary.name, () => {
  it('returns the title with every line’s newest value', () => {
    const sut = chartSummary({ title: 'Request rate', unit: 'perSecond' }, [
      { name: 'gateway', latest: 4 },
      { name: 'identity', latest: null },
    ]);
    expect(sut).toBe('Request rate, latest: gateway 4 req/s, identity no data.');
  });

  it('says when there is no data', () => {
    expect(chartSummary({ title: 'Outbox backlog', unit: 'count' }, [])).toBe('Outbox backlog: no data in the last 15 minutes.');
  });
});

describe(chartWindow.name, () => {
  it('returns the same window for every moment of one poll, ending at its start', () => {
    const options = { windowSeconds: 900, stepSeconds: 15, alignSeconds: 5 };
    expect(chartWindow(1_000_002_000, options)).toEqual({ start: '999100', end: '1000000', step: '15' });
    expect(chartWindow(1_000_004_999, options)).toEqual(chartWindow(1_000_002_000, options));
    expect(chartWindow(1_000_005_000, options).end).toBe('1000005');
  });
});
