import type { Resource } from '@abide/contracts';
import { App, Button, Checkbox, Form, Modal } from 'antd';
import { useEffect } from 'react';
import { problemOf } from '../../../shared/api/problem-details';
import { useUploadsSubmitMutation, useUploadsUpdateMutation } from '../libraryApi';
import { draftChanges, emptyUploadForm, firstUploadProblem, type UploadFormValues } from '../upload-form';
import { TERMS_LABEL } from './UploadForm';
import { UploadFields } from './UploadFields';

function valuesOf(resource: Resource): UploadFormValues {
  return {
    ...emptyUploadForm,
    title: resource.title,
    description: resource.description,
    category: resource.category || null,
    tags: resource.tags,
    targetAudience: resource.targetAudience,
    visibility: resource.visibility,
    groupId: resource.groupId,
    churchId: resource.churchId,
  };
}

/** Edit a draft's fields, and submit it (the terms are accepted here); the file stays as uploaded. */
export function DraftModal({ draft, onClose }: { draft: Resource | null; onClose(): void }) {
  const [form] = Form.useForm<UploadFormValues>();
  const { notification } = App.useApp();
  const [update, updating] = useUploadsUpdateMutation();
  const [submit, submitting] = useUploadsSubmitMutation();
  const termsAccepted = Form.useWatch('termsAccepted', form) ?? false;

  useEffect(() => {
    if (draft) form.setFieldsValue(valuesOf(draft));
  }, [draft, form]);

  const save = async (andSubmit: boolean) => {
    if (!draft) return;
    const values = { ...emptyUploadForm, ...(form.getFieldsValue(true) as Partial<UploadFormValues>) };
    const problem = firstUploadProblem(true, values, { draft: !andSubmit });
    if (problem) {
      notification.error({ title: problem.title, description: problem.description });
      return;
    }
    const saved = await update({ id: draft.id, updateDraftDto: draftChanges(values) });
    if (saved.error) {
      notification.error({ title: 'Failed to save draft', description: problemOf(saved.error)?.detail ?? 'Please try again.' });
      return;
    }
    if (andSubmit) {
      const sent = await submit({ id: draft.id, acceptedTermsDto: { termsAccepted: true } });
      if (sent.error) {
        notification.error({ title: 'Upload failed', description: problemOf(sent.error)?.detail ?? 'Please try again.' });
        return;
      }
      notification.success({
        title: 'Resource uploaded successfully!',
        description:
          values.visibility === 'public'
            ? 'It will be reviewed before being made available.'
            : 'It will be available as soon as it has been processed.',
      });
    } else {
      notification.success({ title: 'Draft saved' });
    }
    onClose();
  };

  return (
    <Modal
      open={draft !== null}
      title="Edit draft"
      onCancel={onClose}
      width={680}
      forceRender
      footer={[
        <Button key="cancel" onClick={onClose}>
          Cancel
        </Button>,
        <Button key="save" onClick={() => void save(false)} loading={updating.isLoading && !submitting.isLoading}>
          Save Draft
        </Button>,
        <Button key="submit" type="primary" disabled={!termsAccepted} onClick={() => void save(true)} loading={submitting.isLoading}>
          Submit
        </Button>,
      ]}
    >
      {draft && <p className="muted">File: {draft.fileName}</p>}
      <Form<UploadFormValues> form={form} name="edit-draft" layout="vertical" initialValues={emptyUploadForm}>
        <UploadFields form={form} />
        <Form.Item name="termsAccepted" valuePropName="checked">
          <Checkbox>{TERMS_LABEL}</Checkbox>
        </Form.Item>
      </Form>
    </Modal>
  );
}
