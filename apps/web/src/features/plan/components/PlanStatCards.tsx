import { CalendarOutlined, CheckCircleOutlined, FireOutlined } from '@ant-design/icons';
import type { FormationStats } from '@abide/contracts';
import type { ReactNode } from 'react';
import { LiteCard, LiteProgress, LiteSkeleton } from '../../../shared/lite/lite-controls';
import { percent } from '../plan-week';

function StatCard({ title, icon, children }: { title: string; icon: ReactNode; children: ReactNode }) {
  return (
    <LiteCard className="stat-card">
      <section aria-label={title}>
        <div className="stat-card__head">
          <h2 className="stat-card__title">{title}</h2>
          <span className="stat-card__icon" aria-hidden>
            {icon}
          </span>
        </div>
        {children}
      </section>
    </LiteCard>
  );
}

const days = (n: number) => `${n} ${n === 1 ? 'day' : 'days'}`;

/** This Week's Progress, Current Streak and Total Days, all real figures from /stats/overview. */
export function PlanStatCards({ stats, loading }: { stats?: FormationStats; loading: boolean }) {
  if (loading && !stats) {
    return (
      <div className="stat-grid stat-grid--3">
        {[0, 1, 2].map((key) => (
          <LiteCard key={key} className="stat-card">
            <LiteSkeleton rows={1} />
          </LiteCard>
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
        <LiteProgress percent={percent(done, total)} strokeColor="#0f766e" aria-label={`${done} of ${total} activities done this week`} />
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
