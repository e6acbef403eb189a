import { LockOutlined, MailOutlined } from '@ant-design/icons';
import { signInRequestSchema, type SignInChallenge, type SignInRequest } from '@abide/contracts';
import { Alert, App, Button, Form, Input } from 'antd';
import { useState } from 'react';
import { zodRule } from '../../../shared/forms/zod-rule';
import { EMAIL_NOT_CONFIRMED, isRateLimited, problemCodeOf, rateLimitNotice, type RateLimitNotice } from '../auth-errors';
import { useAuth } from '../useAuth';

const fields = signInRequestSchema.shape;

interface LoginFormProps {
  onForgotPassword: () => void;
  /** The password was right and two-factor sign-in is on: the code step follows. */
  onSecondFactor: (challenge: SignInChallenge) => void;
}

export function LoginForm({ onForgotPassword, onSecondFactor }: LoginFormProps) {
  const [form] = Form.useForm<SignInRequest>();
  const { login, busy } = useAuth();
  const { notification } = App.useApp();
  // A limit's notice stays on the form (a toast would vanish before the time it names): when, and the server's reason.
  const [limited, setLimited] = useState<RateLimitNotice>();

  const onFinish = async (values: SignInRequest) => {
    setLimited(undefined);
    try {
      const outcome = await login(signInRequestSchema.parse(values));
      if (outcome.kind === 'second-factor') {
        onSecondFactor(outcome.challenge);
        return;
      }
      // The login page moves on as soon as the session exists; the toast outlives it.
      notification.success({ title: 'Welcome back!' });
    } catch (error) {
      if (isRateLimited(error)) setLimited(rateLimitNotice(error));
      else notification.error({ title: 'Login failed', description: loginFailureText(error) });
    }
  };

  return (
    <Form<SignInRequest>
      form={form}
      name="sign-in"
      layout="vertical"
      requiredMark={false}
      size="large"
      onFinish={onFinish}
      disabled={busy}
      validateTrigger={['onChange', 'onBlur']}
    >
      <Form.Item
        label="Email"
        name="email"
        rules={[
          { required: true, message: 'Please enter your email', validateTrigger: 'onChange' },
          zodRule(fields.email),
        ]}
      >
        <Input prefix={<MailOutlined aria-hidden />} type="email" inputMode="email" autoComplete="email" placeholder="you@example.com" />
      </Form.Item>
      <Form.Item
        label="Password"
        name="password"
        rules={[{ required: true, message: 'Please enter your password', validateTrigger: 'onChange' }]}
        extra={
          <Button type="link" className="inline-link" onClick={onForgotPassword} htmlType="button" disabled={false}>
            Forgot password?
          </Button>
        }
      >
        <Input.Password prefix={<LockOutlined aria-hidden />} autoComplete="current-password" placeholder="Your password" />
      </Form.Item>
      {limited && (
        <Alert
          type="warning"
          showIcon
          className="auth-limit"
          title={limited.when || 'Please wait before trying again.'}
          description={limited.detail}
        />
      )}
      <Form.Item className="form-actions">
        <Button type="primary" htmlType="submit" block loading={busy}>
          Sign In
        </Button>
      </Form.Item>
    </Form>
  );
}

function loginFailureText(error: unknown): string {
  if (problemCodeOf(error) === EMAIL_NOT_CONFIRMED) return 'Please confirm your email first: open the link we sent you.';
  return 'Please check your email and password.';
}
