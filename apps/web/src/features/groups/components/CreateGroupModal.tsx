import { App, Form, Modal } from 'antd';
import { FormSelect } from '../../../shared/forms/FormSelect';
import { useActiveChurch } from '../../churches';
import { useEffect } from 'react';
import { failureDescription } from '../group-errors';
import { emptyGroupForm, toGroupRequest, type GroupFormValues } from '../group-form';
import { useGroupsCreateMutation } from '../groupsApi';
import { GroupFields } from './GroupFields';

/** Create Group. A refusal the member can act on (the free plan's limit) is shown as the server words it. */
export function CreateGroupModal({ open, onClose }: { open: boolean; onClose: () => void }) {
  const [form] = Form.useForm<GroupFormValues>();
  const { notification } = App.useApp();
  const [create, { isLoading }] = useGroupsCreateMutation();
  // A church's admins may start the group in their church (its page then lists it).
  const adminOf = useActiveChurch().churches.filter((c) => c.myRole === 'admin');

  useEffect(() => {
    if (open) form.setFieldsValue(emptyGroupForm);
  }, [open, form]);

  const onFinish = async (values: GroupFormValues) => {
    const result = await create(toGroupRequest(values));
    if (result.error) {
      notification.error({ title: 'Failed to create group', description: failureDescription(result.error) });
      return;
    }
    notification.success({ title: 'Group created successfully!' });
    form.resetFields();
    onClose();
  };

  return (
    <Modal
      open={open}
      title="Create Group"
      okText="Create Group"
      onOk={() => form.submit()}
      onCancel={onClose}
      confirmLoading={isLoading}
      forceRender
    >
      <Form<GroupFormValues>
        form={form}
        name="create-group"
        layout="vertical"
        requiredMark="optional"
        initialValues={emptyGroupForm}
        onFinish={(values) => void onFinish(values)}
      >
        <GroupFields />
        {adminOf.length > 0 ? (
          <Form.Item label="Church" name="churchId" extra="The group appears on the church’s page and under My church.">
            <FormSelect allowClear placeholder="No church" options={adminOf.map((c) => ({ value: c.id, label: c.name }))} />
          </Form.Item>
        ) : null}
      </Form>
    </Modal>
  );
}
