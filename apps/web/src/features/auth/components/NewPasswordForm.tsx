import { LockOutlined } from '@ant-design/icons';
import { newPasswordRequestSchema } from '@abide/contracts';
import { App, Button, Form, Input } from 'antd';
import { useState } from 'react';
import { zodRule } from '../../../shared/forms/zod-rule';
import { fieldErrorsOf } from '../auth-errors';
import { useAuth } from '../useAuth';

interface NewPasswordFields {
  password: string;
  confirm: string;
}

/** After a recovery link: choose the new password (POST /auth/password); weak-password reasons show under the field. */
export function NewPasswordForm({ onDone }: { onDone: () => void }) {
  const [form] = Form.useForm<NewPasswordFields>();
  const { setNewPassword } = useAuth();
  const { notification } = App.useApp();
  const [pending, setPending] = useState(false);

  const onFinish = async ({ password }: NewPasswordFields) => {
    setPending(true);
    try {
      await setNewPassword(password);
      notification.success({ title: 'Password updated', description: 'You are signed in with your new password.' });
      onDone();
    } catch (error) {
      const reasons = fieldErrorsOf(error).get('password');
      if (reasons) form.setFields([{ name: 'password', errors: reasons }]);
      notification.error({ title: 'Password not changed', description: 'Please choose a different password.' });
    } finally {
      setPending(false);
    }
  };

  return (
    <Form<NewPasswordFields> form={form} name="new-password" layout="vertical" requiredMark={false} size="large" onFinish={onFinish} disabled={pending}>
      <Form.Item
        label="New password"
        name="password"
        extra="At least 8 characters."
        rules={[{ required: true, message: 'Please enter a new password' }, zodRule(newPasswordRequestSchema.shape.password)]}
      >
        <Input.Password prefix={<LockOutlined aria-hidden />} autoComplete="new-password" />
      </Form.Item>
      <Form.Item
        label="Confirm new password"
        name="confirm"
        dependencies={['password']}
        rules={[
          { required: true, message: 'Please repeat the new password' },
          ({ getFieldValue }) => ({
            validator: async (_rule, value: string) => {
              if (value && value !== getFieldValue('password')) throw new Error('The passwords do not match');
            },
          }),
        ]}
      >
        <Input.Password prefix={<LockOutlined aria-hidden />} autoComplete="new-password" />
      </Form.Item>
      <Form.Item className="form-actions">
        <Button type="primary" htmlType="submit" block loading={pending}>
          Save New Password
        </Button>
      </Form.Item>
    </Form>
  );
}
