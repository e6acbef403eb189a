import { BellOutlined, EditOutlined, FireOutlined } from '@ant-design/icons';
import type { Habit } from '@abide/contracts';
import { App, Button, Checkbox, Empty, Input, Progress, Select, Skeleton, Tag, Tooltip } from 'antd';
import { useState } from 'react';
import { problemOf } from '../../../shared/api/problem-details';
import { useIsPending } from '../../../shared/offline/write-queue-hooks';
import { isQueued } from '../../../shared/api/queued-answer';
import { QUEUED_NOTICE } from '../../../shared/offline/write-queue-registry';
import { categoryLabel, reminderText, streakText } from '../habit-form';
import {
  useHabitsEntriesQuery,
  useHabitsListQuery,
  useHabitsSkipMutation,
  useHabitsToggleMutation,
  useHabitsUndoSkipMutation,
} from '../habitsApi';
import { addDays, CHECK_IN_DAYS_BACK, formatLongDate, formatShortDate } from '../local-dates';
import { dayCounts } from '../day-counts';

/** Today and the seven days before it (issue 4: never the future, at most a week back). */
function dateOptions(today: string) {
  return Array.from({ length: CHECK_IN_DAYS_BACK + 1 }, (_, back) => {
    const value = addDays(today, -back);
    const label =
      back === 0 ? `Today, ${formatShortDate(value)}` : back === 1 ? `Yesterday, ${formatShortDate(value)}` : formatLongDate(value);
    return { value, label };
  });
}

function CheckInRow({ habit, date, today, savedNote }: { habit: Habit; date: string; today: string; savedNote: string | null }) {
  const { notification } = App.useApp();
  const [toggle, { isLoading }] = useHabitsToggleMutation();
  const [skip, { isLoading: skipping }] = useHabitsSkipMutation();
  const [undoSkip, { isLoading: undoing }] = useHabitsUndoSkipMutation();
  const skipped = habit.dayStatus === 'skipped';
  const [noteOpen, setNoteOpen] = useState(false);
  const [note, setNote] = useState('');
  const nameId = `habit-name-${habit.id}`;
  const reminder = reminderText(habit.reminderTime);
  const pending = useIsPending(`habit:${habit.id}:${date}`);

  const onToggle = async (completed: boolean) => {
    const result = await toggle({
      id: habit.id,
      toggleHabitDto: { completed, date, note: completed ? note.trim() || undefined : undefined },
    });
    if (result.error) return notification.error({ title: 'Failed to update habit', description: 'Please try again.' });
    if (isQueued(result.data)) notification.info(QUEUED_NOTICE);
    else notification.success({ title: 'Habit updated!' });
    setNote('');
    setNoteOpen(false);
  };

  const onSkip = async () => {
    const result = await skip({ id: habit.id, skipDayDto: { date } });
    if (result.error)
      return notification.error({ title: 'Failed to skip today', description: problemOf(result.error)?.detail ?? 'Please try again.' });
    if (isQueued(result.data)) return notification.info(QUEUED_NOTICE);
    notification.success({
      title: `${habit.name}: skipped today`,
      description: 'Today is left out of your figures and your streak is safe. “Undo skip” on the card takes it back.',
    });
  };

  const onUndoSkip = async () => {
    const result = await undoSkip({ id: habit.id, skipDayDto: { date } });
    if (result.error)
      return notification.error({
        title: 'Failed to undo the skip',
        description: problemOf(result.error)?.detail ?? 'Please try again.',
      });
    if (isQueued(result.data)) return notification.info(QUEUED_NOTICE);
    notification.success({ title: `${habit.name}: asked for today again` });
  };

  return (
    <li className={`checkin${habit.completedOnDate ? ' checkin--done' : ''}${skipped ? ' checkin--skipped' : ''}`}>
      <Checkbox
        className="checkin__check"
        checked={habit.completedOnDate}
        disabled={isLoading || skipped}
        onChange={(event) => void onToggle(event.target.checked)}
        aria-labelledby={nameId}
      />
      <div className="checkin__body">
        <div className="checkin__top">
          <h3 id={nameId} className="checkin__name">
            {habit.name}
          </h3>
          <Tag variant="filled" className="category-tag">
            {categoryLabel(habit.category)}
          </Tag>
          {skipped ? <Tag className="checkin__skipped">{date === today ? 'Skipped today' : 'Skipped'}</Tag> : null}
          {pending ? (
            <Tag className="checkin__pending" color="orange">
              Pending
            </Tag>
          ) : null}
        </div>
        {habit.description ? <p className="checkin__description">{habit.description}</p> : null}
        <p className="checkin__meta">
          <span className="checkin__streak">
            <FireOutlined aria-hidden /> {streakText(habit.streak, habit.streakUnit)} streak
          </span>
          {reminder ? (
            <span>
              <BellOutlined aria-hidden /> {reminder}
            </span>
          ) : null}
          <Tooltip title="Recent weeks count most, so one missed day never erases your progress.">
            <span className="checkin__consistency" tabIndex={0}>
              Consistency {Math.round(habit.consistency)}
            </span>
          </Tooltip>
        </p>
        <div className="checkin__month">
          <span className="checkin__month-label">This month</span>
          <Progress
            percent={Math.round(habit.monthlyPercent)}
            size="small"
            strokeColor="#0f766e"
            aria-label={`${habit.name}: ${Math.round(habit.monthlyPercent)}% this month`}
          />
        </div>
        {savedNote ? <p className="checkin__note">“{savedNote}”</p> : null}
        {skipped ? (
          <div className="checkin__actions">
            {date >= today ? (
              // A skip of today or later is taken back on the server; a past day is checked in instead.
              <Button type="link" size="small" onClick={() => void onUndoSkip()} loading={undoing}>
                Undo skip
              </Button>
            ) : null}
          </div>
        ) : !habit.completedOnDate ? (
          <div className="checkin__actions">
            {noteOpen ? (
              <Input
                value={note}
                onChange={(event) => setNote(event.target.value)}
                maxLength={280}
                placeholder="A short note for this check-in (optional)"
                aria-label={`Note for ${habit.name}`}
                onPressEnter={() => void onToggle(true)}
                autoFocus
              />
            ) : (
              <Button type="link" size="small" icon={<EditOutlined aria-hidden />} onClick={() => setNoteOpen(true)}>
                Add a note
              </Button>
            )}
            {date === today ? (
              // The API plans skips for today or later only; the picker never shows later days.
              <Button type="link" size="small" onClick={() => void onSkip()} loading={skipping}>
                Skip today
              </Button>
            ) : null}
          </div>
        ) : null}
      </div>
    </li>
  );
}

