import type {
  JournalEntryRequestDto,
  JournalInsightDto,
  JournalPageDto,
  JournalPromptDto,
  JournalStatsDto,
} from '../../shared/api/generated/abideApi';
import { journalEndpoints } from '../../shared/api/generated/endpoints/journal';
// Offline: new entries, drafts and edits wait for the connection and show in the lists meanwhile.
import './journal-offline';

export type JournalEntryRequest = JournalEntryRequestDto;
export type JournalPage = JournalPageDto;
export type JournalPrompt = JournalPromptDto;
export type JournalInsight = JournalInsightDto;
export type JournalStats = JournalStatsDto;

/** The prompt read's `new` argument: today's prompt, or 'Generate New Prompt' (which then replaces today's). */
export const TODAYS_PROMPT = undefined;
export const NEW_PROMPT = '1';

export const journalApi = journalEndpoints.enhanceEndpoints({
  endpoints: {
    journalPrompt: {
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
