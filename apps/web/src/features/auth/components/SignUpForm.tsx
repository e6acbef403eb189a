import { LockOutlined, MailOutlined, UserOutlined } from '@ant-design/icons';
import { signUpRequestSchema, type SignUpRequest } from '@abide/contracts';
import { App, Button, Form, Input } from 'antd';
import { useNavigate } from 'react-router-dom';
import { problemOf } from '../../../shared/api/problem-details';
import { zodRule } from '../../../shared/forms/zod-rule';
import { useSignUpMutation } from '../authApi';

type SignUpFields = SignUpRequest;
const fieldNames: ReadonlyArray<keyof SignUpFields> = ['name', 'email', 'password'];
const isFieldName = (field: string): field is keyof SignUpFields => (fieldNames as readonly string[]).includes(field);

export function SignUpForm() {
  const [form] = Form.useForm<SignUpFields>();
  const [signUp, { isLoading }] = useSignUpMutation();
  const { notification } = App.useApp();
  const navigate = useNavigate();

  const onFinish = async (values: SignUpFields) => {
    const request = signUpRequestSchema.parse(values);
    const result = await signUp(request);
    if (!result.error) {
      notification.success({ message: 'Welcome to Abide!', description: 'Your account is ready.' });
      navigate('/plan', { replace: true });
      return;
    }
    const problem = problemOf(result.error);
    notification.error({
      message: 'Registration failed',
      description: problem?.detail ?? 'Please try again with different details.',
    });
    const fieldErrors = (problem?.errors ?? []).filter((e) => isFieldName(e.field));
    if (fieldErrors.length > 0) {
      form.setFields(fieldErrors.map((e) => ({ name: e.field as keyof SignUpFields, errors: [e.message] })));
    }
  };

  return (
    <Form<SignUpFields>
      form={form}
      name="sign-up"
      layout="vertical"
      requiredMark={false}
      size="large"
      onFinish={onFinish}
      disabled={isLoading}
      // Required checks run on submit and while typing, never just for tabbing past an empty field;
      // format checks wait for the blur so nobody is told off mid-word.
      validateTrigger={['onChange', 'onBlur']}
    >
      <Form.Item
        label="Full Name"
        name="name"
        rules={[
          { required: true, whitespace: true, message: 'Please enter your name', validateTrigger: 'onChange' },
          zodRule(signUpRequestSchema.shape.name),
        ]}
      >
        <Input prefix={<UserOutlined aria-hidden />} autoComplete="name" placeholder="Your full name" />
      </Form.Item>
      <Form.Item
        label="Email"
        name="email"
        rules={[{ required: true, message: 'Please enter your email', validateTrigger: 'onChange' }, zodRule(signUpRequestSchema.shape.email)]}
      >
        <Input
          prefix={<MailOutlined aria-hidden />}
          type="email"
          inputMode="email"
          autoComplete="email"
          placeholder="you@example.com"
        />
      </Form.Item>
      <Form.Item
        label="Password"
        name="password"
        extra="At least 8 characters."
        rules={[{ required: true, message: 'Please enter a password', validateTrigger: 'onChange' }, zodRule(signUpRequestSchema.shape.password)]}
      >
        <Input.Password prefix={<LockOutlined aria-hidden />} autoComplete="new-password" placeholder="Create a password" />
      </Form.Item>
      <Form.Item style={{ marginBottom: 0 }}>
        <Button type="primary" htmlType="submit" block loading={isLoading}>
          Create Account
        </Button>
      </Form.Item>
    </Form>
  );
}
