import { createHabitRequestSchema, type Habit } from '@abide/contracts';
import { App, Checkbox, Form, Input, Modal } from 'antd';
import { useEffect } from 'react';
import { zodRule } from '../../../shared/forms/zod-rule';
import {
  categoryOptions,
  emptyHabitForm,
  frequencyOptions,
  toHabitFormValues,
  toHabitRequest,
  weekdayOptions,
  type HabitFormValues,
} from '../habit-form';
import { useHabitsCreateMutation, useHabitsUpdateMutation } from '../habitsApi';
import { FormRadioGroup } from '../../../shared/forms/FormRadioGroup';
import { FormSelect } from '../../../shared/forms/FormSelect';

/** Add Habit, or edit one when `habit` is given. Name and category are required, a reminder is optional. */
export function HabitFormModal({ open, habit, onClose }: { open: boolean; habit?: Habit | null; onClose: () => void }) {
  const [form] = Form.useForm<HabitFormValues>();
  const { notification } = App.useApp();
  const [create, { isLoading: creating }] = useHabitsCreateMutation();
  const [update, { isLoading: updating }] = useHabitsUpdateMutation();
  const frequency = Form.useWatch('frequency', form);
  const editing = Boolean(habit);

  useEffect(() => {
    if (open) form.setFieldsValue(habit ? toHabitFormValues(habit) : emptyHabitForm);
  }, [open, habit, form]);

  const onFinish = async (values: HabitFormValues) => {
    const body = toHabitRequest(values);
    if (habit) {
      const result = await update({ id: habit.id, updateHabitDto: body });
      if (result.error) return notification.error({ title: 'Failed to update habit', description: 'Please try again.' });
      notification.success({ title: 'Habit updated!' });
    } else {
      const result = await create(body);
      if (result.error) return notification.error({ title: 'Failed to create habit', description: 'Please try again.' });
      notification.success({ title: 'Habit created successfully!' });
    }
    form.resetFields();
    onClose();
  };

  return (
    <Modal
      open={open}
      title={editing ? 'Edit Habit' : 'Add Habit'}
      okText={editing ? 'Save Changes' : 'Create Habit'}
      onOk={() => form.submit()}
      onCancel={onClose}
      confirmLoading={creating || updating}
      forceRender
    >
      <Form<HabitFormValues>
        form={form}
        name="habit"
        layout="vertical"
        requiredMark="optional"
        initialValues={emptyHabitForm}
        onFinish={(values) => void onFinish(values)}
      >
        <Form.Item
          label="Habit name"
          name="name"
          rules={[{ required: true, whitespace: true, message: 'Please enter a habit name' }, zodRule(createHabitRequestSchema.shape.name)]}
        >
          <Input placeholder="e.g. Morning prayer" maxLength={80} autoFocus />
        </Form.Item>
        <Form.Item label="Category" name="category" rules={[{ required: true, message: 'Please choose a category' }]}>
          <FormSelect options={categoryOptions} placeholder="Choose a category" aria-label="Category" />
        </Form.Item>
        <Form.Item label="Description" name="description">
          <Input.TextArea rows={2} maxLength={500} placeholder="What does this practice look like for you?" />
        </Form.Item>
        <Form.Item label="How often" name="frequency" rules={[{ required: true }]}>
          <FormRadioGroup optionType="button" options={frequencyOptions.map((o) => ({ value: o.value, label: o.label }))} />
        </Form.Item>
        {frequency === 'weekdays' ? (
          <Form.Item
            label="On these days"
            name="days"
            rules={[{ required: true, type: 'array', min: 1, message: 'Choose at least one day' }]}
          >
            <Checkbox.Group className="weekday-checks">
              {weekdayOptions.map((day) => (
                <Checkbox key={day.value} value={day.value} aria-label={day.ariaLabel}>
                  {day.label}
                </Checkbox>
              ))}
            </Checkbox.Group>
          </Form.Item>
        ) : null}
        <Form.Item label="Reminder time" name="reminderTime" extra="We'll nudge you at this time on the days the habit is due.">
          <Input type="time" className="time-input" />
        </Form.Item>
      </Form>
    </Modal>
  );
}
