import { LockOutlined, MailOutlined, UserOutlined } from '@ant-design/icons';
import { signUpWithConfirmationSchema } from '@abide/contracts';
import { App, Button, Form, Input } from 'antd';
import { zodRule } from '../../../shared/forms/zod-rule';
import type { SignUpInput } from '../auth-context';
import { fieldErrorsOf, isRateLimited, rateLimitText } from '../auth-errors';
import { useAuth } from '../useAuth';

const fields = signUpWithConfirmationSchema.shape;
const fieldNames: ReadonlyArray<keyof SignUpInput> = ['name', 'email', 'password'];

export function RegisterForm({ onRegistered }: { onRegistered: (email: string) => void }) {
  const [form] = Form.useForm<SignUpInput>();
  const { signup, busy } = useAuth();
  const { notification } = App.useApp();

  const onFinish = async (values: SignUpInput) => {
    const input = { name: values.name.trim(), email: values.email.trim().toLowerCase(), password: values.password };
    try {
      await signup(input);
      onRegistered(input.email);
    } catch (error) {
      notification.error({
        title: 'Registration failed',
        description: isRateLimited(error) ? rateLimitText(error) : 'Please try again with different details.',
      });
      // A weak password answers one message per reason; show them all under the field.
      const byField = fieldErrorsOf(error);
      form.setFields(fieldNames.filter((name) => byField.has(name)).map((name) => ({ name, errors: byField.get(name) })));
    }
  };

  return (
    <Form<SignUpInput>
      form={form}
      name="sign-up"
      layout="vertical"
      requiredMark={false}
      size="large"
      onFinish={onFinish}
      disabled={busy}
      // Required checks run on submit and while typing; format checks wait for the blur.
      validateTrigger={['onChange', 'onBlur']}
    >
      <Form.Item
        label="Full Name"
        name="name"
        rules={[
          { required: true, whitespace: true, message: 'Please enter your name', validateTrigger: 'onChange' },
          zodRule(fields.name),
        ]}
      >
        <Input prefix={<UserOutlined aria-hidden />} autoComplete="name" placeholder="Your full name" />
      </Form.Item>
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
        extra="At least 8 characters. A short phrase you will remember works well."
        rules={[
          { required: true, message: 'Please enter a password', validateTrigger: 'onChange' },
          zodRule(fields.password),
        ]}
      >
        <Input.Password prefix={<LockOutlined aria-hidden />} autoComplete="new-password" placeholder="Create a password" />
      </Form.Item>
      <Form.Item className="form-actions">
        <Button type="primary" htmlType="submit" block loading={busy}>
          Create Account
        </Button>
      </Form.Item>
    </Form>
  );
}
