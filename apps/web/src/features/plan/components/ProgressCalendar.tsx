import { CheckOutlined } from '@ant-design/icons';
import type { FormationStats } from '@abide/contracts';
import { Card } from 'antd';
import { weekStrip } from '../plan-week';

/** The actual current week, a day marked when something was done on it. */
export function ProgressCalendar({ stats }: { stats: FormationStats }) {
  const days = weekStrip(stats.week, stats.today);
  const active = days.filter((day) => day.active).length;
  return (
    <Card variant="borderless" className="side-card" title={<h2 className="card-heading">Progress Calendar</h2>}>
      <ol className="week-strip" aria-label="This week">
        {days.map((day) => (
          <li
            key={day.date}
            className={`week-strip__day week-strip__day--${day.tone}${day.active ? ' week-strip__day--active' : ''}`}
            aria-label={day.label}
            aria-current={day.tone === 'today' ? 'date' : undefined}
          >
            <span className="week-strip__weekday" aria-hidden>
              {day.weekday}
            </span>
            <span className="week-strip__date" aria-hidden>
              {day.active ? <CheckOutlined /> : day.dayOfMonth}
            </span>
          </li>
        ))}
      </ol>
      <p className="side-card__foot muted">{active} of 7 days with time spent with Jesus this week</p>
    </Card>
  );
}
