import { CloudUploadOutlined, SaveOutlined } from '@ant-design/icons';
import { App, Button, Card, Checkbox, Form, Progress } from 'antd';
import { useState } from 'react';
import { useResourceUpload } from '../hooks/useResourceUpload';
import {
  canSubmitUpload,
  emptyUploadForm,
  firstUploadProblem,
  prefilledTitle,
  uploadFormData,
  type UploadFormValues,
} from '../upload-form';
import { uploadFailureToast } from '../upload-request';
import { FileDropZone } from './FileDropZone';
import { UploadFields } from './UploadFields';

export const TERMS_LABEL = 'I confirm that this content is appropriate for spiritual formation and that I may share it.';

/** The upload form: drop zone, fields, terms, Save Draft and Upload Resource with real progress. */
export function UploadForm() {
  const [form] = Form.useForm<UploadFormValues>();
  const { notification } = App.useApp();
  const [file, setFile] = useState<File | null>(null);
  const [draftMode, setDraftMode] = useState(false);
  const { upload, progress, uploading } = useResourceUpload();
  const title = Form.useWatch('title', form) ?? '';
  const category = Form.useWatch('category', form) ?? null;
  const termsAccepted = Form.useWatch('termsAccepted', form) ?? false;

  const chooseFile = (chosen: File | null) => {
    setFile(chosen);
    if (chosen) form.setFieldValue('title', prefilledTitle(form.getFieldValue('title') ?? '', chosen.name));
  };

  const send = async (draft: boolean) => {
    const values = { ...emptyUploadForm, ...(form.getFieldsValue(true) as Partial<UploadFormValues>) };
    const problem = firstUploadProblem(file !== null, values, { draft });
    if (problem || !file) {
      if (problem) notification.error({ title: problem.title, description: problem.description });
      return;
    }
    setDraftMode(draft);
    const outcome = await upload(() => uploadFormData(file, values, { draft }));
    if (!outcome.ok) {
      notification.error(uploadFailureToast(outcome));
      return;
    }
    notification.success(
      draft
        ? { title: 'Draft saved', description: 'Only you can see it. Submit it any time from My uploads.' }
        : {
            title: 'Resource uploaded successfully!',
            description:
              values.visibility === 'public'
                ? 'It will be reviewed before being made available.'
                : 'It will be available as soon as it has been processed.',
          },
    );
    form.resetFields();
    setFile(null);
  };

  return (
    <Card variant="borderless" className="content-card" title={<h2 className="card-heading">Share a resource</h2>}>
      <Form<UploadFormValues>
        form={form}
        name="upload"
        layout="vertical"
        initialValues={emptyUploadForm}
        requiredMark
        onFinish={() => void send(false)}
        className="upload-form"
      >
        <Form.Item label="File" required>
          <FileDropZone file={file} onFile={chooseFile} disabled={uploading} />
        </Form.Item>
        <UploadFields form={form} />
        <Form.Item name="termsAccepted" valuePropName="checked">
          <Checkbox>{TERMS_LABEL}</Checkbox>
        </Form.Item>
        {uploading && (
          <div className="upload-progress" aria-live="polite">
            <Progress percent={progress} status="active" aria-label="Upload progress" />
          </div>
        )}
        <div className="upload-form__actions">
          <Button
            icon={<SaveOutlined aria-hidden />}
            onClick={() => void send(true)}
            loading={uploading && draftMode}
            disabled={uploading && !draftMode}
          >
            Save Draft
          </Button>
          <Button
            type="primary"
            htmlType="submit"
            icon={<CloudUploadOutlined aria-hidden />}
            loading={uploading && !draftMode}
            disabled={!canSubmitUpload(file !== null, { title, category, termsAccepted }) || (uploading && draftMode)}
          >
            Upload Resource
          </Button>
        </div>
      </Form>
    </Card>
  );
}
