import type { JournalEntry } from '@abide/contracts';
import { App, Button, Form, Modal } from 'antd';
import { useEffect, type ReactNode } from 'react';
import { problemOf } from '../../../shared/api/problem-details';
import { isQueued } from '../../../shared/api/queued-answer';
import { QUEUED_NOTICE } from '../../../shared/offline/write-queue-registry';
import { ScripturePassage } from '../../scripture';
import { isBlank, moodLabel, toEntryRequest, toReflectionValues, type ReflectionFormValues } from '../journal-form';
import { useJournalUpdateMutation } from '../journalApi';
import { ReflectionFields } from './ReflectionFields';

const when = new Intl.DateTimeFormat('en-US', { dateStyle: 'full', timeStyle: 'short' });

function Detail({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div className="entry-details__row">
      <dt>{label}</dt>
      <dd>{children}</dd>
    </div>
  );
}

/** Reads one reflection in full, or edits it (a draft can be finished here). */
export function EntryModal({
  entry,
  mode,
  onClose,
  onEdit,
}: {
  entry: JournalEntry | null;
  mode: 'view' | 'edit';
  onClose: () => void;
  onEdit: (entry: JournalEntry) => void;
}) {
  const [form] = Form.useForm<ReflectionFormValues>();
  const { notification } = App.useApp();
  const [update, { isLoading }] = useJournalUpdateMutation();

  useEffect(() => {
    if (entry && mode === 'edit') form.setFieldsValue(toReflectionValues(entry));
  }, [entry, mode, form]);

  const save = async (finish: boolean) => {
    if (!entry) return;
    const values = form.getFieldsValue(true) as ReflectionFormValues;
    const draft = entry.draft && !finish;
    if (!draft && isBlank(values.content)) {
      notification.error({ title: 'Please write your reflection', description: 'Your journal entry cannot be empty.' });
      return;
    }
    // The version the edit was made from: an entry saved elsewhere since is not overwritten (409 ENTRY_CHANGED).
    const journalEntryUpdateDto = { ...toEntryRequest(values, { draft }), basedOn: entry.updatedAt };
    const result = await update({ id: entry.id, journalEntryUpdateDto });
    if (result.error)
      return notification.error({ title: 'Failed to save entry', description: problemOf(result.error)?.detail ?? 'Please try again.' });
    if (isQueued(result.data)) notification.info(QUEUED_NOTICE);
    else notification.success({ title: 'Journal entry saved!', description: 'Your reflection has been updated.' });
    onClose();
  };

  if (!entry) return null;
  const mood = moodLabel(entry.mood);

  if (mode === 'view') {
    return (
      <Modal
        open
        title="Reflection"
        onCancel={onClose}
        footer={[
          <Button key="edit" onClick={() => onEdit(entry)}>
            Edit
          </Button>,
          <Button key="close" type="primary" onClick={onClose}>
            Close
          </Button>,
        ]}
      >
        <p className="muted">{when.format(new Date(entry.createdAt))}</p>
        <div className="entry-full">{entry.content}</div>
        <dl className="entry-details">
          {entry.scriptureReference ? (
            <Detail label="Scripture">
              {entry.scriptureReference}
              <ScripturePassage reference={entry.scriptureReference} />
            </Detail>
          ) : null}
          {mood ? <Detail label="Mood">{mood}</Detail> : null}
          {entry.gratitude ? <Detail label="Gratitude">{entry.gratitude}</Detail> : null}
          <Detail label="Words">{entry.wordCount}</Detail>
          <Detail label="Visibility">{entry.isPrivate ? 'Private' : 'Shared'}</Detail>
        </dl>
      </Modal>
    );
  }

  return (
    <Modal
      open
      title={entry.draft ? 'Finish your draft' : 'Edit reflection'}
      onCancel={onClose}
      width={680}
      forceRender
      footer={[
        <Button key="cancel" onClick={onClose}>
          Cancel
        </Button>,
        entry.draft ? (
          <Button key="draft" onClick={() => void save(false)} loading={isLoading}>
            Save Draft
          </Button>
        ) : null,
        <Button key="save" type="primary" onClick={() => void save(true)} loading={isLoading}>
          Save Reflection
        </Button>,
      ]}
    >
      <Form<ReflectionFormValues> form={form} name="edit-reflection" layout="vertical" className="reflection">
        <ReflectionFields form={form} formName="edit-reflection" />
      </Form>
    </Modal>
  );
}
