import { REPORT_REASON_MAX, reportResourceRequestSchema, type Resource } from '@abide/contracts';
import { App, Form, Input, Modal } from 'antd';
import { problemOf } from '../../../shared/api/problem-details';
import { useUploadsReportMutation } from '../libraryApi';

/** Report a resource with a reason; enough distinct reports send it back to the moderators (issue 5). */
export function ReportModal({ resource, onClose }: { resource: Resource | null; onClose(): void }) {
  const [form] = Form.useForm<{ reason: string }>();
  const { notification } = App.useApp();
  const [report, { isLoading }] = useUploadsReportMutation();

  const send = async ({ reason }: { reason: string }) => {
    if (!resource) return;
    const result = await report({ id: resource.id, reportDto: { reason: reason.trim() } });
    if (result.error) {
      notification.error({ title: 'Report not sent', description: problemOf(result.error)?.detail ?? 'Please try again.' });
      return;
    }
    notification.success({ title: 'Thank you for your report', description: 'A moderator will look at this resource.' });
    form.resetFields();
    onClose();
  };

  return (
    <Modal
      open={resource !== null}
      title={resource ? `Report “${resource.title}”` : 'Report'}
      okText="Send report"
      okButtonProps={{ loading: isLoading, htmlType: 'submit', form: 'report-resource' }}
      onCancel={onClose}
      destroyOnHidden
    >
      <Form form={form} id="report-resource" name="report-resource" layout="vertical" onFinish={(values) => void send(values)}>
        <Form.Item
          label="What is wrong with this resource?"
          name="reason"
          rules={[
            {
              validator: async (_rule, value: string | undefined) => {
                const parsed = reportResourceRequestSchema.safeParse({ reason: value ?? '' });
                if (!parsed.success) throw new Error(parsed.error.issues[0]?.message);
              },
            },
          ]}
        >
          <Input.TextArea rows={4} maxLength={REPORT_REASON_MAX} showCount />
        </Form.Item>
      </Form>
    </Modal>
  );
}
