import { LockOutlined, MailOutlined } from '@ant-design/icons';
import { signInRequestSchema, type SignInChallenge, type SignInRequest } from '@abide/contracts';
import { App, Button, Form, Input } from 'antd';
import { zodRule } from '../../../shared/forms/zod-rule';
import { EMAIL_NOT_CONFIRMED, isRateLimited, problemCodeOf } from '../auth-errors';
import { useAuth } from '../hooks/useAuth';

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

  const onFinish = async (values: SignInRequest) => {
    try {
      const outcome = await login(signInRequestSchema.parse(values));
      if (outcome.kind === 'second-factor') {
        onSecondFactor(outcome.challenge);
        return;
      }
      // The login page moves on as soon as the session exists; the toast outlives it.
      notification.success({ message: 'Welcome back!' });
    } catch (error) {
      notification.error({ message: 'Login failed', description: loginFailureText(error) });
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
  if (isRateLimited(error)) return 'Too many attempts. Please wait a few minutes and try again.';
  return 'Please check your email and password.';
}
