import { twoFactorEnableRequestSchema } from '@abide/contracts/src/http/two-factor.dto';
import { Form, Input } from 'antd';
import { zodRule } from '../../../../shared/forms/zod-rule';

/** The "Password" field of a form that turns two-factor sign-in on or off: the member's current password. */
export function PasswordItem() {
  return (
    <Form.Item
      label="Password"
      name="password"
      rules={[{ required: true, message: 'Please enter your password' }, zodRule(twoFactorEnableRequestSchema.shape.password)]}
    >
      <Input.Password autoComplete="current-password" />
    </Form.Item>
  );
}
