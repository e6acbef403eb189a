import { App, Checkbox, Modal, Skeleton } from 'antd';
import { useState } from 'react';
import { weekdayOptions } from '../habit-form';
import { useHabitsRestDaysQuery, useHabitsSetRestDaysMutation } from '../habitsApi';

/** Declared rest days (e.g. a Sabbath) are never due, so they never break a streak (issue 4). */
function RestDaysForm({ initial, onClose }: { initial: number[]; onClose: () => void }) {
  const { notification } = App.useApp();
  const [days, setDays] = useState<number[]>(initial);
  const [save, { isLoading }] = useHabitsSetRestDaysMutation();
  const tooMany = days.length > 6;

  const onOk = async () => {
    const result = await save({ weekdays: [...days].sort((a, b) => a - b) });
    if (result.error) return notification.error({ title: 'Failed to update habit', description: 'Please try again.' });
    notification.success({ title: 'Habit updated!', description: 'Your rest days are saved; they never break a streak.' });
    onClose();
  };

  return (
    <Modal
      open
      title="Rest days"
      okText="Save Rest Days"
      onOk={() => void onOk()}
      onCancel={onClose}
      confirmLoading={isLoading}
      okButtonProps={{ disabled: tooMany }}
    >
      <p className="muted" id="rest-days-help">
        Choose the days you set apart for rest, such as a Sabbath. Habits aren't due on these days, so your streaks carry on.
      </p>
      <Checkbox.Group
        value={days}
        onChange={(value) => setDays(value as number[])}
        className="weekday-checks"
        aria-describedby="rest-days-help"
      >
        {weekdayOptions.map((day) => (
          <Checkbox key={day.value} value={day.value} aria-label={day.ariaLabel}>
            {day.label}
          </Checkbox>
        ))}
      </Checkbox.Group>
      {tooMany ? (
        <p role="alert" className="form-hint-error">
          Keep at least one day that is not a rest day
        </p>
      ) : null}
    </Modal>
  );
}

export function RestDaysModal({ onClose }: { onClose: () => void }) {
  const { data, isLoading } = useHabitsRestDaysQuery();
  if (isLoading) {
    return (
      <Modal open title="Rest days" footer={null} onCancel={onClose}>
        <Skeleton active paragraph={{ rows: 2 }} title={false} />
      </Modal>
    );
  }
  return <RestDaysForm initial={data?.weekdays ?? []} onClose={onClose} />;
}
