import { ArrowLeftOutlined } from '@ant-design/icons';
import { Result, Skeleton, Typography } from 'antd';
import { Link, useParams } from 'react-router-dom';
import { httpStatusOf } from '../../../shared/api/problem-details';
import { useAuth } from '../../auth';
import { DashboardStats } from '../components/DashboardStats';
import { GroupSettingsForm } from '../components/GroupSettingsForm';
import { MemberManagement } from '../components/MemberManagement';
import { PendingRequests } from '../components/PendingRequests';
import { WeeklyActivityChart } from '../components/WeeklyActivityChart';
import { isLeader } from '../group-format';
import { useGroupsDashboardQuery } from '../groupsApi';
import '../groups.css';

function Refusal({ status }: { status: number | null }) {
  const title =
    status === 403 ? 'Only leaders can see this dashboard' : status === 404 ? 'Group not found' : 'The dashboard could not be loaded';
  const subTitle =
    status === 403
      ? 'The Leadership Dashboard is for the group’s owner and co-leaders.'
      : status === 404
        ? 'It may have been closed, or the link is wrong.'
        : 'Please check your connection and try again.';
  return (
    <Result
      status={status === 403 ? '403' : status === 404 ? '404' : 'warning'}
      title={title}
      subTitle={subTitle}
      extra={<Link to="/groups">Back to Groups</Link>}
    />
  );
}

/** Leadership Dashboard (issue 6), for owners and co-leaders; the server refuses everyone else and so does this page. */
export function GroupDashboardPage() {
  const { groupId = '' } = useParams();
  const { user } = useAuth();
  const { data: dashboard, isLoading, error } = useGroupsDashboardQuery(groupId);

  if (isLoading) {
    return (
      <main className="page dashboard-page">
        <Skeleton active paragraph={{ rows: 8 }} />
      </main>
    );
  }
  const myStatus = dashboard?.group.myStatus;
  if (!dashboard || !myStatus || !isLeader(myStatus)) {
    return (
      <main className="page dashboard-page">
        <Refusal status={dashboard ? 403 : httpStatusOf(error)} />
      </main>
    );
  }

  const group = dashboard.group;
  return (
    <main className="page dashboard-page">
      <title>{`Leadership Dashboard · ${group.name} · Abide`}</title>
      <Link to={`/groups/${group.id}`} className="back-link">
        <ArrowLeftOutlined aria-hidden /> {group.name}
      </Link>
      <header className="page-header">
        <div className="page-header__text">
          <Typography.Title level={1} className="page__title">
            Leadership Dashboard
          </Typography.Title>
          <p className="page-header__lead">{group.name}</p>
        </div>
      </header>

      <DashboardStats dashboard={dashboard} />
      <div className="dashboard-grid">
        <WeeklyActivityChart weeks={dashboard.weeklyActivity} />
        <PendingRequests groupId={group.id} requests={dashboard.pendingRequests} />
      </div>
      <MemberManagement dashboard={dashboard} myRole={myStatus === 'owner' ? 'owner' : 'co-leader'} myId={user?.id} />
      <GroupSettingsForm key={group.id} group={group} />
    </main>
  );
}
