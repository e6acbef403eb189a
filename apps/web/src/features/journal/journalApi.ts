import {
  journalEntrySchema,
  journalInsightSchema,
  journalPageSchema,
  journalPromptSchema,
  journalStatsSchema,
  type JournalEntry,
  type journalEntryRequestSchema,
} from '@abide/contracts';
import type { z } from 'zod';
import { baseApi } from '../../shared/api/baseApi';

export type JournalEntryRequest = z.input<typeof journalEntryRequestSchema>;
export type JournalPage = z.infer<typeof journalPageSchema>;
export type JournalPrompt = z.infer<typeof journalPromptSchema>;
export type JournalInsight = z.infer<typeof journalInsightSchema>;
export type JournalStats = z.infer<typeof journalStatsSchema>;

export interface JournalListArgs {
  page: number;
  pageSize: number;
  q?: string;
  /** true lists the member's drafts instead of finished entries. */
  drafts?: boolean;
}

export const journalApi = baseApi
  .enhanceEndpoints({ addTagTypes: ['JournalEntries', 'JournalStats', 'JournalPrompt', 'Stats'] })
  .injectEndpoints({
    endpoints: (build) => ({
      getJournalPrompt: build.query<JournalPrompt, void>({
        query: () => '/journal/prompt',
        responseSchema: journalPromptSchema,
        providesTags: ['JournalPrompt'],
      }),
      /** 'Generate New Prompt': a fresh prompt that replaces today's in the cache. */
      newJournalPrompt: build.mutation<JournalPrompt, void>({
        query: () => ({ url: '/journal/prompt', params: { new: 1 } }),
        responseSchema: journalPromptSchema,
        async onQueryStarted(_arg, { dispatch, queryFulfilled }) {
          try {
            const { data } = await queryFulfilled;
            dispatch(journalApi.util.upsertQueryData('getJournalPrompt', undefined, data));
          } catch {
            // The card reports the failure.
          }
        },
      }),
      listJournalEntries: build.query<JournalPage, JournalListArgs>({
        query: ({ page, pageSize, q, drafts }) => ({
          url: '/journal/entries',
          params: { page, pageSize, ...(q ? { q } : {}), ...(drafts ? { drafts: 1 } : {}) },
        }),
        responseSchema: journalPageSchema,
        providesTags: ['JournalEntries'],
      }),
      getJournalEntry: build.query<JournalEntry, string>({
        query: (id) => `/journal/entries/${encodeURIComponent(id)}`,
        responseSchema: journalEntrySchema,
        providesTags: ['JournalEntries'],
      }),
      createJournalEntry: build.mutation<void, JournalEntryRequest>({
        query: (body) => ({ url: '/journal/entries', method: 'POST', body }),
        invalidatesTags: ['JournalEntries', 'JournalStats', 'Stats'],
      }),
      updateJournalEntry: build.mutation<void, { id: string; changes: Partial<JournalEntryRequest> }>({
        query: ({ id, changes }) => ({ url: `/journal/entries/${encodeURIComponent(id)}`, method: 'PATCH', body: changes }),
        invalidatesTags: ['JournalEntries', 'JournalStats', 'Stats'],
      }),
      deleteJournalEntry: build.mutation<void, string>({
        query: (id) => ({ url: `/journal/entries/${encodeURIComponent(id)}`, method: 'DELETE' }),
        invalidatesTags: ['JournalEntries', 'JournalStats', 'Stats'],
      }),
      getEntryInsight: build.mutation<JournalInsight, string>({
        query: (id) => ({ url: `/journal/entries/${encodeURIComponent(id)}/insight`, method: 'POST' }),
        responseSchema: journalInsightSchema,
      }),
      getJournalStats: build.query<JournalStats, void>({
        query: () => '/journal/stats',
        responseSchema: journalStatsSchema,
        providesTags: ['JournalStats'],
      }),
    }),
  });

export const {
  useGetJournalPromptQuery,
  useNewJournalPromptMutation,
  useListJournalEntriesQuery,
  useCreateJournalEntryMutation,
  useUpdateJournalEntryMutation,
  useDeleteJournalEntryMutation,
  useGetEntryInsightMutation,
  useGetJournalStatsQuery,
} = journalApi;
