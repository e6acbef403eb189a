import type { CreateHabitDto, HabitAnalyticsDto, HabitDto } from '../../shared/api/generated/abideApi';
import { showAtOnce } from '../../shared/api/optimistic-changes';
import { habitsEndpoints } from '../../shared/api/generated/endpoints/habits';
// Offline: which of these writes wait for the connection, and how the check-in list shows them meanwhile.
import './habits-offline';

export type CreateHabitRequest = CreateHabitDto;
export type HabitAnalytics = HabitAnalyticsDto;

/** The habit endpoints (answers checked, cache tags from their routes) with the day's switch moving at once. */
export const habitsApi = habitsEndpoints.enhanceEndpoints({
  endpoints: {
    habitsToggle: {
      async onQueryStarted({ id, toggleHabitDto: { completed, date } }, { dispatch, queryFulfilled }) {
        // The switch moves at once, and stays moved in a list read already on its way; a failure moves it back.
        await showAtOnce(
          { endpoint: 'habitsList', arg: date },
          (habits: HabitDto[]) => {
            const habit = habits.find((candidate) => candidate.id === id);
            if (!habit) return;
            habit.completedOnDate = completed;
            // Done, or asked again (due or missed: both count in the day's "n of m"); the refetch brings the exact one.
            habit.dayStatus = completed ? 'done' : 'due';
          },
          (recipe) => dispatch(habitsApi.util.updateQueryData('habitsList', date, recipe)),
          queryFulfilled,
        );
      },
    },
  },
});

export const {
  useHabitsListQuery,
  useHabitsEntriesQuery,
  useHabitsAnalyticsQuery,
  useHabitsCreateMutation,
  useHabitsUpdateMutation,
  useHabitsPauseMutation,
  useHabitsResumeMutation,
  useHabitsArchiveMutation,
  useHabitsToggleMutation,
  useHabitsSkipMutation,
  useHabitsUndoSkipMutation,
  useHabitsRestDaysQuery,
  useHabitsSetRestDaysMutation,
} = habitsApi;
