import { Alert, Skeleton } from 'antd';
import { useEffect, useMemo, useState } from 'react';
import { httpStatusOf, problemOf } from '../../../shared/api/problem-details';
import { CHART_STEP_SECONDS, CHART_WINDOW_SECONDS, metricCharts, type MetricChartDef } from '../ops-queries';
import { LIVE_POLL_MS, useOpsPrometheusQueryRangeQuery } from '../opsApi';
import { chartWindow, toChartData } from '../prometheus-series';
import { MetricChart } from './MetricChart';

type Range = ReturnType<typeof chartWindow>;

const rangeAt = (nowMs: number): Range =>
  chartWindow(nowMs, { windowSeconds: CHART_WINDOW_SECONDS, stepSeconds: CHART_STEP_SECONDS, alignSeconds: LIVE_POLL_MS / 1000 });

/** The chart range, moved on every poll: each move asks Prometheus for the last 15 minutes again. */
function useLiveRange(): Range {
  const [range, setRange] = useState(() => rangeAt(Date.now()));
  useEffect(() => {
    const timer = setInterval(() => setRange(rangeAt(Date.now())), LIVE_POLL_MS);
    return () => clearInterval(timer);
  }, []);
  return range;
}

function LiveChart({ chart, range }: { chart: MetricChartDef; range: Range }) {
  const { data, isError } = useOpsPrometheusQueryRangeQuery({ query: chart.query, ...range });
  const chartData = useMemo(() => (data?.data ? toChartData(data.data.result, chart.seriesLabels) : undefined), [data, chart.seriesLabels]);
  return <MetricChart chart={chart} data={chartData} stale={isError && chartData !== undefined} />;
}

type Engine = { state: 'asking' } | { state: 'up' } | { state: 'down'; detail: string };

/**
 * Whether the metrics engine answers, from the first chart's request (the same one its panel makes, so asked once).
 * Kept between polls, so an outage shows one steady notice instead of charts that flash up on every new window.
 */
function useMetricsEngine(range: Range): Engine {
  const probe = useOpsPrometheusQueryRangeQuery({ query: metricCharts[0].query, ...range });
  const { isSuccess, isError, error } = probe;
  // 503: the gateway says Prometheus does not answer; any other failure without a chart is as good as down here.
  const settled: Engine | null = isSuccess
    ? { state: 'up' }
    : isError
      ? { state: 'down', detail: problemOf(error)?.detail ?? `The metrics request failed (${httpStatusOf(error) ?? 'no answer'}).` }
      : null;
  const [last, setLast] = useState<Engine>({ state: 'asking' });
  // The last settled answer stays while the next window is asked (React's "adjust state while rendering").
  if (settled && JSON.stringify(settled) !== JSON.stringify(last)) setLast(settled);
  return settled ?? last;
}

/** The live charts, or one clear notice while the metrics engine is unavailable. */
export function MetricsSection() {
  const range = useLiveRange();
  const engine = useMetricsEngine(range);
  if (engine.state === 'asking') return <Skeleton active paragraph={{ rows: 3 }} />;
  if (engine.state === 'down') {
    return (
      <Alert
        type="warning"
        showIcon
        className="ops-metrics-unavailable"
        title="Metrics unavailable"
        description={
          <>
            <p>{engine.detail}</p>
            <p>The charts come back by themselves once Prometheus answers; health, failed jobs and dead letters below do not need it.</p>
          </>
        }
      />
    );
  }
  return (
    <div className="ops-charts">
      {metricCharts.map((chart) => (
        <LiveChart key={chart.key} chart={chart} range={range} />
      ))}
    </div>
  );
}
