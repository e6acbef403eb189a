import { z } from 'zod';
import { moods } from '../../catalog';
import { clearText, sealedTextSchema } from '../sealed-text';
import { type EventDefinition, eventVersions } from '../versions';

const localDate = z.string().regex(/^\d{4}-\d{2}-\d{2}$/);

/**
 * Events of formation's journal aggregate (topic formation.journal.v1).
 *
 * Two kinds, kept in two different event stores on purpose:
 * - `entry-saved` / `entry-removed` carry what the member wrote. They live only in formation's private journal
 *   store (its own database, no outbox relay), so journal text never reaches Kafka. They are registered here so
 *   the event store validates them like every other event; no consumer ever receives them. From v2 on the words
 *   (content, scripture reference, gratitude) are sealed with the member's data key (`sealedText`).
 * - `entry-written` / `entry-deleted` are the published facts: ids and the member's local date, nothing more.
 *   Other services (streaks, groups) only need to know that a member journaled on a day.
 */
export const journalEntrySavedV1 = z.object({
  entryId: z.string().min(1),
  userId: z.string().min(1),
  draft: z.boolean(),
  content: z.string().max(20_000),
  scriptureReference: z.string().max(80).nullable(),
  mood: z.enum(moods).nullable(),
  gratitude: z.string().max(2_000).nullable(),
  isPrivate: z.boolean(),
  /** The member's local date when the entry was (or, for a draft, was last) saved; fixed once finished. */
  localDate,
  timeZone: z.string().min(1),
});

/** What an entry's `sealedText` holds once opened, as JSON: its words. */
export const journalEntryTextSchema = journalEntrySavedV1.pick({ content: true, scriptureReference: true, gratitude: true });
export type JournalEntryText = z.infer<typeof journalEntryTextSchema>;

/** v2: the words sealed (`sealedText`, a JournalEntryText), the rest as in v1. */
export const journalEntrySavedV2 = journalEntrySavedV1
  .omit({ content: true, scriptureReference: true, gratitude: true })
  .extend({ sealedText: sealedTextSchema });

export const journalEntryRemovedV1 = z.object({ entryId: z.string().min(1), userId: z.string().min(1) });

export const journalEntryWrittenV1 = z.object({ entryId: z.string().min(1), userId: z.string().min(1), localDate });
export const journalEntryDeletedV1 = z.object({ entryId: z.string().min(1), userId: z.string().min(1), localDate });

export const formationJournalEvents = {
  // A v1 event's words were stored in the clear: they are carried as such until formation re-seals them at start.
  'formation.journal.entry-saved': eventVersions(journalEntrySavedV1).next(
    journalEntrySavedV2,
    ({ content, scriptureReference, gratitude, ...rest }) => ({
      ...rest,
      sealedText: clearText(JSON.stringify({ content, scriptureReference, gratitude })),
    }),
  ),
  'formation.journal.entry-removed': { schemaVersion: 1, schema: journalEntryRemovedV1 },
  'formation.journal.entry-written': { schemaVersion: 1, schema: journalEntryWrittenV1 },
  'formation.journal.entry-deleted': { schemaVersion: 1, schema: journalEntryDeletedV1 },
} as const satisfies Record<string, EventDefinition>;

/** The journal event types that may be published; the others must never be appended to the relayed store. */
export const publishedJournalEventTypes = ['formation.journal.entry-written', 'formation.journal.entry-deleted'] as const;
