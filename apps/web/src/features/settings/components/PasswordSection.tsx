import { changePasswordRequestSchema } from '@abide/contracts';
import { App, Button, Card, Form, Input } from 'antd';
import { httpStatusOf } from '../../../shared/api/problem-details';
import { zodRule } from '../../../shared/forms/zod-rule';
import { fieldErrorsOf } from '../../auth';
import { usePasswordsChangeMutation } from '../settingsApi';

interface PasswordFields {
  currentPassword: string;
  newPassword: string;
  confirm: string;
}

export function PasswordSection() {
  const [form] = Form.useForm<PasswordFields>();
  const [changePassword, { isLoading }] = usePasswordsChangeMutation();
  const { notification } = App.useApp();

  const onFinish = async ({ currentPassword, newPassword }: PasswordFields) => {
    const result = await changePassword({ currentPassword, newPassword });
    if (!result.error) {
      form.resetFields();
      notification.success({ title: 'Password changed', description: 'Use your new password next time you sign in.' });
      return;
    }
    if (httpStatusOf(result.error) === 401) {
      form.setFields([{ name: 'currentPassword', errors: ['Your current password is not correct'] }]);
    } else {
      const reasons = fieldErrorsOf(result.error);
      const forNew = reasons.get('newPassword') ?? reasons.get('password');
      if (forNew) form.setFields([{ name: 'newPassword', errors: forNew }]);
    }
    notification.error({ title: 'Password not changed', description: 'Please check the fields and try again.' });
  };

  return (
    <Card title={<h2 className="card-heading">Password</h2>} variant="borderless" className="settings-card">
      <Form<PasswordFields>
        form={form}
        name="change-password"
        layout="vertical"
        requiredMark={false}
        onFinish={onFinish}
        disabled={isLoading}
      >
        <Form.Item
          label="Current password"
          name="currentPassword"
          rules={[
            { required: true, message: 'Please enter your current password' },
            zodRule(changePasswordRequestSchema.shape.currentPassword),
          ]}
        >
          <Input.Password autoComplete="current-password" />
        </Form.Item>
        <Form.Item
          label="New password"
          name="newPassword"
          extra="At least 8 characters."
          rules={[{ required: true, message: 'Please enter a new password' }, zodRule(changePasswordRequestSchema.shape.newPassword)]}
        >
          <Input.Password autoComplete="new-password" />
        </Form.Item>
        <Form.Item
          label="Confirm new password"
          name="confirm"
          dependencies={['newPassword']}
          rules={[
            { required: true, message: 'Please repeat the new password' },
            ({ getFieldValue }) => ({
              validator: async (_rule, value: string) => {
                if (value && value !== getFieldValue('newPassword')) throw new Error('The passwords do not match');
              },
            }),
          ]}
        >
          <Input.Password autoComplete="new-password" />
        </Form.Item>
        <Button type="primary" htmlType="submit" loading={isLoading}>
          Change Password
        </Button>
      </Form>
    </Card>
  );
}
