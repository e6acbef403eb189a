import { Injectable } from '@nestjs/common';
import { ERASED } from '@abide/event-store';
import { PrivateText, type SealedField, sealedField } from '@abide/platform';

/** A prayer request's sealed fields: each is bound to its request and field, so it opens nowhere else. */
export type PrayerWords = 'text' | 'testimony';

export const prayerField = (prayerId: string, words: PrayerWords): SealedField => sealedField('prayer-request', prayerId, words);

/**
 * A prayer request's words at rest (docs/architecture.md, "Private text at rest"): its text and testimony are sealed
 * with the author's data key before they are stored or published, and opened with the author's key only to answer a
 * reader the group lets see them.
 */
@Injectable()
export class PrayerTexts {
  constructor(private readonly texts: PrivateText) {}

  seal(authorId: string, prayerId: string, words: PrayerWords, text: string): Promise<string> {
    return this.texts.seal(authorId, text, prayerField(prayerId, words));
  }

  /** The words, or null when no one may read them any more (the author erased their account). */
  async open(authorId: string, prayerId: string, words: PrayerWords, sealed: string): Promise<string | null> {
    const text = await this.texts.open(authorId, sealed, prayerField(prayerId, words));
    // A v1 event erased with its account (its words overwritten in the log), carried by the upcaster.
    return text === ERASED ? null : text;
  }

  /** A listed request's words opened for a reader the group lets see them; null once its author erased their account. */
  async openRequest(view: {
    _id: string;
    authorId: string;
    sealedText: string | null;
    sealedTestimony: string | null;
  }): Promise<{ text: string; testimony: string | null } | null> {
    const text = view.sealedText && (await this.open(view.authorId, view._id, 'text', view.sealedText));
    if (!text) return null;
    return { text, testimony: view.sealedTestimony && (await this.open(view.authorId, view._id, 'testimony', view.sealedTestimony)) };
  }

  /** As the read model stores them: the event's sealed text, or words a v1 event kept in the clear sealed now. */
  forStorage(authorId: string, prayerId: string, words: PrayerWords, sealed: string, text: string): Promise<string> {
    return this.texts.sealed(authorId, sealed, text, prayerField(prayerId, words));
  }

  /** Account erasure: the author's data key is destroyed, so no sealed copy of their words can be opened again. */
  forget(authorId: string): Promise<void> {
    return this.texts.forget(authorId);
  }
}
