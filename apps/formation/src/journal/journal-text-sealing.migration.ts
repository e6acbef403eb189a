import type { EventData } from '@abide/contracts';
import { ERASED, type EventStore } from '@abide/event-store';
import type { MigrationLog } from '@abide/platform';
import type { JournalTexts } from './journal-texts';

/** Its marker in `formation_migrations` (formation.migration.ts). */
export const JOURNAL_TEXT_SEALING_MARKER = 'journal-text-sealed';

type SavedV1 = Omit<EventData<'formation.journal.entry-saved'>, 'sealedText'> & {
  content: string;
  scriptureReference: string | null;
  gratitude: string | null;
};

/**
 * Seals the words of the `entry-saved` events stored before they were sealed (v1, in the clear), in place, as v2
 * (docs/architecture.md, "Private text at rest"), in the journal's own store. A repeated step: it runs at every start
 * until one finds nothing left, since an older instance may still write v1 while a release rolls out. Events whose
 * words were erased with their account stay as they are: nothing to seal, and no key to seal it with. Returns how
 * many it sealed.
 */
export async function sealStoredJournalText(journal: EventStore, texts: JournalTexts, log: MigrationLog): Promise<number> {
  const started = Date.now();
  const sealed = await journal.rewriteEvents(
    'formation.journal.entry-saved',
    1,
    async ({ data }) => {
      const { content, scriptureReference, gratitude, ...rest } = data as SavedV1;
      if (content === ERASED) return null;
      const sealedText = await texts.sealEntryUnlessErased(rest.userId, rest.entryId, { content, scriptureReference, gratitude });
      return sealedText && { ...rest, sealedText };
    },
    (count) => log.log(`Sealing journal entries stored in the clear: ${count} so far`),
  );
  if (sealed) log.log(`Sealed the words of ${sealed} journal event(s) stored in the clear, in ${Date.now() - started} ms`);
  return sealed;
}
