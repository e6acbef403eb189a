import { journalEntrySchema, journalInsightSchema, journalPageSchema, journalPromptSchema, journalStatsSchema } from '@abide/contracts';
import {
  abideApi,
  type JournalEntryRequestDto,
  type JournalInsightDto,
  type JournalPageDto,
  type JournalPromptDto,
  type JournalStatsDto,
} from '../../shared/api/generated/abideApi';
import { checkedBy } from '../../shared/api/response-schema';
// Offline: new entries, drafts and edits wait for the connection and show in the lists meanwhile.
import { unlessQueued } from '../../shared/offline/write-queue-registry';
import './journal-offline';

export type JournalEntryRequest = JournalEntryRequestDto;
export type JournalPage = JournalPageDto;
export type JournalPrompt = JournalPromptDto;
export type JournalInsight = JournalInsightDto;
export type JournalStats = JournalStatsDto;

/** The prompt read's `new` argument: today's prompt, or 'Generate New Prompt' (which then replaces today's). */
export const TODAYS_PROMPT = undefined;
export const NEW_PROMPT = '1';

export const journalApi = abideApi.enhanceEndpoints({
  addTagTypes: ['JournalEntries', 'JournalStats', 'JournalPrompt', 'Stats'],
  endpoints: {
    journalPrompt: {
      responseSchema: checkedBy(journalPromptSchema),
      providesTags: ['JournalPrompt'],
      async onQueryStarted(isNew, { dispatch, queryFulfilled }) {
        if (isNew !== NEW_PROMPT) return;
        // A fresh prompt replaces today's in the cache.
        try {
          const { data } = await queryFulfilled;
          dispatch(journalApi.util.upsertQueryData('journalPrompt', undefined, data));
        } catch {
          // The card reports the failure.
        }
      },
    },
    journalList: { responseSchema: checkedBy(journalPageSchema), providesTags: ['JournalEntries'] },
    journalGet: { responseSchema: checkedBy(journalEntrySchema), providesTags: ['JournalEntries'] },
    journalCreate: { invalidatesTags: unlessQueued(['JournalEntries', 'JournalStats', 'Stats']) },
    journalUpdate: { invalidatesTags: unlessQueued(['JournalEntries', 'JournalStats', 'Stats']) },
    journalRemove: { invalidatesTags: ['JournalEntries', 'JournalStats', 'Stats'] },
    journalInsight: { responseSchema: checkedBy(journalInsightSchema) },
    journalStats: { responseSchema: checkedBy(journalStatsSchema), providesTags: ['JournalStats'] },
  },
});

export const {
  useJournalPromptQuery,
  useLazyJournalPromptQuery,
  useJournalListQuery,
  useJournalCreateMutation,
  useJournalUpdateMutation,
  useJournalRemoveMutation,
  useJournalInsightMutation,
  useJournalStatsQuery,
} = journalApi;
