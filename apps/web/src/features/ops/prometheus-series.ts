import type { MetricChartDef, MetricUnit } from './ops-queries';

/** One line of a range query's answer (`resultType: matrix`): its labels and `[unix seconds, "value"]` pairs. */
interface MatrixSeries {
  metric: Record<string, string>;
  values: Array<[number, string]>;
}

export interface ChartSeries {
  name: string;
  /** The newest value, null when it is not a number (NaN from a quantile over no requests). */
  latest: number | null;
}

/** The rows recharts draws: one per time, a column per series name. */
export type ChartRow = { time: number } & Record<string, number | null>;

export interface ChartData {
  series: ChartSeries[];
  rows: ChartRow[];
}

const isMatrixSeries = (value: unknown): value is MatrixSeries =>
  typeof value === 'object' &&
  value !== null &&
  typeof (value as MatrixSeries).metric === 'object' &&
  Array.isArray((value as MatrixSeries).values);

const numberOf = (raw: string): number | null => {
  const value = Number(raw);
  return Number.isFinite(value) ? value : null;
};

/** A line's name from its grouping labels (`library`, `library-resource-processing waiting`); `total` without them. */
export const seriesName = (metric: Record<string, string>, labels: readonly string[]): string =>
  labels
    .map((label) => metric[label])
    .filter((value): value is string => Boolean(value))
    .join(' ') || 'total';

/**
 * Prometheus's matrix as chart rows: every time any series has a point gets a row, series sorted by name so colours
 * stay put between polls. Anything that is not a matrix series is skipped.
 */
export function toChartData(result: readonly unknown[], labels: readonly string[]): ChartData {
  const lines = result.filter(isMatrixSeries).map((line) => ({ name: seriesName(line.metric, labels), values: line.values }));
  lines.sort((a, b) => a.name.localeCompare(b.name));
  const byTime = new Map<number, ChartRow>();
  for (const line of lines) {
    for (const [time, raw] of line.values) {
      const row = byTime.get(time) ?? ({ time } as ChartRow);
      row[line.name] = numberOf(raw);
      byTime.set(time, row);
    }
  }
  const rows = [...byTime.values()].sort((a, b) => a.time - b.time);
  const series = lines.map((line) => {
    const last = line.values.at(-1);
    return { name: line.name, latest: last ? numberOf(last[1]) : null };
  });
  return { series, rows };
}

const trimmed = (value: number, digits: number) => Number(value.toFixed(digits)).toString();

/** A value with its unit, as read aloud and in the summary: `12.5 req/s`, `230 ms`, `4`. */
export function formatValue(value: number | null, unit: MetricUnit): string {
  if (value === null) return 'no data';
  switch (unit) {
    case 'perSecond':
      return `${trimmed(value, value < 10 ? 2 : 1)} req/s`;
    case 'seconds':
      return value < 1 ? `${trimmed(value * 1000, value < 0.01 ? 2 : 0)} ms` : `${trimmed(value, 2)} s`;
    case 'count':
      return trimmed(value, 0);
  }
}

/** The chart's text alternative: its title and each line's newest value. */
export function chartSummary(chart: Pick<MetricChartDef, 'title' | 'unit'>, series: readonly ChartSeries[]): string {
  if (series.length === 0) return `${chart.title}: no data in the last 15 minutes.`;
  return `${chart.title}, latest: ${series.map((s) => `${s.name} ${formatValue(s.latest, chart.unit)}`).join(', ')}.`;
}

/**
 * The chart window ending now, aligned to `alignSeconds` so every chart asks the same range (one request each per
 * poll) and a re-render between polls asks nothing new.
 */
export function chartWindow(
  nowMs: number,
  { windowSeconds, stepSeconds, alignSeconds }: { windowSeconds: number; stepSeconds: number; alignSeconds: number },
): { start: string; end: string; step: string } {
  const end = Math.floor(nowMs / 1000 / alignSeconds) * alignSeconds;
  return { start: String(end - windowSeconds), end: String(end), step: String(stepSeconds) };
}
