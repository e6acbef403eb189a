import { SafetyOutlined } from '@ant-design/icons';
import type { SignInChallenge } from '@abide/contracts';
import { Button, Form, Input, Typography } from 'antd';
import { useState } from 'react';
import { errorCodes } from '@abide/contracts/src/errors/error-codes';
import { isRateLimited, problemCodeOf, rateLimitText } from '../auth-errors';
import { useAuth } from '../useAuth';

interface CodeFields {
  code: string;
}

interface SecondFactorFormProps {
  challenge: SignInChallenge;
  onVerified: () => void;
  /** The challenge ran out (5 minutes) or was used: the password step again, with this message. */
  onExpired: (message: string) => void;
}

/** Sign-in's second step: the code from the authenticator app, or one of the recovery codes. */
export function SecondFactorForm({ challenge, onVerified, onExpired }: SecondFactorFormProps) {
  const { verifySecondFactor, busy } = useAuth();
  const [form] = Form.useForm<CodeFields>();
  const [recovery, setRecovery] = useState(false);

  const onFinish = async ({ code }: CodeFields) => {
    try {
      await verifySecondFactor(challenge, code.trim());
      onVerified();
    } catch (error) {
      if (problemCodeOf(error) === errorCodes.challengeExpired) {
        onExpired('That took too long. Please sign in again with your password.');
        return;
      }
      const message = isRateLimited(error)
        ? rateLimitText(error)
        : recovery
          ? 'That recovery code is not right, or it was already used.'
          : 'That code is not right. Enter the code your app shows now.';
      form.setFields([{ name: 'code', errors: [message] }]);
    }
  };

  const switchKind = () => {
    setRecovery((current) => !current);
    form.resetFields();
  };

  return (
    <>
      <Typography.Title level={2} className="auth-card__title">
        Two-factor sign-in
      </Typography.Title>
      <Typography.Paragraph type="secondary" className="auth-card__subtitle">
        {recovery
          ? 'Enter one of the recovery codes you saved when you turned on two-factor sign-in. Each works once.'
          : 'Open your authenticator app and enter the 6-digit code it shows for Abide.'}
      </Typography.Paragraph>
      <Form<CodeFields>
        form={form}
        name="second-factor"
        layout="vertical"
        requiredMark={false}
        size="large"
        onFinish={onFinish}
        disabled={busy}
      >
        <Form.Item
          label={recovery ? 'Recovery code' : 'Authentication code'}
          name="code"
          rules={[{ required: true, message: recovery ? 'Please enter a recovery code' : 'Please enter the 6-digit code' }]}
        >
          <Input
            prefix={<SafetyOutlined aria-hidden />}
            autoComplete="one-time-code"
            inputMode={recovery ? 'text' : 'numeric'}
            maxLength={recovery ? 32 : 7}
            placeholder={recovery ? 'xxxxx-xxxxx' : '123456'}
            autoFocus
          />
        </Form.Item>
        <Form.Item className="form-actions">
          <Button type="primary" htmlType="submit" block loading={busy}>
            Verify
          </Button>
        </Form.Item>
      </Form>
      <Button type="link" block onClick={switchKind}>
        {recovery ? 'Use the code from my app' : 'Use a recovery code'}
      </Button>
    </>
  );
}
