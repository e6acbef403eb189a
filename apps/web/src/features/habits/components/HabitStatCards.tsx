import { CheckSquareOutlined, FireOutlined, LineChartOutlined, ThunderboltOutlined } from '@ant-design/icons';
import type { FormationStats } from '@abide/contracts';
import { Card, Skeleton } from 'antd';
import { StatCard } from '../../../shared/components/StatCard';

/**
 * Total Streak, Completed Today (done of the habits asked today), Active Habits and This Week, as docs/figures.md
 * defines them. `today`: the day's counts from today's check-in list when it is loaded, which holds check-ins still
 * waiting to be sent, so the card and the list's "n of m done" agree while offline. Total Streak and This Week come
 * from the server, which has not seen those yet (`waiting`): their lines say so rather than disagree in silence.
 */
export function HabitStatCards({
  stats,
  today,
  waiting = false,
}: {
  stats?: FormationStats;
  today?: { done: number; asked: number };
  waiting?: boolean;
}) {
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
  const { totalStreak, activeHabits, thisWeekPercent } = stats.habits;
  const completed = today ?? { done: stats.habits.completedToday, asked: stats.habits.dueToday };
  const beforeWaiting = waiting ? ', before the check-ins waiting to sync' : '';
  return (
    <div className="stat-grid stat-grid--4">
      <StatCard
        title="Total Streak"
        value={`${totalStreak}`}
        note={`streak days across your habits${beforeWaiting}`}
        icon={<FireOutlined />}
      />
      <StatCard
        title="Completed Today"
        value={`${completed.done}/${completed.asked}`}
        note="of the habits asked for today"
        icon={<CheckSquareOutlined />}
      />
      <StatCard title="Active Habits" value={`${activeHabits}`} note="being practised now" icon={<ThunderboltOutlined />} />
      <StatCard
        title="This Week"
        value={`${Math.round(thisWeekPercent)}%`}
        note={`of scheduled check-ins done${beforeWaiting}`}
        icon={<LineChartOutlined />}
      />
    </div>
  );
}
