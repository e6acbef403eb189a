import { GlobalOutlined, LockOutlined, TeamOutlined } from '@ant-design/icons';
import type { GroupSummary } from '@abide/contracts';
import { Card } from 'antd';
import { memberCountText } from '../group-format';
import { JoinButton } from './JoinButton';
import { MeetingInfo } from './MeetingInfo';

/** A group in Discover: real member count, privacy, meeting, and the join button for the caller's status. */
export function DiscoverCard({ group }: { group: GroupSummary }) {
  const headingId = `discover-${group.id}-name`;
  return (
    <Card variant="borderless" className="group-card group-card--discover" role="region" aria-labelledby={headingId}>
      <div className="group-card__head">
        <h3 id={headingId} className="group-card__name">
          {group.name}
        </h3>
        <span className="privacy-badge">
          {group.isPublic ? <GlobalOutlined aria-hidden /> : <LockOutlined aria-hidden />} {group.isPublic ? 'Public' : 'Private'}
        </span>
      </div>
      {group.description ? <p className="group-card__description">{group.description}</p> : null}
      <p className="group-card__members">
        <TeamOutlined aria-hidden /> <span className="member-count">{memberCountText(group.memberCount)}</span>
      </p>
      {group.ownerName ? <p className="group-card__owner">Led by {group.ownerName}</p> : null}
      <MeetingInfo meeting={group.meeting} />
      <div className="group-card__actions">
        <JoinButton group={group} />
      </div>
    </Card>
  );
}
