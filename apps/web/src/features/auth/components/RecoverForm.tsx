import { MailOutlined } from '@ant-design/icons';
import { recoverRequestSchema } from '@abide/contracts';
import { App, Button, Form, Input, Typography } from 'antd';
import { useState } from 'react';
import { zodRule } from '../../../shared/forms/zod-rule';
import { isRateLimited, rateLimitText } from '../auth-errors';
import { useAuth } from '../useAuth';

interface RecoverFields {
  email: string;
}

/** Asks for a recovery link; the answer is the same whether or not the address has an account. */
export function RecoverForm({ onSent, onBack }: { onSent: (email: string) => void; onBack: () => void }) {
  const { recover } = useAuth();
  const { notification } = App.useApp();
  const [pending, setPending] = useState(false);

  const onFinish = async ({ email }: RecoverFields) => {
    const address = email.trim().toLowerCase();
    setPending(true);
    try {
      await recover(address);
      onSent(address);
    } catch (error) {
      notification.error({
        title: 'Could not send the link',
        description: isRateLimited(error) ? rateLimitText(error) : 'Please try again.',
      });
    } finally {
      setPending(false);
    }
  };

  return (
    <>
      <Typography.Title level={2} className="auth-card__title">
        Reset your password
      </Typography.Title>
      <Typography.Paragraph type="secondary" className="auth-card__subtitle">
        Enter the email you signed up with and we will send you a link to choose a new password.
      </Typography.Paragraph>
      <Form<RecoverFields> name="recover" layout="vertical" requiredMark={false} size="large" onFinish={onFinish} disabled={pending}>
        <Form.Item
          label="Email"
          name="email"
          rules={[{ required: true, message: 'Please enter your email' }, zodRule(recoverRequestSchema.shape.email)]}
        >
          <Input prefix={<MailOutlined aria-hidden />} type="email" inputMode="email" autoComplete="email" placeholder="you@example.com" />
        </Form.Item>
        <Form.Item className="form-actions">
          <Button type="primary" htmlType="submit" block loading={pending}>
            Send Reset Link
          </Button>
        </Form.Item>
      </Form>
      <Button type="link" block onClick={onBack}>
        Back to sign in
      </Button>
    </>
  );
}
