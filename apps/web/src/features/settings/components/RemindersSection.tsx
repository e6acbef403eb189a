import { notificationChannels, reminderFrequencies, settingsSchema } from '@abide/contracts';
import { App, Button, Card, Checkbox, Form, Input, Radio } from 'antd';
import { zodRule } from '../../../shared/forms/zod-rule';
import { toastSaved, toastSaveFailed } from '../settings-toasts';
import { useSettingsUpdateMutation, type AccountSettings } from '../settingsApi';

type ReminderFields = Pick<AccountSettings, 'reminderFrequency' | 'channels' | 'phoneNumber'>;

const channelLabels: Record<(typeof notificationChannels)[number], string> = {
  'in-app': 'In-app',
  email: 'Email',
  sms: 'SMS',
};

export function RemindersSection({ settings }: { settings: AccountSettings }) {
  const [form] = Form.useForm<ReminderFields>();
  const [update, { isLoading }] = useSettingsUpdateMutation();
  const { notification } = App.useApp();

  const onFinish = async (values: ReminderFields) => {
    const result = await update({
      reminderFrequency: values.reminderFrequency,
      channels: values.channels,
      phoneNumber: values.phoneNumber?.trim() ?? '',
    });
    if (result.error) return toastSaveFailed(notification);
    toastSaved(notification, 'Your reminder preferences have been updated.');
  };

  return (
    <Card title={<h2 className="card-heading">Reminders</h2>} variant="borderless" className="settings-card">
      <Form<ReminderFields>
        form={form}
        name="reminders"
        layout="vertical"
        requiredMark={false}
        initialValues={{
          reminderFrequency: settings.reminderFrequency,
          channels: settings.channels,
          phoneNumber: settings.phoneNumber ?? '',
        }}
        onFinish={onFinish}
        disabled={isLoading}
      >
        <Form.Item label="How often" name="reminderFrequency">
          <Radio.Group className="radio-stack">
            {reminderFrequencies.map((frequency) => (
              <Radio key={frequency.id} value={frequency.id}>
                {frequency.label} <span className="muted">– {frequency.description}</span>
              </Radio>
            ))}
          </Radio.Group>
        </Form.Item>
        <Form.Item label="Where" name="channels">
          <Checkbox.Group options={notificationChannels.map((channel) => ({ value: channel, label: channelLabels[channel] }))} />
        </Form.Item>
        <Form.Item
          label="Phone number"
          name="phoneNumber"
          dependencies={['channels']}
          extra="Needed for SMS reminders."
          rules={[
            zodRule(settingsSchema.shape.phoneNumber),
            ({ getFieldValue }) => ({
              validator: async (_rule, value?: string) => {
                if ((getFieldValue('channels') as string[] | undefined)?.includes('sms') && !value?.trim()) {
                  throw new Error('Add a phone number to get SMS reminders');
                }
              },
            }),
          ]}
        >
          <Input type="tel" inputMode="tel" autoComplete="tel" placeholder="(555) 123-4567" />
        </Form.Item>
        <Button type="primary" htmlType="submit" loading={isLoading}>
          Save Reminders
        </Button>
      </Form>
    </Card>
  );
}
