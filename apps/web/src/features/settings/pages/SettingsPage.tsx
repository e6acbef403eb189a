import { Button, Result, Skeleton, Typography } from 'antd';
import { useEffect } from 'react';
import { useLocation } from 'react-router-dom';
import { AccountSection } from '../components/AccountSection';
import { PasswordSection } from '../components/PasswordSection';
import { PrivacySection } from '../components/PrivacySection';
import { ProfileSection } from '../components/ProfileSection';
import { RemindersSection } from '../components/RemindersSection';
import { TwoFactorSection } from '../components/TwoFactorSection';
import { useSettingsGetQuery } from '../settingsApi';

export function SettingsPage() {
  const { data: settings, isLoading, isError, refetch } = useSettingsGetQuery();
  // A link to one section (`/settings#two-factor` from a moderator page) scrolls to it once the sections are there.
  const { hash } = useLocation();
  useEffect(() => {
    if (settings && hash) document.getElementById(hash.slice(1))?.scrollIntoView({ block: 'start' });
  }, [settings, hash]);

  return (
    <main className="page page--narrow">
      <title>Settings · Abide</title>
      <Typography.Title level={1} className="page__title">
        Settings
      </Typography.Title>
      <Typography.Paragraph type="secondary" className="page__lead">
        Your profile, reminders, privacy, sign-in and account.
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
          <PrivacySection />
          <PasswordSection />
          <TwoFactorSection />
          <AccountSection />
        </div>
      )}
    </main>
  );
}
