import { Inject, Injectable, Logger, type OnApplicationBootstrap } from '@nestjs/common';
import { ERASED, EventStore } from '@abide/event-store';
import { MemberErasedError, MONGO_CONNECTION, runUntilNothingLeft } from '@abide/platform';
import type { Connection } from 'mongoose';
import { PrayerTexts } from './prayer-texts';

const MARKER = 'prayer-text-sealed';

/**
 * Seals the words of the prayer events stored before they were sealed (v1 `posted` and `answered`, in the clear), in
 * place, as v2 (docs/architecture.md, "Private text at rest"). Runs at every start until one finds nothing left, since
 * an older instance may still write v1 while a release rolls out. Words erased with their account stay as they are.
 * Copies already on Kafka are not rewritten: the topic's retention ages them out.
 */
@Injectable()
export class PrayerTextSealing implements OnApplicationBootstrap {
  private readonly logger = new Logger(PrayerTextSealing.name);

  constructor(
    private readonly store: EventStore,
    @Inject(MONGO_CONNECTION) private readonly connection: Connection,
    private readonly texts: PrayerTexts,
  ) {}

  async onApplicationBootstrap(): Promise<void> {
    await runUntilNothingLeft(this.connection, 'community_migrations', MARKER, () => this.sealStoredText());
  }

  async sealStoredText(): Promise<number> {
    const started = Date.now();
    const progress = (count: number) => this.logger.log(`Sealing prayer requests stored in the clear: ${count} so far`);
    const sealed =
      (await this.store.rewriteEvents(
        'community.prayer.posted',
        1,
        async ({ data }) => {
          const { text, ...rest } = data as { text: string; authorId: string };
          return this.sealedOrNull(rest.authorId, text, (sealedText) => ({ ...rest, sealedText }));
        },
        progress,
      )) +
      (await this.store.rewriteEvents(
        'community.prayer.answered',
        1,
        async ({ data }) => {
          const { testimony, ...rest } = data as { testimony: string; authorId: string };
          return this.sealedOrNull(rest.authorId, testimony, (sealedTestimony) => ({ ...rest, sealedTestimony }));
        },
        progress,
      ));
    if (sealed) this.logger.log(`Sealed the words of ${sealed} prayer event(s) stored in the clear, in ${Date.now() - started} ms`);
    return sealed;
  }

  /** Words erased with their account have nothing to seal and no key to seal it with: left as they are. */
  private async sealedOrNull<T>(authorId: string, text: string, withSealed: (sealed: string) => T): Promise<T | null> {
    if (text === ERASED) return null;
    try {
      return withSealed(await this.texts.seal(authorId, text));
    } catch (error) {
      // Erased meanwhile: the erasure, retried until it completes, overwrites these words in the log.
      if (error instanceof MemberErasedError) return null;
      throw error;
    }
  }
}
