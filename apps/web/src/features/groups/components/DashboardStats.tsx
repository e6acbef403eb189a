import { FireOutlined, LineChartOutlined, StarOutlined, TeamOutlined } from '@ant-design/icons';
import type { Dashboard } from '@abide/contracts';
import { Card } from 'antd';
import type { ReactNode } from 'react';
import { averageRatingText, plural } from '../group-format';

function StatCard({ title, value, note, icon }: { title: string; value: string; note: string; icon: ReactNode }) {
  const id = `stat-${title.toLowerCase().replace(/\s+/g, '-')}`;
  return (
    <Card variant="borderless" className="stat-card" role="region" aria-labelledby={id}>
      <div className="stat-card__head">
        <h2 id={id} className="stat-card__title">
          {title}
        </h2>
        <span className="stat-card__icon" aria-hidden>
          {icon}
        </span>
      </div>
      <p className="stat-card__value">{value}</p>
      <p className="stat-card__note">{note}</p>
    </Card>
  );
}

/** The dashboard's four figures, all from the server: members, this week's activity, week streak, average rating. */
export function DashboardStats({ dashboard }: { dashboard: Dashboard }) {
  const thisWeek = dashboard.weeklyActivity.at(-1);
  const members = dashboard.group.memberCount;
  const progress = dashboard.group.weeklyProgress;
  return (
    <div className="stat-grid stat-grid--4">
      <StatCard
        title="Members"
        value={`${members}`}
        note={dashboard.pendingRequests.length ? `${plural(dashboard.pendingRequests.length, 'request')} waiting` : 'No requests waiting'}
        icon={<TeamOutlined />}
      />
      <StatCard
        title="Weekly activity"
        value={`${thisWeek?.activeMembers ?? 0}/${members}`}
        note={`members active this week · ${progress.completed}/${progress.expected} check-ins`}
        icon={<LineChartOutlined />}
      />
      <StatCard
        title="Week streak"
        value={plural(dashboard.weekStreak, 'week')}
        note="weeks with at least half the members active"
        icon={<FireOutlined />}
      />
      <StatCard
        title="Average rating"
        value={averageRatingText(dashboard.averageRating.average)}
        note={dashboard.averageRating.count ? `from ${plural(dashboard.averageRating.count, 'rating')}` : 'No ratings yet'}
        icon={<StarOutlined />}
      />
    </div>
  );
}
