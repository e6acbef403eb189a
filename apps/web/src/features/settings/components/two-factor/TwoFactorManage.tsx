import { twoFactorDisableRequestSchema, type TwoFactorStatus } from '@abide/contracts/src/http/two-factor.dto';
import { App, Button, Form, Input } from 'antd';
import { zodRule } from '../../../../shared/forms/zod-rule';
import { fieldErrorsOf, isRateLimited } from '../../../auth';
import { useTwoFactorDisableMutation, useTwoFactorRenewMutation } from '../../twoFactorApi';
import { AppCodeItem } from './AppCodeItem';
import { PasswordItem } from './PasswordItem';

const tooMany = 'Too many attempts. Please wait a few minutes and try again.';

/** With it on: new recovery codes for a current code, and turning it off (password and a code) unless a role needs it. */
export function TwoFactorManage({ status, onNewCodes }: { status: TwoFactorStatus; onNewCodes: (codes: string[]) => void }) {
  const [renew, { isLoading: renewing }] = useTwoFactorRenewMutation();
  const [disable, { isLoading: disabling }] = useTwoFactorDisableMutation();
  const [renewForm] = Form.useForm<{ code: string }>();
  const [disableForm] = Form.useForm<{ password: string; code: string }>();
  const { notification } = App.useApp();

  const onRenew = async ({ code }: { code: string }) => {
    const result = await renew({ code: code.trim() });
    if (result.data) {
      renewForm.resetFields();
      onNewCodes(result.data.recoveryCodes);
      return;
    }
    renewForm.setFields([
      { name: 'code', errors: [isRateLimited(result.error) ? tooMany : 'That code is not right. Enter the code your app shows now.'] },
    ]);
  };

  const onDisable = async ({ password, code }: { password: string; code: string }) => {
    const result = await disable({ password, code: code.trim() });
    if (!result.error) {
      disableForm.resetFields();
      notification.success({ title: 'Two-factor sign-in is off', description: 'You will sign in with your password alone.' });
      return;
    }
    const byField = fieldErrorsOf(result.error);
    if (isRateLimited(result.error)) disableForm.setFields([{ name: 'code', errors: [tooMany] }]);
    else if (byField.has('password')) disableForm.setFields([{ name: 'password', errors: ['Your password is not correct'] }]);
    else if (byField.has('code'))
      disableForm.setFields([{ name: 'code', errors: ['That code is not right, or that recovery code was used'] }]);
    else notification.error({ title: 'Two-factor sign-in is still on', description: 'Please try again.' });
  };

  return (
    <>
      <div className="setting-row setting-row--stacked">
        <div>
          <span className="setting-row__label">Recovery codes</span>
          <p className="setting-row__help">
            {status.recoveryCodesLeft} of 10 left. New codes replace every old one; enter a code from your app to get them.
          </p>
        </div>
        <Form<{ code: string }>
          form={renewForm}
          name="two-factor-renew"
          layout="inline"
          requiredMark={false}
          onFinish={onRenew}
          disabled={renewing}
          className="two-factor__inline-form"
        >
          <AppCodeItem />
          <Button htmlType="submit" loading={renewing}>
            New Recovery Codes
          </Button>
        </Form>
      </div>
      <div className="setting-row setting-row--stacked">
        <div>
          <span className="setting-row__label">Turn off two-factor sign-in</span>
          <p className="setting-row__help">
            {status.required
              ? 'Moderators and admins keep two-factor sign-in on while they hold the role.'
              : 'Needs your password and a code from your app (or a recovery code).'}
          </p>
        </div>
        {!status.required && (
          <Form<{ password: string; code: string }>
            form={disableForm}
            name="two-factor-disable"
            layout="vertical"
            requiredMark={false}
            onFinish={onDisable}
            disabled={disabling}
          >
            <PasswordItem />
            <Form.Item
              label="Code from your app or a recovery code"
              name="code"
              rules={[{ required: true, message: 'Please enter a code' }, zodRule(twoFactorDisableRequestSchema.shape.code)]}
            >
              <Input autoComplete="one-time-code" maxLength={32} className="two-factor__code-input" />
            </Form.Item>
            <Button danger htmlType="submit" loading={disabling}>
              Turn Off
            </Button>
          </Form>
        )}
      </div>
    </>
  );
}
