import { BookOutlined, CheckCircleOutlined, EditOutlined, FireOutlined, LineChartOutlined, TeamOutlined } from '@ant-design/icons';
import type { ChurchDashboard } from '@abide/contracts';
import { StatCard } from '../../../../shared/components/StatCard';
import { sharingSummary } from '../../../../shared/figures-text';
import { ofSharing } from '../../church-dashboard-format';

/** The dashboard's figures, all from the server: members, active members, and this week's activity by kind. */
export function ChurchFigureCards({ dashboard }: { dashboard: ChurchDashboard }) {
  const thisWeek = dashboard.weeks.at(-1);
  return (
    <div className="stat-grid stat-grid--3 church-dashboard__figures">
      <StatCard
        title="Members"
        value={`${dashboard.members}`}
        note={sharingSummary(dashboard.sharingMembers, dashboard.members)}
        icon={<TeamOutlined />}
      />
      <StatCard title="Active this week" value={`${dashboard.activeThisWeek}`} note={ofSharing(dashboard)} icon={<FireOutlined />} />
      <StatCard
        title="Active in the 8 weeks before"
        value={`${dashboard.activeLast8Weeks}`}
        note={ofSharing(dashboard)}
        icon={<LineChartOutlined />}
      />
      <StatCard title="Habit check-ins" value={`${thisWeek?.checkIns ?? 0}`} note="this week so far" icon={<CheckCircleOutlined />} />
      <StatCard title="Plan activities done" value={`${thisWeek?.planActivities ?? 0}`} note="this week so far" icon={<BookOutlined />} />
      <StatCard
        title="Journaling days"
        value={`${thisWeek?.journalDays ?? 0}`}
        note="this week so far; never what was written"
        icon={<EditOutlined />}
      />
    </div>
  );
}
