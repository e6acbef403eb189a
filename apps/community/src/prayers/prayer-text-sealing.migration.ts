import { ERASED, type EventStore } from '@abide/event-store';
import type { MigrationLog, PrivateText } from '@abide/platform';
import { prayerField } from './prayer-texts';

/** Its marker in `community_migrations` (community.migration.ts). */
export const PRAYER_TEXT_SEALING_MARKER = 'prayer-text-sealed';

/** The v1 events that kept their author's words in the clear, the field that held them and the v2 field that seals them. */
const CLEAR_IN_V1 = [
  { type: 'community.prayer.posted', words: 'text', sealedAs: 'sealedText' },
  { type: 'community.prayer.answered', words: 'testimony', sealedAs: 'sealedTestimony' },
] as const;

/**
 * Seals the words of the prayer events stored before they were sealed (v1 `posted` and `answered`, in the clear), in
 * place, as v2 (docs/architecture.md, "Private text at rest"). A repeated step: it runs at every start until one finds
 * nothing left, since an older instance may still write v1 while a release rolls out. Words erased with their account
 * stay as they are. Copies already on Kafka are not rewritten: the topic's retention ages them out. Returns how many
 * it sealed.
 */
export async function sealStoredPrayerText(events: EventStore, texts: PrivateText, log: MigrationLog): Promise<number> {
  const started = Date.now();
  let sealed = 0;
  for (const { type, words, sealedAs } of CLEAR_IN_V1) {
    sealed += await events.rewriteEvents(
      type,
      1,
      async ({ data }) => {
        const { [words]: text, ...rest } = data as Record<string, string>;
        // Words erased with their account: nothing to seal, and no key to seal it with.
        const sealedText = text === ERASED ? null : await texts.sealUnlessErased(rest.authorId, text, prayerField(rest.prayerId, words));
        return sealedText && { ...rest, [sealedAs]: sealedText };
      },
      (count) => log.log(`Sealing prayer requests stored in the clear: ${count} so far`),
    );
  }
  if (sealed) log.log(`Sealed the words of ${sealed} prayer event(s) stored in the clear, in ${Date.now() - started} ms`);
  return sealed;
}
