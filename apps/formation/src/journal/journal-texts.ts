import { Injectable } from '@nestjs/common';
import type { JournalEntryText } from '@abide/contracts';
import { ERASED } from '@abide/event-store';
import { PrivateText, type SealedField, sealedField } from '@abide/platform';

/** An entry's words as they are sealed: these three fields, in this order, as JSON. */
const entryJson = ({ content, scriptureReference, gratitude }: JournalEntryText): string =>
  JSON.stringify({ content, scriptureReference, gratitude });

/** Each sealed value is bound to what it belongs to (an entry's words, a member's list), so it opens nowhere else. */
const entryField = (entryId: string): SealedField => sealedField('journal-entry', entryId, 'words');
const listField = (userId: string): SealedField => sealedField('journal-list', userId, 'entries');

/**
 * The journal's words at rest (docs/architecture.md, "Private text at rest"): an entry's words (content, scripture
 * reference, gratitude) and a member's whole journal list are sealed with the member's data key, as JSON, before they
 * are stored; opened only to answer the member.
 */
@Injectable()
export class JournalTexts {
  constructor(private readonly texts: PrivateText) {}

  sealEntry(userId: string, entryId: string, text: JournalEntryText): Promise<string> {
    return this.texts.seal(userId, entryJson(text), entryField(entryId));
  }

  /** Words a v1 event kept in the clear, sealed now; null when the member erased their account meanwhile. */
  sealEntryUnlessErased(userId: string, entryId: string, text: JournalEntryText): Promise<string | null> {
    return this.texts.sealUnlessErased(userId, entryJson(text), entryField(entryId));
  }

  /** An entry's words, or null when no one may read them any more (the member erased their account). */
  async openEntry(userId: string, entryId: string, sealedText: string): Promise<JournalEntryText | null> {
    const json = await this.texts.open(userId, sealedText, entryField(entryId));
    if (json === null) return null;
    const text = JSON.parse(json) as JournalEntryText;
    // A v1 event erased with its account (its words overwritten in the log), carried by the upcaster.
    return text.content === ERASED ? null : text;
  }

  /** As a read model stores an entry's words: the event's sealed text, or words a v1 event kept in the clear sealed now. */
  entryForStorage(userId: string, entryId: string, sealedText: string, text: JournalEntryText): Promise<string> {
    return this.texts.sealed(userId, sealedText, entryJson(text), entryField(entryId));
  }

  /**
   * The list repeats words sealed a moment ago (the entry's, in the same request): sealed under the key that check
   * found alive, without reading it again (PrivateText.sealCopy); a replay long after reads it as `seal` does.
   */
  sealList(userId: string, list: unknown): Promise<string> {
    return this.texts.sealCopy(userId, JSON.stringify(list), listField(userId));
  }

  /** The member's sealed journal list, or null once the member erased their account. */
  async openList<T>(userId: string, sealed: string): Promise<T | null> {
    const json = await this.texts.open(userId, sealed, listField(userId));
    return json === null ? null : (JSON.parse(json) as T);
  }

  /** Account erasure: the member's data key is destroyed, so no sealed copy of their words can be opened again. */
  forget(userId: string): Promise<void> {
    return this.texts.forget(userId);
  }
}
