import { Card, Empty, Skeleton } from 'antd';
import { useState } from 'react';
import { useElementWidth } from '../../../shared/layout/useElementWidth';
import { heatMapColumns, heatSummaryText, trendPoints, type HeatCell, type HeatSummary } from '../habit-analytics';
import { useHabitsAnalyticsQuery, type HabitAnalytics } from '../habitsApi';
import { formatShortDate, weekdayShort } from '../local-dates';

/** The chart's drawing box at a width (px): its units are the screen's, so the axis labels keep their size on a phone. */
const boxFor = (width: number) => ({ width, height: Math.round(Math.min(240, Math.max(160, width * 0.4))), padX: 48, padY: 16 });

/** The weekly completion trend as a small SVG line chart; the data table beside it serves screen readers. */
function TrendChart({ trend }: { trend: HabitAnalytics['weeklyTrend'] }) {
  const [figure, setFigure] = useState<HTMLElement | null>(null);
  const width = useElementWidth(figure) ?? 900;
  const BOX = boxFor(Math.max(280, Math.round(width)));
  const points = trendPoints(trend, BOX);
  // Weeks with nothing scheduled (before the first habit) are not 0 %: they stay off the line.
  const counted = points.filter((p) => p.scheduled > 0);
  if (counted.length === 0) return <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description="No weeks to show yet" />;
  const line = counted.map((p) => `${p.x},${p.y}`).join(' ');
  const bottom = BOX.height - BOX.padY;
  const area = `${counted[0].x},${bottom} ${line} ${counted[counted.length - 1].x},${bottom}`;
  const latest = counted[counted.length - 1];
  return (
    <figure className="trend" ref={setFigure}>
      <svg
        viewBox={`0 0 ${BOX.width} ${BOX.height}`}
        className="trend__svg"
        role="img"
        aria-label={`Weekly completion over the last ${points.length} weeks; latest ${latest.percent}%`}
      >
        {[0, 50, 100].map((tick) => {
          const y = BOX.padY + (BOX.height - BOX.padY * 2) * (1 - tick / 100);
          return (
            <g key={tick}>
              <line x1={BOX.padX} x2={BOX.width - BOX.padX} y1={y} y2={y} className="trend__grid" />
              <text x={BOX.padX - 8} y={y + 4} className="trend__tick" textAnchor="end">
                {tick}%
              </text>
            </g>
          );
        })}
        {counted.length > 1 ? <polygon points={area} className="trend__area" /> : null}
        {counted.length > 1 ? <polyline points={line} className="trend__line" /> : null}
        {points.map((p) =>
          p.scheduled > 0 ? (
            <circle key={p.weekStart} cx={p.x} cy={p.y} r={4.5} className="trend__dot">
              <title>{p.label}</title>
            </circle>
          ) : (
            <circle key={p.weekStart} cx={p.x} cy={bottom} r={2.5} className="trend__dot trend__dot--empty">
              <title>{p.label}</title>
            </circle>
          ),
        )}
      </svg>
      <figcaption className="trend__caption">
        <span>{formatShortDate(points[0].weekStart)}</span>
        <span>
          {latest === points[points.length - 1] ? 'This week' : `Week of ${formatShortDate(latest.weekStart)}`}: {latest.percent}%
        </span>
      </figcaption>
      <table className="visually-hidden">
        <caption>Weekly completion</caption>
        <thead>
          <tr>
            <th scope="col">Week</th>
            <th scope="col">Completed</th>
          </tr>
        </thead>
        <tbody>
          {points.map((p) => (
            <tr key={p.weekStart}>
              <td>Week of {formatShortDate(p.weekStart)}</td>
              <td>{p.scheduled > 0 ? `${p.percent}% (${p.done} of ${p.scheduled})` : 'nothing scheduled'}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </figure>
  );
}

/** Twelve weeks of one habit as a calendar grid: columns are weeks, rows Sunday to Saturday. */
function HeatMap({ name, cells, summary }: { name: string; cells: HeatCell[]; summary: HeatSummary }) {
  const columns = heatMapColumns(cells);
  return (
    <div className="heatmap">
      <div className="heatmap__head">
        <h3 className="heatmap__name">{name}</h3>
        <span className="muted heatmap__summary">{heatSummaryText(summary)}</span>
      </div>
      <div className="heatmap__body">
        <div className="heatmap__weekdays" aria-hidden>
          {weekdayShort.map((day, i) => (
            <span key={day}>{i % 2 === 1 ? day : ''}</span>
          ))}
        </div>
        <div className="heatmap__grid" role="grid" aria-label={`${name}: last 12 weeks`}>
          {columns.map((column, c) => (
            <div key={c} role="row" className="heatmap__col">
              {column.map((cell, r) =>
                cell ? (
                  <span
                    key={cell.date}
                    role="gridcell"
                    aria-label={cell.label}
                    title={cell.label}
                    className={`heatmap__cell heatmap__cell--${cell.state}`}
                  />
                ) : (
                  <span key={`empty-${r}`} role="presentation" className="heatmap__cell heatmap__cell--blank" />
                ),
              )}
            </div>
          ))}
        </div>
      </div>
    </div>
  );
}

const legend = [
  { state: 'done', label: 'Done' },
  { state: 'due', label: 'Today, to do' },
  { state: 'missed', label: 'Missed' },
  { state: 'skipped', label: 'Skipped' },
  { state: 'excused', label: 'Rest or pause' },
  { state: 'off', label: 'Not scheduled' },
] as const;

/** Issue 4: a real Analytics tab — a heat map per habit and the weekly completion trend. */
export function AnalyticsTab() {
  const { data, isLoading, isError } = useHabitsAnalyticsQuery();
  if (isLoading) return <Skeleton active paragraph={{ rows: 8 }} />;
  if (isError || !data) return <Empty description="We couldn't load your analytics." />;

  return (
    <div className="analytics">
      <Card variant="borderless" className="content-card" title={<h2 className="card-heading">Weekly completion trend</h2>}>
        <TrendChart trend={data.weeklyTrend} />
      </Card>
      <Card
        variant="borderless"
        className="content-card"
        title={<h2 className="card-heading">Last 12 weeks</h2>}
        extra={
          <ul className="heatmap-legend" aria-label="Legend">
            {legend.map((item) => (
              <li key={item.state}>
                <span className={`heatmap__cell heatmap__cell--${item.state}`} aria-hidden /> {item.label}
              </li>
            ))}
          </ul>
        }
      >
        {data.habits.length === 0 ? (
          <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description="Add a habit to see its calendar." />
        ) : (
          <div className="heatmaps">
            {data.habits.map((habit) => (
              <HeatMap key={habit.habitId} name={habit.name} cells={habit.heatMap} summary={habit.summary} />
            ))}
          </div>
        )}
      </Card>
    </div>
  );
}
