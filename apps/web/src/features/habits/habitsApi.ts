// Deep imports of @abide/contracts on a member's first page: the barrel would build every schema of every service
// at load (zod), where this page needs a few (issue #12).
import type { createHabitRequestSchema, Habit, HabitEntry } from '@abide/contracts';
import { habitAnalyticsSchema, habitEntrySchema, habitSchema, restDaysSchema } from '@abide/contracts/src/http/formation.dto';
import type { z } from 'zod';
import { baseApi } from '../../shared/api/baseApi';

export type CreateHabitRequest = z.input<typeof createHabitRequestSchema>;
export type HabitAnalytics = z.infer<typeof habitAnalyticsSchema>;

const habitListSchema = habitSchema.array();
const habitEntryListSchema = habitEntrySchema.array();

export const habitsApi = baseApi
  .enhanceEndpoints({ addTagTypes: ['Habits', 'HabitEntries', 'HabitAnalytics', 'RestDays', 'Stats'] })
  .injectEndpoints({
    endpoints: (build) => ({
      /** The member's habits with `completedOnDate` for the given day (YYYY-MM-DD). */
      getHabits: build.query<Habit[], string>({
        query: (date) => ({ url: '/habits', params: { date } }),
        responseSchema: habitListSchema,
        providesTags: ['Habits'],
      }),
      getHabitEntries: build.query<HabitEntry[], string>({
        query: (date) => ({ url: '/habit-entries', params: { date } }),
        responseSchema: habitEntryListSchema,
        providesTags: ['HabitEntries'],
      }),
      getHabitAnalytics: build.query<HabitAnalytics, void>({
        query: () => '/habits/analytics',
        responseSchema: habitAnalyticsSchema,
        providesTags: ['HabitAnalytics'],
      }),
      createHabit: build.mutation<void, CreateHabitRequest>({
        query: (body) => ({ url: '/habits', method: 'POST', body }),
        invalidatesTags: ['Habits', 'HabitAnalytics', 'Stats'],
      }),
      updateHabit: build.mutation<void, { id: string; changes: Partial<CreateHabitRequest> }>({
        query: ({ id, changes }) => ({ url: `/habits/${encodeURIComponent(id)}`, method: 'PATCH', body: changes }),
        invalidatesTags: ['Habits', 'HabitAnalytics', 'Stats'],
      }),
      changeHabitState: build.mutation<void, { id: string; action: 'pause' | 'resume' | 'archive' }>({
        query: ({ id, action }) => ({ url: `/habits/${encodeURIComponent(id)}/${action}`, method: 'POST' }),
        invalidatesTags: ['Habits', 'HabitAnalytics', 'Stats'],
      }),
      toggleHabit: build.mutation<void, { id: string; completed: boolean; date: string; note?: string }>({
        query: ({ id, completed, date, note }) => ({
          url: `/habits/${encodeURIComponent(id)}/toggle`,
          method: 'POST',
          body: note ? { completed, date, note } : { completed, date },
        }),
        async onQueryStarted({ id, completed, date }, { dispatch, queryFulfilled }) {
          // The switch moves at once; a failure moves it back.
          const patch = dispatch(
            habitsApi.util.updateQueryData('getHabits', date, (habits) => {
              const habit = habits.find((candidate) => candidate.id === id);
              if (habit) habit.completedOnDate = completed;
            }),
          );
          try {
            await queryFulfilled;
          } catch {
            patch.undo();
          }
        },
        invalidatesTags: ['Habits', 'HabitEntries', 'HabitAnalytics', 'Stats'],
      }),
      skipHabitDay: build.mutation<void, { id: string; date: string }>({
        query: ({ id, date }) => ({ url: `/habits/${encodeURIComponent(id)}/skip`, method: 'POST', body: { date } }),
        invalidatesTags: ['Habits', 'HabitEntries', 'HabitAnalytics', 'Stats'],
      }),
      getRestDays: build.query<number[], void>({
        query: () => '/habits/rest-days',
        rawResponseSchema: restDaysSchema,
        transformResponse: (body: { weekdays: number[] }) => body.weekdays,
        providesTags: ['RestDays'],
      }),
      setRestDays: build.mutation<void, number[]>({
        query: (weekdays) => ({ url: '/habits/rest-days', method: 'PUT', body: { weekdays } }),
        invalidatesTags: ['RestDays', 'Habits', 'HabitAnalytics', 'Stats'],
      }),
    }),
  });

export const {
  useGetHabitsQuery,
  useGetHabitEntriesQuery,
  useGetHabitAnalyticsQuery,
  useCreateHabitMutation,
  useUpdateHabitMutation,
  useChangeHabitStateMutation,
  useToggleHabitMutation,
  useSkipHabitDayMutation,
  useGetRestDaysQuery,
  useSetRestDaysMutation,
} = habitsApi;
