import { Injectable } from '@nestjs/common';
import { ERASED } from '@abide/event-store';
import { PrivateText } from '@abide/platform';

/**
 * A prayer request's words at rest (docs/architecture.md, "Private text at rest"): its text and testimony are sealed
 * with the author's data key before they are stored or published, and opened with the author's key only to answer a
 * reader the group lets see them.
 */
@Injectable()
export class PrayerTexts {
  constructor(private readonly texts: PrivateText) {}

  seal(authorId: string, text: string): Promise<string> {
    return this.texts.seal(authorId, text);
  }

  /** The words, or null when no one may read them any more (the author erased their account). */
  async open(authorId: string, sealed: string): Promise<string | null> {
    const text = await this.texts.open(authorId, sealed);
    // A v1 event erased with its account (its words overwritten in the log), carried by the upcaster.
    return text === ERASED ? null : text;
  }

  /** A listed request's words opened for a reader the group lets see them; null once its author erased their account. */
  async openRequest(view: {
    authorId: string;
    sealedText: string | null;
    sealedTestimony: string | null;
  }): Promise<{ text: string; testimony: string | null } | null> {
    const text = view.sealedText && (await this.open(view.authorId, view.sealedText));
    if (!text) return null;
    return { text, testimony: view.sealedTestimony && (await this.open(view.authorId, view.sealedTestimony)) };
  }

  /** As the read model stores them: the event's sealed text, or words a v1 event kept in the clear sealed now. */
  forStorage(authorId: string, sealed: string, text: string): Promise<string> {
    return this.texts.sealed(authorId, sealed, text);
  }

  /** Account erasure: the author's data key is destroyed, so no sealed copy of their words can be opened again. */
  forget(authorId: string): Promise<void> {
    return this.texts.forget(authorId);
  }
}
