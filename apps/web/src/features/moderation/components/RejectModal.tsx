import { REJECT_REASON_MAX, rejectResourceRequestSchema, type ReviewItem } from '@abide/contracts';
import { App, Form, Input, Modal } from 'antd';
import { problemOf } from '../../../shared/api/problem-details';
import { useModerationRejectMutation } from '../moderationApi';

/** Reject with a reason (required): the uploader sees it in My uploads and in the notice they receive. */
export function RejectModal({ item, onClose }: { item: ReviewItem | null; onClose(): void }) {
  const [form] = Form.useForm<{ reason: string }>();
  const { notification } = App.useApp();
  const [reject, { isLoading }] = useModerationRejectMutation();

  const send = async ({ reason }: { reason: string }) => {
    if (!item) return;
    const result = await reject({ id: item.id, rejectDto: { reason: reason.trim() } });
    if (result.error) {
      notification.error({ title: 'Failed to reject resource', description: problemOf(result.error)?.detail ?? 'Please try again.' });
      return;
    }
    notification.success({ title: 'Resource rejected', description: 'The uploader has been told why.' });
    form.resetFields();
    onClose();
  };

  return (
    <Modal
      open={item !== null}
      title={item ? `Reject “${item.title}”` : 'Reject'}
      okText="Reject"
      okButtonProps={{ danger: true, loading: isLoading, htmlType: 'submit', form: 'reject-resource' }}
      onCancel={onClose}
      destroyOnHidden
    >
      <Form form={form} id="reject-resource" name="reject-resource" layout="vertical" onFinish={(values) => void send(values)}>
        <Form.Item
          label="Reason for the uploader"
          name="reason"
          rules={[
            {
              validator: async (_rule, value: string | undefined) => {
                const parsed = rejectResourceRequestSchema.safeParse({ reason: value ?? '' });
                if (!parsed.success) throw new Error(parsed.error.issues[0]?.message);
              },
            },
          ]}
        >
          <Input.TextArea rows={4} maxLength={REJECT_REASON_MAX} showCount />
        </Form.Item>
      </Form>
    </Modal>
  );
}
