import { twoFactorCodeRequestSchema } from '@abide/contracts/src/http/two-factor.dto';
import { Form, Input } from 'antd';
import { zodRule } from '../../../../shared/forms/zod-rule';

/** The "Code from your app" field of a form: 6 digits, as the authenticator app shows them. */
export function AppCodeItem() {
  return (
    <Form.Item
      label="Code from your app"
      name="code"
      rules={[{ required: true, message: 'Please enter the 6-digit code' }, zodRule(twoFactorCodeRequestSchema.shape.code)]}
    >
      <Input autoComplete="one-time-code" inputMode="numeric" maxLength={7} placeholder="123456" className="two-factor__code-input" />
    </Form.Item>
  );
}
