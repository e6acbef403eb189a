import { FireOutlined, LineChartOutlined, StarOutlined, TeamOutlined } from '@ant-design/icons';
import type { Dashboard } from '@abide/contracts';
import { StatCard } from '../../../shared/components/StatCard';
import { averageRatingText, plural, sharingSummary } from '../../../shared/figures-text';

/**
 * The dashboard's four figures, all from the server: members (and how many share their progress), this week's activity
 * and the week streak of the members who share, average rating.
 */
export function DashboardStats({ dashboard }: { dashboard: Dashboard }) {
  const thisWeek = dashboard.weeklyActivity.at(-1);
  const members = dashboard.group.memberCount;
  const sharing = dashboard.members.filter((m) => m.sharesProgress).length;
  const progress = dashboard.group.weeklyProgress;
  return (
    <div className="stat-grid stat-grid--4">
      <StatCard
        title="Members"
        value={`${members}`}
        note={sharingSummary(sharing, members)}
        icon={<TeamOutlined />}
      />
      <StatCard
        title="Weekly activity"
        value={`${thisWeek?.activeMembers ?? 0}/${sharing}`}
        note={`sharing members active this week · ${progress.completed}/${progress.expected} check-ins`}
        icon={<LineChartOutlined />}
      />
      <StatCard
        title="Week streak"
        value={plural(dashboard.weekStreak, 'week')}
        note="weeks with at least half the sharing members active"
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
