import type { Dashboard } from '@abide/contracts';
import { Card } from 'antd';
import { barHeights } from '../group-format';
import { plural, shortDate } from '../../../shared/figures-text';

type Week = Dashboard['weeklyActivity'][number];
const totalOf = (week: Week) => week.checkIns + week.planActivities + week.journalDays;
const weekLabel = (weekStart: string) => shortDate(`${weekStart}T12:00:00`).replace(/, \d{4}$/, '');

/**
 * Eight weeks of member activity as plain CSS bars (antd has no charts and a chart library is not worth its weight
 * for one figure). Each bar is the week's check-ins + plan activities + journal days; the label names active members.
 */
export function WeeklyActivityChart({ weeks }: { weeks: Week[] }) {
  const heights = barHeights(weeks.map(totalOf));
  const summary = weeks
    .map((week) => `week of ${weekLabel(week.weekStart)}: ${plural(totalOf(week), 'activity', 'activities')}, ${week.activeMembers} active`)
    .join('; ');
  return (
    <Card variant="borderless" className="content-card" title={<h2 className="card-heading">Weekly activity</h2>}>
      <div className="activity-chart" role="img" aria-label={`Activity over the last ${weeks.length} weeks: ${summary}`}>
        {weeks.map((week, index) => (
          <div key={week.weekStart} className="activity-chart__col" title={plural(totalOf(week), 'activity', 'activities')}>
            <span className="activity-chart__value">{totalOf(week)}</span>
            <div className="activity-chart__track">
              <div className="activity-chart__bar" style={{ height: `${Math.max(heights[index], totalOf(week) > 0 ? 4 : 0)}%` }} />
            </div>
            <span className="activity-chart__label">{weekLabel(week.weekStart)}</span>
            <span className="activity-chart__active">{week.activeMembers} active</span>
          </div>
        ))}
      </div>
      <p className="muted activity-chart__legend">Check-ins, plan activities and journal days of members who share their progress.</p>
    </Card>
  );
}
