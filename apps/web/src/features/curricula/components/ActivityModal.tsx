import { CURRICULUM_DURATION_MAX_MINUTES } from '@abide/contracts';
import { Form, Input, InputNumber, Modal, Select } from 'antd';
import { useEffect } from 'react';
import { type ActivityDraft, dayNames } from '../curriculum-draft';

export interface ActivityEdit {
  activity: ActivityDraft;
  day: number;
  isNew: boolean;
}

interface ActivityModalProps {
  edit: ActivityEdit | null;
  onSave: (activity: ActivityDraft, day: number) => void;
  onCancel: () => void;
}

type Values = Omit<ActivityDraft, 'id'> & { day: number };

/** One activity's fields, and the day it falls on (changing the day moves it there). */
export function ActivityModal({ edit, onSave, onCancel }: ActivityModalProps) {
  const [form] = Form.useForm<Values>();
  useEffect(() => {
    if (edit) form.setFieldsValue({ ...edit.activity, day: edit.day });
  }, [edit, form]);
  return (
    <Modal
      open={edit !== null}
      title={edit?.isNew ? 'New activity' : 'Edit activity'}
      okText={edit?.isNew ? 'Add activity' : 'Done'}
      onCancel={onCancel}
      onOk={() => form.submit()}
      destroyOnHidden
    >
      <Form<Values>
        form={form}
        layout="vertical"
        name="curriculum-activity"
        requiredMark="optional"
        onFinish={(values) => {
          if (!edit) return;
          const { day, ...fields } = values;
          onSave({ ...edit.activity, ...fields, name: fields.name.trim(), description: fields.description.trim() }, day);
        }}
      >
        <Form.Item name="name" label="Name" rules={[{ required: true, whitespace: true, message: 'Give the activity a name' }, { max: 120 }]}>
          <Input />
        </Form.Item>
        <Form.Item name="description" label="What to do" rules={[{ required: true, whitespace: true, message: 'Say what to do' }, { max: 600 }]}>
          <Input.TextArea rows={3} />
        </Form.Item>
        <div className="curriculum-activity__row">
          <Form.Item name="durationMinutes" label="Minutes" rules={[{ required: true, message: 'How long it takes' }]}>
            <InputNumber min={1} max={CURRICULUM_DURATION_MAX_MINUTES} precision={0} />
          </Form.Item>
          <Form.Item name="day" label="Day">
            <Select options={dayNames.map((label, value) => ({ label, value }))} />
          </Form.Item>
        </div>
        <Form.Item name="scripture" label="Scripture" extra="For example Psalm 23:1-3 or ps 23. It is checked when the draft is saved.">
          <Input maxLength={80} />
        </Form.Item>
        <Form.Item name="reflectionPrompt" label="Reflection prompt">
          <Input.TextArea rows={2} maxLength={500} />
        </Form.Item>
      </Form>
    </Modal>
  );
}
