import { reminderFrequencies, settingsSchema } from '@abide/contracts';
import { App, Button, Card, Checkbox, Form, Input, Radio } from 'antd';
import { useState } from 'react';
import { problemOf } from '../../../shared/api/problem-details';
import { zodRule } from '../../../shared/forms/zod-rule';
import { asApiError, fieldErrorsOf } from '../../auth';
import { PhoneCodeVerification, SmsConsentCheckbox } from '../../sms';
import { toastSaved, toastSaveFailed } from '../settings-toasts';
import { smsStatusText } from '../sms-status-text';
import { useSettingsUpdateMutation, type AccountSettings } from '../settingsApi';

type OtherChannel = 'in-app' | 'email';

interface ReminderFields {
  reminderFrequency: AccountSettings['reminderFrequency'];
  /** Where besides texts: the bell and e-mail. */
  channels: OtherChannel[];
  phoneNumber: string;
  /** The opt-in to reminder texts; saving it ticked records it with its time. */
  sms: boolean;
}

const otherChannels: Array<{ value: OtherChannel; label: string }> = [
  { value: 'in-app', label: 'In-app' },
  { value: 'email', label: 'Email' },
];

const fieldsOf = (settings: AccountSettings): ReminderFields => ({
  reminderFrequency: settings.reminderFrequency,
  channels: settings.channels.filter((c): c is OtherChannel => c !== 'sms'),
  phoneNumber: settings.phoneNumber ?? '',
  sms: settings.sms.state === 'on',
});

export function RemindersSection({ settings }: { settings: AccountSettings }) {
  const [form] = Form.useForm<ReminderFields>();
  const [update, { isLoading }] = useSettingsUpdateMutation();
  const { notification } = App.useApp();
  const frequency = Form.useWatch('reminderFrequency', form) ?? settings.reminderFrequency;
  const phoneNumber: string = Form.useWatch('phoneNumber', form) ?? settings.phoneNumber ?? '';
  const smsChecked: boolean = Form.useWatch('sms', form) ?? settings.sms.state === 'on';
  /** Numbers proved with a texted code, as typed (the stored one when the server says it is proved). */
  const [proved, setProved] = useState<string[]>(settings.sms.verified && settings.phoneNumber ? [settings.phoneNumber] : []);
  const verified = proved.includes(phoneNumber.trim());
  /** The stored number replied STOP: nothing is texted to it, not even a code, until it texts START. */
  const stopped = settings.sms.state === 'stopped' && phoneNumber.trim() === settings.phoneNumber;

  const onFinish = async (values: ReminderFields) => {
    const result = await update({
      reminderFrequency: values.reminderFrequency,
      channels: [...values.channels, ...(values.sms ? (['sms'] as const) : [])],
      phoneNumber: values.phoneNumber?.trim() ?? '',
    });
    if (result.error) {
      // A number that replied STOP (409) is refused whoever asks; the member reads why beside the number.
      const stopped = problemOf(asApiError(result.error))?.status === 409 ? problemOf(asApiError(result.error))?.detail : undefined;
      const phone = fieldErrorsOf(result.error).get('phoneNumber') ?? (stopped ? [stopped] : undefined);
      if (phone) return form.setFields([{ name: 'phoneNumber', errors: phone }]);
      return toastSaveFailed(notification);
    }
    if (result.data.sms.verified && result.data.phoneNumber) setProved((list) => [...list, result.data.phoneNumber ?? '']);
    // The number as stored (E.164) and the opt-in as it now stands.
    form.setFieldsValue(fieldsOf(result.data));
    toastSaved(notification, 'Your reminder preferences have been updated.');
  };

  return (
    <Card title={<h2 className="card-heading">Reminders</h2>} variant="borderless" className="settings-card">
      <Form<ReminderFields>
        form={form}
        name="reminders"
        layout="vertical"
        requiredMark={false}
        initialValues={fieldsOf(settings)}
        onFinish={onFinish}
        disabled={isLoading}
      >
        <Form.Item label="How often" name="reminderFrequency">
          <Radio.Group className="radio-stack">
            {reminderFrequencies.map((f) => (
              <Radio key={f.id} value={f.id}>
                {f.label} <span className="muted">– {f.description}</span>
              </Radio>
            ))}
          </Radio.Group>
        </Form.Item>
        <Form.Item label="Where" name="channels">
          <Checkbox.Group options={otherChannels} />
        </Form.Item>
        <fieldset className="sms-settings">
          <legend className="sms-settings__legend">Text messages</legend>
          <p className="sms-settings__status" role="status">
            {smsStatusText(settings.sms)}
          </p>
          <Form.Item
            label="Phone number"
            name="phoneNumber"
            dependencies={['sms']}
            extra="With the country code (+44 …) if it is not from the country of your time zone."
            rules={[
              zodRule(settingsSchema.shape.phoneNumber),
              ({ getFieldValue }) => ({
                validator: async (_rule, value?: string) => {
                  if (getFieldValue('sms') && !value?.trim()) throw new Error('Add a phone number to get reminder texts');
                },
              }),
            ]}
          >
            <Input type="tel" inputMode="tel" autoComplete="tel" placeholder="(201) 555-0123" />
          </Form.Item>
          {phoneNumber.trim() && !stopped && (
            <PhoneCodeVerification
              idPrefix="settings"
              phoneNumber={phoneNumber}
              verified={verified}
              onVerified={(typed) => setProved((list) => [...list, typed])}
            />
          )}
          <Form.Item name="sms" valuePropName="checked">
            {/* Unticking is always possible; ticking only once the number is proved and has not replied STOP. */}
            <SmsConsentCheckbox id="settings-sms" frequency={frequency} disabled={!smsChecked && (!verified || stopped)} />
          </Form.Item>
        </fieldset>
        <Button type="primary" htmlType="submit" loading={isLoading}>
          Save Reminders
        </Button>
      </Form>
    </Card>
  );
}
