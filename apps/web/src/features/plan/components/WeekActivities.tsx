import { ClockCircleOutlined, ForwardOutlined } from '@ant-design/icons';
import { Button, Card, Checkbox, Tag } from 'antd';
import { useToasts } from '../../../shared/toasts/toasts';
import { usePlansCatchUpMutation, usePlansToggleMutation } from '../planApi';
import { dayProgress, dayTone, hasMissedActivities, type PlanDay } from '../plan-week';
import { weekdayNameOf } from '@abide/calendar';
import { formatShortDate, weekdayLong } from '../../habits';

/** The week's activities per day, styled today / past / future, each one checked off on its own. */
export function WeekActivities({ days, today }: { days: PlanDay[]; today: string }) {
  const { notification } = useToasts();
  const [toggle] = usePlansToggleMutation();
  const [catchUp, { isLoading: catchingUp }] = usePlansCatchUpMutation();
  const missed = hasMissedActivities(days, today);

  const onToggle = async (activityId: string, completed: boolean) => {
    const result = await toggle({ activityId, toggleActivityDto: { completed } });
    if (result.error) notification.error({ title: 'Failed to update activity', description: 'Please try again.' });
  };

  const onCatchUp = async () => {
    const result = await catchUp();
    if (result.error) {
      notification.error({ title: 'Could not catch you up', description: 'Please try again later.' });
    } else {
      const { moved, leftBehind } = result.data;
      notification.success({
        title: "You're caught up!",
        description:
          moved === 0
            ? 'There was no room left this week; start fresh with today.'
            : `${moved} unfinished ${moved === 1 ? 'activity' : 'activities'} moved to the days ahead${leftBehind > 0 ? `; ${leftBehind} left behind` : ''}.`,
      });
    }
  };

  return (
    <Card
      variant="borderless"
      className="week-card"
      title={<h2 className="card-heading">This Week's Activities</h2>}
      extra={
        missed ? (
          <Button icon={<ForwardOutlined aria-hidden />} onClick={() => void onCatchUp()} loading={catchingUp}>
            Catch me up
          </Button>
        ) : null
      }
    >
      <ol className="plan-days">
        {days.map((day) => {
          const tone = dayTone(day.date, today);
          const { done, total } = dayProgress(day);
          const headingId = `plan-day-${day.dayIndex}`;
          return (
            <li
              key={day.date}
              className={`plan-day plan-day--${tone}`}
              aria-labelledby={headingId}
              aria-current={tone === 'today' ? 'date' : undefined}
            >
              <div className="plan-day__head">
                <h3 id={headingId} className="plan-day__title">
                  {weekdayLong[day.dayIndex] ?? day.day}
                  <span className="plan-day__date">{formatShortDate(day.date)}</span>
                </h3>
                <span className="plan-day__meta">
                  {tone === 'today' ? <Tag color="#0f766e" variant="solid">Today</Tag> : null}
                  <span className="plan-day__count">
                    {done}/{total} done
                  </span>
                </span>
              </div>
              {day.activities.length === 0 ? (
                <p className="plan-day__rest">A day of rest.</p>
              ) : (
                <ul className="plan-activities">
                  {day.activities.map((activity) => (
                    <li key={activity.id} className={`plan-activity${activity.completed ? ' plan-activity--done' : ''}`}>
                      <Checkbox
                        checked={activity.completed}
                        onChange={(event) => void onToggle(activity.id, event.target.checked)}
                        className="plan-activity__check"
                      >
                        <span className="plan-activity__name">{activity.name}</span>
                      </Checkbox>
                      <p className="plan-activity__description">{activity.description}</p>
                      <p className="plan-activity__meta">
                        {activity.duration ? (
                          <span>
                            <ClockCircleOutlined aria-hidden /> {activity.duration}
                          </span>
                        ) : null}
                        {activity.movedFrom ? <span>Moved from {weekdayNameOf(activity.movedFrom)}</span> : null}
                        {activity.scripture ? <span>Read {activity.scripture}</span> : null}
                        {activity.fromCurriculum ? <span>From your church’s curriculum</span> : null}
                      </p>
                      {activity.reflectionPrompt ? <p className="plan-activity__prompt">Reflect: {activity.reflectionPrompt}</p> : null}
                    </li>
                  ))}
                </ul>
              )}
            </li>
          );
        })}
      </ol>
    </Card>
  );
}
