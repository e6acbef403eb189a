import { Button, Result, Skeleton, Typography } from 'antd';
import { AccountSection } from '../components/AccountSection';
import { PasswordSection } from '../components/PasswordSection';
import { PrivacySection } from '../components/PrivacySection';
import { ProfileSection } from '../components/ProfileSection';
import { RemindersSection } from '../components/RemindersSection';
import { useSettingsGetQuery } from '../settingsApi';

export function SettingsPage() {
  const { data: settings, isLoading, isError, refetch } = useSettingsGetQuery();

  return (
    <main className="page page--narrow">
      <title>Settings · Abide</title>
      <Typography.Title level={1} className="page__title">
        Settings
      </Typography.Title>
      <Typography.Paragraph type="secondary" className="page__lead">
        Your profile, reminders, privacy and account.
      </Typography.Paragraph>
      {isLoading && <Skeleton active paragraph={{ rows: 8 }} />}
      {isError && !settings && (
        <Result
          status="warning"
          title="We couldn't load your settings"
          subTitle="Please check your connection and try again."
          extra={
            <Button type="primary" onClick={() => void refetch()}>
              Try again
            </Button>
          }
        />
      )}
      {settings && (
        <div className="settings-stack">
          <ProfileSection settings={settings} />
          <RemindersSection settings={settings} />
          <PrivacySection settings={settings} />
          <PasswordSection />
          <AccountSection />
        </div>
      )}
    </main>
  );
}
