import { MailOutlined } from '@ant-design/icons';
import { Button, Typography } from 'antd';

/** Shown after sign-up or a recovery request: the link in the mail finishes the job. */
export function CheckEmail({ email, purpose, onBack }: { email: string; purpose: string; onBack: () => void }) {
  return (
    <div className="check-email" role="status" aria-live="polite">
      <span className="check-email__icon" aria-hidden>
        <MailOutlined />
      </span>
      <Typography.Title level={2} className="auth-card__title">
        Check your email
      </Typography.Title>
      <Typography.Paragraph>
        We sent a link to <strong className="check-email__address">{email}</strong>. Open it {purpose}.
      </Typography.Paragraph>
      <Typography.Paragraph type="secondary">
        It can take a minute to arrive. If you don't see it, check your spam or junk folder.
      </Typography.Paragraph>
      <Button block size="large" onClick={onBack}>
        Back to sign in
      </Button>
    </div>
  );
}
