import type { Habit } from '@abide/contracts';
import type { StoredRequest } from '../../shared/offline/write-queue';
import { cachedReads, pathSegment, registerPendingOverlay, registerQueueableWrite } from '../../shared/offline/write-queue-registry';
import { formatShortDate } from './local-dates';

/**
 * Habits offline: a check-in, its undo, a skip and its undo wait in the queue when there is no connection, and the
 * check-in list shows them at once (checked, or skipped, marked "pending"). A habit archived or deleted meanwhile
 * refuses the write when it is sent: the member is told, naming the habit (write-queue.ts, refusals).
 */
const entryChange = ['Habits', 'HabitEntries', 'HabitAnalytics', 'Stats'];

type DayBody = { date?: string; completed?: boolean };

const habitName = (state: unknown, id: string): string => {
  for (const habits of cachedReads(state, 'habitsList') as Habit[][]) {
    const habit = habits.find((candidate) => candidate.id === id);
    if (habit) return habit.name;
  }
  return 'a habit';
};

const dayOf = (request: StoredRequest) => (request.body as DayBody | undefined)?.date ?? 'today';
const subjectOf = (request: StoredRequest) => `habit:${pathSegment(request.url, 1)}:${dayOf(request)}`;
const onDay = (request: StoredRequest) => {
  const date = dayOf(request);
  return date === 'today' ? 'today' : `on ${formatShortDate(date)}`;
};

const describeAs = (what: (request: StoredRequest, name: string) => string) => ({
  describe: (request: StoredRequest, state: unknown) => ({
    label: what(request, `“${habitName(state, pathSegment(request.url, 1))}”`),
    subject: subjectOf(request),
    tags: entryChange,
  }),
});

registerQueueableWrite(
  'habitsToggle',
  describeAs((request, name) =>
    (request.body as DayBody).completed
      ? `Your check-in of ${name} ${onDay(request)}`
      : `Taking back your check-in of ${name} ${onDay(request)}`,
  ),
);
registerQueueableWrite(
  'habitsSkip',
  describeAs((request, name) => `Your skip of ${name} ${onDay(request)}`),
);
registerQueueableWrite(
  'habitsUndoSkip',
  describeAs((request, name) => `Undoing your skip of ${name} ${onDay(request)}`),
);

/** The day's list as it will be once the waiting writes are sent (the later write of a habit wins). */
registerPendingOverlay('habitsList', (data, pending, date) => {
  for (const write of pending) {
    const habit = (data as Habit[]).find((candidate) => write.subject === `habit:${candidate.id}:${String(date)}`);
    if (!habit) continue;
    if (write.endpoint === 'habitsToggle') {
      const completed = (write.request.body as DayBody).completed === true;
      habit.completedOnDate = completed;
      habit.dayStatus = completed ? 'done' : 'due';
    }
    if (write.endpoint === 'habitsSkip') habit.dayStatus = 'skipped';
    if (write.endpoint === 'habitsUndoSkip') habit.dayStatus = 'due';
  }
});