/**
 * "n of m done" for the chosen day: done of the habits asked for that day (docs/figures.md), the same count as the
 * Completed Today card; skipped ones are named apart, and excused or not-scheduled ones leave it.
 */
function DayCountText({ habits }: { habits: Habit[] }) {
  const { done, asked, skipped } = dayCounts(habits);
  return (
    <span className="muted" data-testid="day-count">
      {done} of {asked} done{skipped > 0 ? ` · ${skipped} skipped` : ''}
    </span>
  );
}

/** Today's Check-in: active habits with a completion toggle for the chosen day. */
export function CheckInTab({ today }: { today: string }) {
  const [date, setDate] = useState(today);
  const { data: habits, isLoading, isError, refetch } = useHabitsListQuery(date);
  const { data: entries } = useHabitsEntriesQuery(date);
  const active = (habits ?? []).filter((habit) => habit.isActive && !habit.archived);
  const notes = new Map((entries ?? []).map((entry) => [entry.habitId, entry.note]));

  return (
    <section aria-label="Check-in">
      <div className="tab-toolbar">
        <div className="tab-toolbar__field">
          <span className="tab-toolbar__label" aria-hidden>
            Check-in date
          </span>
          <Select value={date} onChange={setDate} options={dateOptions(today)} className="tab-toolbar__select" aria-label="Check-in date" />
        </div>
        {habits ? <DayCountText habits={habits} /> : null}
      </div>
      {isLoading ? (
        <Skeleton active paragraph={{ rows: 6 }} />
      ) : isError ? (
        <Empty description="We couldn't load your habits.">
          <Button onClick={() => void refetch()}>Try again</Button>
        </Empty>
      ) : active.length === 0 ? (
        <Empty description="No active habits yet. Add one to start checking in." />
      ) : (
        <ul className="checkins">
          {active.map((habit) => (
            <CheckInRow key={`${habit.id}-${date}`} habit={habit} date={date} today={today} savedNote={notes.get(habit.id) ?? null} />
          ))}
        </ul>
      )}
    </section>
  );
}
