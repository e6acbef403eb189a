import { Link } from 'react-router-dom';
import { Button, Card, Empty, Skeleton, Switch } from 'antd';
import { useAppSelector } from '../../../shared/store/hooks';
import { useToasts } from '../../../shared/toasts/toasts';
import { isQueued } from '../../../shared/api/queued-answer';
import { QUEUED_NOTICE } from '../../../shared/offline/write-queue-registry';
import { selectPendingWrites } from '../../../shared/offline/write-queue-slice';
import { categoryLabel, streakText, useHabitsListQuery, useHabitsToggleMutation } from '../../habits';

/** Today's active habits with a toggle each (POST /habits/:id/toggle). */
export function TodaysHabitsCard({ today }: { today: string }) {
  const { notification } = useToasts();
  const { data: habits, isLoading, isError, refetch } = useHabitsListQuery(today);
  const [toggle] = useHabitsToggleMutation();
  const active = (habits ?? []).filter((habit) => habit.isActive && !habit.archived);
  const pending = new Set(useAppSelector(selectPendingWrites).map((write) => write.subject));

  const onToggle = async (id: string, completed: boolean) => {
    const result = await toggle({ id, toggleHabitDto: { completed, date: today } });
    if (result.error) notification.error({ title: 'Failed to update habit', description: 'Please try again.' });
    else if (isQueued(result.data)) notification.info(QUEUED_NOTICE);
    else notification.success({ title: 'Habit updated!' });
  };

  return (
    <Card
      variant="borderless"
      className="side-card"
      title={<h2 className="card-heading">Today's Habits</h2>}
      extra={<Link to="/habits">All habits</Link>}
    >
      {isLoading ? (
        <Skeleton active paragraph={{ rows: 3 }} title={false} />
      ) : isError ? (
        <div className="side-card__empty">
          <p className="muted">We couldn't load your habits.</p>
          <Button onClick={() => void refetch()}>Try again</Button>
        </div>
      ) : active.length === 0 ? (
        <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description="No active habits yet">
          <Link to="/habits">Add a habit</Link>
        </Empty>
      ) : (
        <ul className="habit-toggles">
          {active.map((habit) => {
            return (
              <li key={habit.id} className="habit-toggle">
                <div className="habit-toggle__text">
                  <span className="habit-toggle__name">{habit.name}</span>
                  <span className="habit-toggle__meta">
                    {categoryLabel(habit.category)} · {streakText(habit.streak, habit.streakUnit)}
                    {habit.dayStatus === 'skipped' ? ' · Skipped today' : ''}
                    {pending.has(`habit:${habit.id}:${today}`) ? <span className="pending-mark"> · Pending</span> : null}
                  </span>
                </div>
                <Switch checked={habit.completedOnDate} aria-label={habit.name} onChange={(checked) => void onToggle(habit.id, checked)} />
              </li>
            );
          })}
        </ul>
      )}
    </Card>
  );
}
