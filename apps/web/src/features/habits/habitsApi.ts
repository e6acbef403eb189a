// Deep imports of @abide/contracts on a member's first page: the barrel would build every schema of every service
// at load (zod), where this page needs a few (issue #12).
import { habitAnalyticsSchema, habitEntrySchema, habitSchema, restDaysSchema } from '@abide/contracts/src/http/formation.dto';
import { abideApi, type CreateHabitDto, type HabitAnalyticsDto } from '../../shared/api/generated/abideApi';
import { checkedBy } from '../../shared/api/response-schema';
// Offline: which of these writes wait for the connection, and how the check-in list shows them meanwhile.
import { unlessQueued } from '../../shared/offline/write-queue-registry';
import './habits-offline';

export type CreateHabitRequest = CreateHabitDto;
export type HabitAnalytics = HabitAnalyticsDto;

/** What a change to a habit or a day's entry makes stale. */
const habitChange = ['Habits', 'HabitAnalytics', 'Stats'] as const;
const entryChange = ['Habits', 'HabitEntries', 'HabitAnalytics', 'Stats'] as const;

export const habitsApi = abideApi.enhanceEndpoints({
  addTagTypes: ['Habits', 'HabitEntries', 'HabitAnalytics', 'RestDays', 'Stats'],
  endpoints: {
    /** The member's habits with `completedOnDate` for the given day (YYYY-MM-DD). */
    habitsList: { responseSchema: checkedBy(habitSchema.array()), providesTags: ['Habits'] },
    habitsEntries: { responseSchema: checkedBy(habitEntrySchema.array()), providesTags: ['HabitEntries'] },
    habitsAnalytics: { responseSchema: checkedBy(habitAnalyticsSchema), providesTags: ['HabitAnalytics'] },
    habitsCreate: { invalidatesTags: [...habitChange] },
    habitsUpdate: { invalidatesTags: [...habitChange] },
    habitsPause: { invalidatesTags: [...habitChange] },
    habitsResume: { invalidatesTags: [...habitChange] },
    habitsArchive: { invalidatesTags: [...habitChange] },
    habitsToggle: {
      async onQueryStarted({ id, toggleHabitDto: { completed, date } }, { dispatch, queryFulfilled }) {
        // The switch moves at once; a failure moves it back.
        const patch = dispatch(
          habitsApi.util.updateQueryData('habitsList', date, (habits) => {
            const habit = habits.find((candidate) => candidate.id === id);
            if (!habit) return;
            habit.completedOnDate = completed;
            // Done, or asked again (due or missed: both count in the day's "n of m"); the refetch brings the exact one.
            habit.dayStatus = completed ? 'done' : 'due';
          }),
        );
        try {
          await queryFulfilled;
        } catch {
          patch.undo();
        }
      },
      invalidatesTags: unlessQueued(entryChange),
    },
    habitsSkip: { invalidatesTags: unlessQueued(entryChange) },
    habitsUndoSkip: { invalidatesTags: unlessQueued(entryChange) },
    habitsRestDays: { responseSchema: checkedBy(restDaysSchema), providesTags: ['RestDays'] },
    habitsSetRestDays: { invalidatesTags: ['RestDays', ...habitChange] },
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
