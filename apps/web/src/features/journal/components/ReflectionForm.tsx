import { SaveOutlined } from '@ant-design/icons';
import { App, Button, Card, Form } from 'antd';
import { isQueued } from '../../../shared/api/queued-answer';
import { QUEUED_NOTICE } from '../../../shared/offline/write-queue-registry';
import { emptyReflection, isBlank, toEntryRequest, type ReflectionFormValues } from '../journal-form';
import { useJournalCreateMutation } from '../journalApi';
import { ReflectionFields } from './ReflectionFields';

/** The reflection form, with its validation and toasts; after a save it is empty and private again. */
export function ReflectionForm() {
  const [form] = Form.useForm<ReflectionFormValues>();
  const { notification } = App.useApp();
  const [create, { isLoading, originalArgs }] = useJournalCreateMutation();
  const savingDraft = isLoading && originalArgs?.draft === true;
  const savingEntry = isLoading && !savingDraft;

  const save = async (draft: boolean) => {
    const values = form.getFieldsValue(true) as ReflectionFormValues;
    if (!draft && isBlank(values.content)) {
      notification.error({ title: 'Please write your reflection', description: 'Your journal entry cannot be empty.' });
      return;
    }
    if (draft && isBlank(values.content) && isBlank(values.gratitude) && isBlank(values.scriptureReference)) {
      notification.info({ title: 'Nothing to save yet', description: 'Write a few words first, then save a draft.' });
      return;
    }
    const result = await create(toEntryRequest(values, { draft }));
    if (result.error) {
      notification.error({ title: draft ? 'Failed to save draft' : 'Failed to save entry', description: 'Please try again.' });
      return;
    }
    if (isQueued(result.data)) notification.info(QUEUED_NOTICE);
    else
      notification.success(
        draft
          ? { title: 'Draft saved', description: 'Only you can see it. Finish it any time from your reflections.' }
          : { title: 'Journal entry saved!', description: 'Your reflection has been added to your spiritual journey.' },
      );
    form.resetFields();
    form.setFieldsValue(emptyReflection);
  };

  return (
    <Card variant="borderless" className="content-card" title={<h2 className="card-heading">Write your reflection</h2>}>
      <Form<ReflectionFormValues>
        form={form}
        name="reflection"
        layout="vertical"
        initialValues={emptyReflection}
        onFinish={() => void save(false)}
        className="reflection"
      >
        <ReflectionFields form={form} formName="reflection" />
        <div className="reflection__actions">
          <Button onClick={() => void save(true)} loading={savingDraft} disabled={savingEntry}>
            Save Draft
          </Button>
          <Button type="primary" htmlType="submit" icon={<SaveOutlined aria-hidden />} loading={savingEntry} disabled={savingDraft}>
            Save Reflection
          </Button>
        </div>
      </Form>
    </Card>
  );
}
