import { FireOutlined, LineChartOutlined, StarOutlined, TeamOutlined } from '@ant-design/icons';
import type { Dashboard } from '@abide/contracts';
import { StatCard } from '../../../shared/components/StatCard';
import { averageRatingText, plural } from '../group-format';

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
