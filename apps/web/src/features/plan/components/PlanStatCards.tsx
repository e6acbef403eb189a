import { CalendarOutlined, CheckCircleOutlined, FireOutlined } from '@ant-design/icons';
import type { FormationStats } from '@abide/contracts';
import type { ReactNode } from 'react';
import { Card, Progress, Skeleton } from 'antd';
import { percent } from '../plan-week';

function StatCard({ title, icon, children }: { title: string; icon: ReactNode; children: ReactNode }) {
  return (
    <Card variant="borderless" className="stat-card">
      <section aria-label={title}>
        <div className="stat-card__head">
          <h2 className="stat-card__title">{title}</h2>
          <span className="stat-card__icon" aria-hidden>
            {icon}
          </span>
        </div>
        {children}
      </section>
    </Card>
  );
}

const days = (n: number) => `${n} ${n === 1 ? 'day' : 'days'}`;

/** This Week's Progress, Current Streak and Total Days, all real figures from /stats/overview. */
export function PlanStatCards({ stats, loading }: { stats?: FormationStats; loading: boolean }) {
  if (loading && !stats) {
    return (
      <div className="stat-grid stat-grid--3">
        {[0, 1, 2].map((key) => (
          <Card variant="borderless" key={key} className="stat-card">
            <Skeleton active paragraph={{ rows: 1 }} />
          </Card>
        ))}
      </div>
    );
  }
  const done = stats?.weekProgress.completed ?? 0;
  const total = stats?.weekProgress.total ?? 0;
  return (
    <div className="stat-grid stat-grid--3">
      <StatCard title="This Week's Progress" icon={<CheckCircleOutlined />}>
        <p className="stat-card__value" data-testid="week-progress">
          {done}/{total}
        </p>
        <Progress
          percent={percent(done, total)}
          showInfo={false}
          strokeColor="#0f766e"
          aria-label={`${done} of ${total} activities done this week`}
        />
        <p className="stat-card__note">activities completed</p>
      </StatCard>
      <StatCard title="Current Streak" icon={<FireOutlined />}>
        <p className="stat-card__value">{days(stats?.currentStreak ?? 0)}</p>
        <p className="stat-card__note">in a row with a habit, activity or reflection</p>
      </StatCard>
      <StatCard title="Total Days" icon={<CalendarOutlined />}>
        <p className="stat-card__value">{days(stats?.totalDays ?? 0)}</p>
        <p className="stat-card__note">of spiritual practice so far</p>
      </StatCard>
    </div>
  );
}
