import { CheckSquareOutlined, FireOutlined, LineChartOutlined, ThunderboltOutlined } from '@ant-design/icons';
import type { FormationStats } from '@abide/contracts';
import { Card, Skeleton } from 'antd';
import type { ReactNode } from 'react';

function Stat({ title, value, note, icon }: { title: string; value: string; note: string; icon: ReactNode }) {
  return (
    <Card variant="borderless" className="stat-card">
      <section aria-label={title}>
        <div className="stat-card__head">
          <h2 className="stat-card__title">{title}</h2>
          <span className="stat-card__icon" aria-hidden>
            {icon}
          </span>
        </div>
        <p className="stat-card__value">{value}</p>
        <p className="stat-card__note">{note}</p>
      </section>
    </Card>
  );
}

/** Total Streak, Completed Today (done/active), Active Habits and This Week, all real (issue 4). */
export function HabitStatCards({ stats }: { stats?: FormationStats }) {
  if (!stats) {
    return (
      <div className="stat-grid stat-grid--4">
        {[0, 1, 2, 3].map((key) => (
          <Card key={key} variant="borderless" className="stat-card">
            <Skeleton active paragraph={{ rows: 1 }} title={false} />
          </Card>
        ))}
      </div>
    );
  }
  const { totalStreak, completedToday, activeHabits, thisWeekPercent } = stats.habits;
  return (
    <div className="stat-grid stat-grid--4">
      <Stat title="Total Streak" value={`${totalStreak}`} note="streak days across your habits" icon={<FireOutlined />} />
      <Stat
        title="Completed Today"
        value={`${completedToday}/${activeHabits}`}
        note="of your active habits"
        icon={<CheckSquareOutlined />}
      />
      <Stat title="Active Habits" value={`${activeHabits}`} note="being practised now" icon={<ThunderboltOutlined />} />
      <Stat title="This Week" value={`${Math.round(thisWeekPercent)}%`} note="of scheduled check-ins done" icon={<LineChartOutlined />} />
    </div>
  );
}
