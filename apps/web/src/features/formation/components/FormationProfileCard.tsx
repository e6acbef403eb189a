import { CalendarOutlined, UserOutlined } from '@ant-design/icons';
import type { FormationProfile } from '@abide/contracts';
import { Avatar, Card, Typography } from 'antd';

const memberSince = new Intl.DateTimeFormat(undefined, { dateStyle: 'long' });

export function FormationProfileCard({ profile }: { profile: FormationProfile }) {
  return (
    <Card
      className="profile-card"
      title={<h2 className="card-heading">Your formation profile</h2>}
      variant="borderless"
    >
      <div className="profile-card__body">
        <Avatar size={56} icon={<UserOutlined aria-hidden />} className="profile-card__avatar" />
        <div>
          <Typography.Text strong className="profile-card__name">
            {profile.displayName}
          </Typography.Text>
          <Typography.Paragraph type="secondary" className="profile-card__since">
            <CalendarOutlined aria-hidden /> Member since{' '}
            <time dateTime={profile.createdAt}>{memberSince.format(new Date(profile.createdAt))}</time>
          </Typography.Paragraph>
        </div>
      </div>
    </Card>
  );
}
