import { CheckSquareOutlined, FireOutlined, LineChartOutlined, ThunderboltOutlined } from '@ant-design/icons';
import type { FormationStats } from '@abide/contracts';
import { Card, Skeleton } from 'antd';
import { StatCard } from '../../../shared/components/StatCard';

/** Total Streak, Completed Today (done of the habits asked today), Active Habits and This Week, as docs/figures.md defines them. */
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
  const { totalStreak, completedToday, dueToday, activeHabits, thisWeekPercent } = stats.habits;
  return (
    <div className="stat-grid stat-grid--4">
      <StatCard title="Total Streak" value={`${totalStreak}`} note="streak days across your habits" icon={<FireOutlined />} />
      <StatCard
        title="Completed Today"
        value={`${completedToday}/${dueToday}`}
        note="of the habits asked for today"
        icon={<CheckSquareOutlined />}
      />
      <StatCard title="Active Habits" value={`${activeHabits}`} note="being practised now" icon={<ThunderboltOutlined />} />
      <StatCard
        title="This Week"
        value={`${Math.round(thisWeekPercent)}%`}
        note="of scheduled check-ins done"
        icon={<LineChartOutlined />}
      />
    </div>
  );
}
