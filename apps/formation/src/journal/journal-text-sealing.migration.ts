import { Inject, Injectable } from '@nestjs/common';
import type { EventData } from '@abide/contracts';
import { ERASED, EventStore } from '@abide/event-store';
import { OneTimeMigration } from '@abide/platform';
import { JOURNAL_STORE } from './journal-store';
import { JournalTexts } from './journal-texts';

const MARKER = 'journal-text-sealed';

type SavedV1 = Omit<EventData<'formation.journal.entry-saved'>, 'sealedText'> & {
  content: string;
  scriptureReference: string | null;
  gratitude: string | null;
};

/**
 * Seals the words of the `entry-saved` events stored before they were sealed (v1, in the clear), in place, as v2
 * (docs/architecture.md, "Private text at rest"). Runs at every start until one finds nothing left, since an older
 * instance may still write v1 while a release rolls out. Events whose words were erased with their account stay as
 * they are: nothing to seal, and no key to seal it with.
 */
@Injectable()
export class JournalTextSealing extends OneTimeMigration {
  constructor(
    @Inject(JOURNAL_STORE) private readonly store: EventStore,
    private readonly texts: JournalTexts,
  ) {
    super('formation_migrations');
  }

  protected steps() {
    return { [MARKER]: { untilNothingLeft: () => this.sealStoredText() } };
  }

  async sealStoredText(): Promise<number> {
    const started = Date.now();
    const sealed = await this.store.rewriteEvents(
      'formation.journal.entry-saved',
      1,
      async ({ data }) => {
        const { content, scriptureReference, gratitude, ...rest } = data as SavedV1;
        if (content === ERASED) return null;
        const sealedText = await this.texts.sealEntryUnlessErased(rest.userId, rest.entryId, { content, scriptureReference, gratitude });
        return sealedText && { ...rest, sealedText };
      },
      (count) => this.logger.log(`Sealing journal entries stored in the clear: ${count} so far`),
    );
    if (sealed) this.logger.log(`Sealed the words of ${sealed} journal event(s) stored in the clear, in ${Date.now() - started} ms`);
    return sealed;
  }
}
