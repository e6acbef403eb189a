import type { ChurchDashboard } from '@abide/contracts';
import { Card } from 'antd';
import { useId } from 'react';
import { CartesianGrid, Legend, Line, LineChart, ResponsiveContainer, Tooltip, XAxis, YAxis } from 'recharts';
import { chartRows, trendSummary } from '../../church-dashboard-format';

type Row = ReturnType<typeof chartRows>[number];
interface Series {
  key: keyof Row;
  name: string;
  colour: string;
}

/** Colours distinct from each other and at least 3:1 against the white card (non-text contrast). */
const activeSeries: Series[] = [{ key: 'activeMembers', name: 'Active members', colour: '#1f6f8b' }];
const activitySeries: Series[] = [
  { key: 'checkIns', name: 'Habit check-ins', colour: '#1f6f8b' },
  { key: 'planActivities', name: 'Plan activities', colour: '#b5452b' },
  { key: 'journalDays', name: 'Journaling days', colour: '#5b6b16' },
];

/** One trend as lines over the weeks; the drawing is hidden from screen readers, the summary below it is its text. */
function TrendChart({ title, rows, series }: { title: string; rows: Row[]; series: Series[] }) {
  const titleId = useId();
  return (
    <figure className="church-trend" aria-labelledby={titleId}>
      <h3 id={titleId} className="church-trend__title">
        {title}
      </h3>
      <div className="church-trend__plot" aria-hidden="true">
        <ResponsiveContainer width="100%" height={220}>
          <LineChart data={rows} accessibilityLayer={false} margin={{ top: 8, right: 12, bottom: 0, left: 0 }}>
            <CartesianGrid stroke="#e5e7eb" vertical={false} />
            <XAxis dataKey="label" tick={{ fill: '#4b5563', fontSize: 11 }} minTickGap={12} />
            <YAxis allowDecimals={false} tick={{ fill: '#4b5563', fontSize: 11 }} width={36} />
            <Tooltip />
            {series.length > 1 ? <Legend wrapperStyle={{ fontSize: 12 }} /> : null}
            {series.map((line) => (
              <Line key={line.key} dataKey={line.key} name={line.name} stroke={line.colour} strokeWidth={2} isAnimationActive={false} />
            ))}
          </LineChart>
        </ResponsiveContainer>
      </div>
    </figure>
  );
}

/** Active members and activity by kind over this week and the 8 before it (sharing members only). */
export function ChurchTrendCharts({ dashboard }: { dashboard: ChurchDashboard }) {
  const rows = chartRows(dashboard.weeks);
  return (
    <Card variant="borderless" className="content-card" title={<h2 className="card-heading">Trends</h2>}>
      <div className="church-trends">
        <TrendChart title="Active members by week" rows={rows} series={activeSeries} />
        <TrendChart title="Activity by week" rows={rows} series={activitySeries} />
      </div>
      <p className="visually-hidden">{trendSummary(dashboard.weeks)}</p>
      <p className="muted church-trends__legend">Members who share their progress only; the last week is this week so far.</p>
    </Card>
  );
}
