import { TeamOutlined } from '@ant-design/icons';
import type { GroupSummary } from '@abide/contracts';
import { Card, Progress, Tag } from 'antd';
import { ButtonLink } from '../../../shared/components/ButtonLink';
import { isLeader, isMember, memberCountText, roleLabels, timeAgo, weeklyProgressOf } from '../group-format';
import { MeetingInfo } from './MeetingInfo';

/** One of My Groups with real figures: members, weekly progress, recent activity, the caller's role. */
export function MyGroupCard({ group }: { group: GroupSummary }) {
  const progress = weeklyProgressOf(group.weeklyProgress);
  const headingId = `group-${group.id}-name`;

  return (
    <Card variant="borderless" className="group-card" role="region" aria-labelledby={headingId}>
      <div className="group-card__head">
        <h3 id={headingId} className="group-card__name">
          {group.name}
        </h3>
        <div className="group-card__tags">
          {group.active ? <Tag color="green">Active</Tag> : null}
          {isMember(group.myStatus) ? <Tag className="role-tag">{roleLabels[group.myStatus]}</Tag> : null}
        </div>
      </div>
      {group.description ? <p className="group-card__description">{group.description}</p> : null}
      <p className="group-card__members">
        <TeamOutlined aria-hidden /> <span className="member-count">{memberCountText(group.memberCount)}</span>
        <span className="group-card__privacy">{group.isPublic ? 'Public' : 'Private'}</span>
      </p>
      <div className="group-card__progress">
        <div className="group-card__progress-label">
          <span>Weekly progress</span>
          <span className="group-card__progress-value">{progress.text}</span>
        </div>
        <Progress percent={progress.percent} showInfo={false} size="small" aria-label={`Weekly progress ${progress.text}`} />
      </div>
      <p className="group-card__activity">
        {group.recentActivity ? (
          <>
            {group.recentActivity.text} <span className="muted">· {timeAgo(group.recentActivity.at)}</span>
          </>
        ) : (
          'No recent activity'
        )}
      </p>
      <MeetingInfo meeting={group.meeting} />
      <div className="group-card__actions">
        {isLeader(group.myStatus) ? (
          <ButtonLink to={`/groups/${group.id}/dashboard`} aria-label={`View Dashboard of ${group.name}`}>
            View Dashboard
          </ButtonLink>
        ) : null}
        <ButtonLink type="primary" to={`/groups/${group.id}`} aria-label={`Open ${group.name}`}>
          Open
        </ButtonLink>
      </div>
    </Card>
  );
}
