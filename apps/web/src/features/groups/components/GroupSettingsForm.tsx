import type { GroupSummary } from '@abide/contracts';
import { App, Button, Card, Form } from 'antd';
import { failureDescription } from '../group-errors';
import { toGroupFormValues, toGroupRequest, type GroupFormValues } from '../group-form';
import { useGroupsUpdateMutation } from '../groupsApi';
import { GroupFields } from './GroupFields';

/**
 * Group Settings: name, description, privacy and meeting, saved with PATCH. The form starts from the group once (its
 * page keys it by id), so a dashboard refresh never wipes what a leader is typing.
 */
export function GroupSettingsForm({ group }: { group: GroupSummary }) {
  const [form] = Form.useForm<GroupFormValues>();
  const { notification } = App.useApp();
  const [update, { isLoading }] = useGroupsUpdateMutation();

  const onFinish = async (values: GroupFormValues) => {
    const result = await update({ id: group.id, updateGroupDto: toGroupRequest(values) });
    if (result.error) notification.error({ title: 'Failed to save group settings', description: failureDescription(result.error) });
    else notification.success({ title: 'Group settings saved' });
  };

  return (
    <Card variant="borderless" className="content-card" title={<h2 className="card-heading">Group Settings</h2>}>
      <Form<GroupFormValues>
        form={form}
        name="group-settings"
        layout="vertical"
        requiredMark="optional"
        initialValues={toGroupFormValues(group)}
        onFinish={(values) => void onFinish(values)}
      >
        <GroupFields />
        <Button type="primary" htmlType="submit" loading={isLoading}>
          Save Settings
        </Button>
      </Form>
    </Card>
  );
}
