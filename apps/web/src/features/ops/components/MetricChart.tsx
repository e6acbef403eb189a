import { Card } from 'antd';
import { useId } from 'react';
import { CartesianGrid, Line, LineChart, ResponsiveContainer, Tooltip, XAxis, YAxis } from 'recharts';
import type { MetricChartDef } from '../ops-queries';
import { formatClock } from '../ops-format';
import { chartSummary, type ChartData, formatValue } from '../prometheus-series';

/** Line colours distinct from each other and at least 3:1 against the white card (non-text contrast). */
const palette = ['#1f6f8b', '#b5452b', '#5b6b16', '#7a3fa0', '#a8620a', '#2f5bb7', '#8a2c5d', '#3d6b52'];
export const colourOf = (index: number) => palette[index % palette.length];

/**
 * One figure as lines per service. The drawing is hidden from screen readers (its points mean nothing read one by
 * one); the legend below it is the text alternative: each line's name and newest value.
 */
export function MetricChart({ chart, data, stale }: { chart: MetricChartDef; data: ChartData | undefined; stale: boolean }) {
  const titleId = useId();
  const summaryId = useId();
  const series = data?.series ?? [];
  const summary = data ? chartSummary(chart, series) : `${chart.title}: loading.`;
  return (
    <Card variant="borderless" className="ops-chart" size="small">
      <figure className="ops-chart__figure" aria-labelledby={titleId} aria-describedby={summaryId} data-chart={chart.key}>
        <h3 id={titleId} className="ops-chart__title">
          {chart.title}
        </h3>
        <p className="ops-chart__description">{chart.description}</p>
        <div className="ops-chart__plot" aria-hidden="true">
          {data && data.rows.length > 0 ? (
            <ResponsiveContainer width="100%" height={180}>
              <LineChart data={data.rows} accessibilityLayer={false} margin={{ top: 8, right: 12, bottom: 0, left: 0 }}>
                <CartesianGrid stroke="#e5e7eb" vertical={false} />
                <XAxis
                  dataKey="time"
                  type="number"
                  domain={['dataMin', 'dataMax']}
                  tickFormatter={formatClock}
                  tick={{ fill: '#4b5563', fontSize: 11 }}
                  minTickGap={40}
                />
                <YAxis
                  // Counts (lag, backlog, jobs) are whole: fractional ticks would print as repeated rounded labels.
                  allowDecimals={chart.unit !== 'count'}
                  tickFormatter={(value: number) => formatValue(value, chart.unit)}
                  tick={{ fill: '#4b5563', fontSize: 11 }}
                  width={72}
                />
                <Tooltip
                  labelFormatter={(time) => formatClock(Number(time))}
                  formatter={(value) => formatValue(typeof value === 'number' ? value : null, chart.unit)}
                />
                {series.map((line, index) => (
                  <Line
                    key={line.name}
                    dataKey={line.name}
                    stroke={colourOf(index)}
                    strokeWidth={2}
                    dot={false}
                    isAnimationActive={false}
                  />
                ))}
              </LineChart>
            </ResponsiveContainer>
          ) : (
            <div className="ops-chart__empty">{data ? 'No data in the last 15 minutes' : 'Loading…'}</div>
          )}
        </div>
        <figcaption>
          <p id={summaryId} className="visually-hidden">
            {summary}
          </p>
          {series.length > 0 && (
            <ul className="ops-chart__legend" aria-hidden="true">
              {series.map((line, index) => (
                <li key={line.name}>
                  <span className="ops-chart__swatch" style={{ background: colourOf(index) }} />
                  {line.name} <strong>{formatValue(line.latest, chart.unit)}</strong>
                </li>
              ))}
            </ul>
          )}
          {stale && <p className="ops-chart__stale">Showing the last figures received; the newest request failed.</p>}
        </figcaption>
      </figure>
    </Card>
  );
}
