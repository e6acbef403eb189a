import { EditOutlined, InboxOutlined, PauseCircleOutlined, PlayCircleOutlined } from '@ant-design/icons';
import type { Habit } from '@abide/contracts';
import { App, Badge, Button, Empty, Popconfirm, Skeleton, Tag } from 'antd';
import { categoryLabel, frequencyLabel, reminderText, streakText } from '../habit-form';
import { useHabitsArchiveMutation, useHabitsListQuery, useHabitsPauseMutation, useHabitsResumeMutation } from '../habitsApi';

/** Overview: every habit with an Active or Paused badge and Current vs Best streak. */
export function OverviewTab({ today, onEdit }: { today: string; onEdit: (habit: Habit) => void }) {
  const { notification } = App.useApp();
  const { data: habits, isLoading } = useHabitsListQuery(today);
  const [pause] = useHabitsPauseMutation();
  const [resume] = useHabitsResumeMutation();
  const [archive] = useHabitsArchiveMutation();
  const all = (habits ?? []).filter((habit) => !habit.archived);

  const run = async (habit: Habit, action: 'pause' | 'resume' | 'archive') => {
    const result = await { pause, resume, archive }[action](habit.id);
    if (result.error) return notification.error({ title: 'Failed to update habit', description: 'Please try again.' });
    const what = { pause: 'paused; its streak waits for you', resume: 'is active again', archive: 'archived' }[action];
    notification.success({ title: 'Habit updated!', description: `${habit.name} ${what}.` });
  };

  if (isLoading) return <Skeleton active paragraph={{ rows: 6 }} />;
  if (all.length === 0) return <Empty description="No habits yet. Add one to begin." />;

  return (
    <ul className="overview-list" aria-label="All habits">
      {all.map((habit) => {
        const reminder = reminderText(habit.reminderTime);
        return (
          <li key={habit.id} className={`overview-item${habit.isActive ? '' : ' overview-item--paused'}`}>
            <div className="overview-item__main">
              <div className="overview-item__title">
                <h3 className="overview-item__name">{habit.name}</h3>
                <Badge
                  status={habit.isActive ? 'success' : 'default'}
                  text={habit.isActive ? 'Active' : 'Paused'}
                  className="overview-item__badge"
                />
              </div>
              <p className="overview-item__meta">
                <Tag variant="filled" className="category-tag">
                  {categoryLabel(habit.category)}
                </Tag>
                <span>{frequencyLabel(habit.frequency)}</span>
                {reminder ? <span>at {reminder}</span> : null}
              </p>
              {habit.description ? <p className="overview-item__description">{habit.description}</p> : null}
            </div>
            <dl className="streak-pair">
              <div>
                <dt>Current</dt>
                <dd>{streakText(habit.streak, habit.streakUnit)}</dd>
              </div>
              <div>
                <dt>Best</dt>
                <dd>{streakText(habit.longestStreak, habit.streakUnit)}</dd>
              </div>
            </dl>
            <div className="overview-item__actions">
              <Button size="small" icon={<EditOutlined aria-hidden />} onClick={() => onEdit(habit)} aria-label={`Edit ${habit.name}`}>
                Edit
              </Button>
              {habit.isActive ? (
                <Button
                  size="small"
                  icon={<PauseCircleOutlined aria-hidden />}
                  onClick={() => void run(habit, 'pause')}
                  aria-label={`Pause ${habit.name}`}
                >
                  Pause
                </Button>
              ) : (
                <Button
                  size="small"
                  icon={<PlayCircleOutlined aria-hidden />}
                  onClick={() => void run(habit, 'resume')}
                  aria-label={`Resume ${habit.name}`}
                >
                  Resume
                </Button>
              )}
              <Popconfirm
                title="Archive this habit?"
                description="It leaves your lists and reminders; its history stays in your analytics."
                okText="Archive"
                cancelText="Keep"
                onConfirm={() => run(habit, 'archive')}
              >
                <Button size="small" danger icon={<InboxOutlined aria-hidden />} aria-label={`Archive ${habit.name}`}>
                  Archive
                </Button>
              </Popconfirm>
            </div>
          </li>
        );
      })}
    </ul>
  );
}
