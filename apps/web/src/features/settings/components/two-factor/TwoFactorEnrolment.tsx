import type { TwoFactorEnrolment as Enrolment } from '@abide/contracts/src/http/two-factor.dto';
import { Button, Form, Space, Typography } from 'antd';
import { useState } from 'react';
import { fieldErrorsOf, isRateLimited, useAuth } from '../../../auth';
import { AppCodeItem } from './AppCodeItem';
import { PasswordItem } from './PasswordItem';

/** The key in groups of four, as authenticator apps show what is typed. */
const grouped = (secret: string) => secret.match(/.{1,4}/g)?.join(' ') ?? secret;

interface ConfirmFields {
  code: string;
  password: string;
}

interface EnrolmentProps {
  enrolment: Enrolment;
  onEnabled: (recoveryCodes: string[]) => void;
  onCancel: () => void;
}

/** Step two of turning it on: the QR code (or the key typed in), then the app's first code. */
export function TwoFactorEnrolment({ enrolment, onEnabled, onCancel }: EnrolmentProps) {
  const { confirmTwoFactor } = useAuth();
  const [form] = Form.useForm<ConfirmFields>();
  const [pending, setPending] = useState(false);

  const onFinish = async ({ password, code }: ConfirmFields) => {
    setPending(true);
    try {
      onEnabled(await confirmTwoFactor(password, code.trim()));
    } catch (error) {
      if (isRateLimited(error)) form.setFields([{ name: 'code', errors: ['Too many attempts. Please wait a few minutes and try again.'] }]);
      else if (fieldErrorsOf(error).has('password')) form.setFields([{ name: 'password', errors: ['Your password is not correct'] }]);
      else
        form.setFields([
          {
            name: 'code',
            errors: ['That code is not right, or this setup has expired. Enter the code your app shows now, or start again.'],
          },
        ]);
    } finally {
      setPending(false);
    }
  };

  return (
    <section className="two-factor-enrolment" aria-labelledby="two-factor-enrolment-title">
      <h3 id="two-factor-enrolment-title" className="two-factor__subheading">
        Set up your authenticator app
      </h3>
      <ol className="two-factor-enrolment__steps">
        <li>
          <p>
            Open an authenticator app on your phone (such as Google Authenticator, Microsoft Authenticator or 1Password) and scan this code.
          </p>
          <img
            className="two-factor-enrolment__qr"
            src={enrolment.qrCode}
            alt="QR code to add Abide to your authenticator app"
            width={200}
            height={200}
          />
          <p className="setting-row__help">Can&rsquo;t scan it? Enter this key in the app instead:</p>
          <Typography.Text
            code
            copyable={{ text: enrolment.secret, tooltips: ['Copy the key', 'Copied'] }}
            className="two-factor-enrolment__key"
          >
            {grouped(enrolment.secret)}
          </Typography.Text>
        </li>
        <li>
          <p>Enter the 6-digit code the app now shows for Abide, and your password to confirm it is you.</p>
          <Form<ConfirmFields>
            form={form}
            name="two-factor-confirm"
            layout="vertical"
            requiredMark={false}
            onFinish={onFinish}
            disabled={pending}
          >
            <AppCodeItem />
            <PasswordItem />
            <Space wrap>
              <Button type="primary" htmlType="submit" loading={pending}>
                Turn On
              </Button>
              <Button onClick={onCancel} disabled={pending}>
                Cancel
              </Button>
            </Space>
          </Form>
        </li>
      </ol>
    </section>
  );
}
