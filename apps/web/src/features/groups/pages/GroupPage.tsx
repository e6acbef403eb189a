import { ArrowLeftOutlined, DashboardOutlined, GlobalOutlined, LockOutlined, TeamOutlined } from '@ant-design/icons';
import type { GroupSummary } from '@abide/contracts';
import { App, Button, Card, Popconfirm, Result, Skeleton, Tabs, Tag, Typography } from 'antd';
import { Link, useNavigate, useParams } from 'react-router-dom';
import { httpStatusOf } from '../../../shared/api/problem-details';
import { ButtonLink } from '../../../shared/components/ButtonLink';
import { JoinButton } from '../components/JoinButton';
import { MySharingWith } from '../../sharing';
import { MeetingInfo } from '../components/MeetingInfo';
import { MembersList } from '../components/MembersList';
import { PrayerRequests } from '../components/PrayerRequests';
import { RateMeeting } from '../components/RateMeeting';
import { failureDescription } from '../group-errors';
import { isLeader, isMember, memberCountText, roleLabels } from '../group-format';
import { useGroupsOneQuery, useGroupsLeaveMutation } from '../groupsApi';
import '../groups.css';

function LeaveButton({ group }: { group: GroupSummary }) {
  const { notification } = App.useApp();
  const navigate = useNavigate();
  const [leave, { isLoading }] = useGroupsLeaveMutation();
  const onLeave = async () => {
    const result = await leave(group.id);
    if (result.error) {
      notification.error({ title: 'Could not leave the group', description: failureDescription(result.error) });
      return;
    }
    notification.success({ title: `You left ${group.name}` });
    navigate('/groups');
  };
  return (
    <Popconfirm title={`Leave ${group.name}?`} okText="Leave" okButtonProps={{ danger: true }} onConfirm={() => onLeave()}>
      <Button danger loading={isLoading}>
        Leave
      </Button>
    </Popconfirm>
  );
}

/** One group (issue 6): its header with the meeting and Leave; members see prayer requests, members and the rating. */
export function GroupPage() {
  const { groupId = '' } = useParams();
  const { data: group, isLoading, error } = useGroupsOneQuery(groupId);

  if (isLoading) {
    return (
      <main className="page group-page">
        <Skeleton active paragraph={{ rows: 6 }} />
      </main>
    );
  }
  if (!group) {
    const status = httpStatusOf(error);
    return (
      <main className="page group-page">
        <Result
          status={status === 404 ? '404' : 'warning'}
          title={status === 404 ? 'Group not found' : 'This group could not be loaded'}
          subTitle={status === 404 ? 'It may have been closed, or the link is wrong.' : 'Please check your connection and try again.'}
          extra={<Link to="/groups">Back to Groups</Link>}
        />
      </main>
    );
  }

  const member = isMember(group.myStatus);
  const leader = isLeader(group.myStatus);
  return (
    <main className="page group-page">
      <title>{`${group.name} · Abide`}</title>
      <Link to="/groups" className="back-link">
        <ArrowLeftOutlined aria-hidden /> Groups
      </Link>
      <header className="page-header group-header">
        <div className="page-header__text">
          <Typography.Title level={1} className="page__title">
            {group.name}
          </Typography.Title>
          {group.description ? <p className="page-header__lead">{group.description}</p> : null}
          <p className="group-header__facts">
            <span>
              <TeamOutlined aria-hidden /> {memberCountText(group.memberCount)}
            </span>
            <span>
              {group.isPublic ? <GlobalOutlined aria-hidden /> : <LockOutlined aria-hidden />} {group.isPublic ? 'Public' : 'Private'}
            </span>
            {group.ownerName ? <span>Led by {group.ownerName}</span> : null}
            {isMember(group.myStatus) ? <Tag className="role-tag">{roleLabels[group.myStatus]}</Tag> : null}
          </p>
          <MeetingInfo meeting={group.meeting} />
        </div>
        <div className="page-header__actions">
          {leader ? (
            <ButtonLink to={`/groups/${group.id}/dashboard`} icon={<DashboardOutlined aria-hidden />}>
              View Dashboard
            </ButtonLink>
          ) : null}
          {member ? <LeaveButton group={group} /> : <JoinButton group={group} />}
        </div>
      </header>

      {member ? <MySharingWith kind="group" id={group.id} /> : null}
      {member ? (
        <Tabs
          className="group-tabs"
          defaultActiveKey="prayers"
          items={[
            { key: 'prayers', label: 'Prayer requests', children: <PrayerRequests groupId={group.id} isLeader={leader} /> },
            { key: 'members', label: 'Members', children: <MembersList groupId={group.id} /> },
            { key: 'rating', label: 'Rate meeting', children: <RateMeeting groupId={group.id} /> },
          ]}
        />
      ) : (
        <Card variant="borderless" className="content-card group-outsider">
          <p>
            {group.myStatus === 'pending'
              ? 'Your request is waiting for a leader to approve it.'
              : group.isPublic
                ? 'Join this group to share prayer requests and grow together.'
                : 'This is a private group. Request to join, and a leader will review your request.'}
          </p>
        </Card>
      )}
    </main>
  );
}
