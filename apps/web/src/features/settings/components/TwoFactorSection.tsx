import { SafetyCertificateOutlined } from '@ant-design/icons';
import type { TwoFactorEnrolment as Enrolment } from '@abide/contracts/src/http/two-factor.dto';
import { Alert, App, Button, Card, Skeleton, Tag } from 'antd';
import { useState } from 'react';
import { useTwoFactorStartMutation, useTwoFactorStatusQuery } from '../twoFactorApi';
import { RecoveryCodesPanel } from './two-factor/RecoveryCodesPanel';
import { TwoFactorEnrolment } from './two-factor/TwoFactorEnrolment';
import { TwoFactorManage } from './two-factor/TwoFactorManage';

const dateOf = (iso: string) => new Date(iso).toLocaleDateString(undefined, { day: 'numeric', month: 'long', year: 'numeric' });

/** Two-factor sign-in: off (turn it on with an app), being set up, on (recovery codes, turning it off). */
export function TwoFactorSection() {
  const { data: status, isLoading, refetch } = useTwoFactorStatusQuery();
  const [start, { isLoading: starting }] = useTwoFactorStartMutation();
  const [enrolment, setEnrolment] = useState<Enrolment | null>(null);
  const [codes, setCodes] = useState<string[] | null>(null);
  const { notification } = App.useApp();

  const begin = async () => {
    const result = await start();
    if (result.data) setEnrolment(result.data);
    else notification.error({ title: 'Could not start', description: 'Please try again.' });
  };

  const enabled = (recoveryCodes: string[]) => {
    setEnrolment(null);
    setCodes(recoveryCodes);
    void refetch();
    notification.success({
      title: 'Two-factor sign-in is on',
      description: 'Next time you sign in, Abide will ask for a code from your app.',
    });
  };

  return (
    <Card
      id="two-factor"
      title={<h2 className="card-heading">Two-factor sign-in</h2>}
      extra={
        status?.enabled ? (
          <Tag color="green" icon={<SafetyCertificateOutlined aria-hidden />}>
            On
          </Tag>
        ) : (
          status && <Tag>Off</Tag>
        )
      }
      variant="borderless"
      className="settings-card two-factor"
    >
      {isLoading && <Skeleton active paragraph={{ rows: 2 }} />}
      {status && !status.enabled && status.required && !enrolment && (
        <Alert
          type="warning"
          showIcon
          className="two-factor__required"
          title="Your role needs two-factor sign-in"
          description="Moderator and admin tools open once it is on, because they show other people's uploads and activity."
        />
      )}
      {codes && <RecoveryCodesPanel codes={codes} onDone={() => setCodes(null)} />}
      {status && !status.enabled && !enrolment && (
        <div className="setting-row">
          <div>
            <span className="setting-row__label">Sign in with a code from your phone</span>
            <p className="setting-row__help">
              Besides your password, Abide asks for a code from an authenticator app, so a stolen password alone is not enough.
            </p>
          </div>
          <Button type="primary" loading={starting} onClick={() => void begin()}>
            Turn On
          </Button>
        </div>
      )}
      {enrolment && <TwoFactorEnrolment enrolment={enrolment} onEnabled={enabled} onCancel={() => setEnrolment(null)} />}
      {status?.enabled && !codes && (
        <>
          <p className="setting-row__help two-factor__since">
            On since {status.enabledAt ? dateOf(status.enabledAt) : 'recently'}. Signing in asks for a code from your authenticator app.
          </p>
          <TwoFactorManage status={status} onNewCodes={setCodes} />
        </>
      )}
    </Card>
  );
}
