import { settingsSchema } from '@abide/contracts';
import { App, Button, Card, Form, Input, Tag } from 'antd';
import { useMemo } from 'react';
import { zodRule } from '../../../shared/forms/zod-rule';
import { useAuth } from '../../auth';
import { toastSaved, toastSaveFailed } from '../settings-toasts';
import { useSettingsUpdateMutation, type AccountSettings } from '../settingsApi';
import { FormSelect } from '../../../shared/forms/FormSelect';

interface ProfileFields {
  name: string;
  timeZone: string;
}

function timeZoneOptions(current: string) {
  const zones = Intl.supportedValuesOf('timeZone');
  const all = zones.includes(current) ? zones : [current, ...zones];
  return all.map((zone) => ({ value: zone, label: zone.replace(/_/g, ' ') }));
}

export function ProfileSection({ settings }: { settings: AccountSettings }) {
  const [form] = Form.useForm<ProfileFields>();
  const [update, { isLoading }] = useSettingsUpdateMutation();
  const { refreshProfile } = useAuth();
  const { notification } = App.useApp();
  const options = useMemo(() => timeZoneOptions(settings.timeZone), [settings.timeZone]);

  const onFinish = async (values: ProfileFields) => {
    const result = await update({ name: values.name.trim(), timeZone: values.timeZone });
    if (result.error) return toastSaveFailed(notification);
    toastSaved(notification, 'Your profile has been updated.');
    // The frame shows the name from the profile.
    await refreshProfile();
  };

  return (
    <Card title={<h2 className="card-heading">Profile</h2>} variant="borderless" className="settings-card">
      <Form<ProfileFields>
        form={form}
        name="profile"
        layout="vertical"
        requiredMark={false}
        initialValues={{ name: settings.name, timeZone: settings.timeZone }}
        onFinish={onFinish}
        disabled={isLoading}
      >
        <Form.Item
          label="Name"
          name="name"
          rules={[{ required: true, whitespace: true, message: 'Please enter your name' }, zodRule(settingsSchema.shape.name)]}
        >
          <Input autoComplete="name" />
        </Form.Item>
        <Form.Item label="Email">
          <div className="settings-email">
            <span>{settings.email}</span>
            {settings.emailConfirmed ? <Tag color="green">Confirmed</Tag> : <Tag color="orange">Not confirmed</Tag>}
          </div>
        </Form.Item>
        <Form.Item
          label="Time zone"
          name="timeZone"
          extra="Reminders arrive at the right time of your day."
          rules={[{ required: true, message: 'Please choose a time zone' }]}
        >
          <FormSelect showSearch={{ optionFilterProp: 'label' }} options={options} aria-label="Time zone" />
        </Form.Item>
        <Button type="primary" htmlType="submit" loading={isLoading}>
          Save Profile
        </Button>
      </Form>
    </Card>
  );
}
