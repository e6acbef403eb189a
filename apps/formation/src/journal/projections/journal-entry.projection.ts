import { Inject, Injectable } from '@nestjs/common';
import { applyInOrder, EventStore, type Projection, type StoredEvent } from '@abide/event-store';
import type { LocalDate } from '@abide/calendar';
import type { Connection, Model, UpdateQuery } from 'mongoose';
import { JOURNAL_CONNECTION, JOURNAL_STORE } from '../journal-store';
import { JournalTexts } from '../journal-texts';
import { type JournalEntryView, journalEntryViewSchema } from './journal-entry.schema';

type JournalEventType = 'formation.journal.entry-saved' | 'formation.journal.entry-removed';

/**
 * What an `entry-saved` event stores of the entry (its version and id apart), with its words as stored: `createdAt` is
 * the event's time, kept only when the event made the document (a create answers from this without reading back).
 */
export const savedEntryView = (
  event: StoredEvent<'formation.journal.entry-saved'>,
  sealedText: string,
): Omit<JournalEntryView, '_id' | 'version'> => {
  const { data } = event;
  const at = new Date(event.occurredAt);
  return {
    userId: data.userId,
    sealedText,
    mood: data.mood,
    isPrivate: data.isPrivate,
    draft: data.draft,
    removed: false,
    localDate: data.localDate,
    createdAt: at,
    updatedAt: at,
  };
};

/**
 * Keeps `journal_entries` (read-your-writes after each append, healed on start from the private journal log): an
 * entry's words sealed as its event has them. Renamed when the words became sealed, so the first start that has it
 * empties the collection (its documents held the words in the clear) and fills it again from the log.
 */
@Injectable()
export class JournalEntryProjection implements Projection<JournalEventType> {
  /** Renamed again when its events began to be applied in stream order by conditional writes: filled from the log once. */
  readonly name = 'journal-entries-ordered';
  readonly handles = ['formation.journal.entry-saved', 'formation.journal.entry-removed'] as const;
  readonly backfill = true;
  readonly model: Model<JournalEntryView>;

  constructor(
    @Inject(JOURNAL_CONNECTION) connection: Connection,
    @Inject(JOURNAL_STORE) private readonly log: EventStore,
    private readonly texts: JournalTexts,
  ) {
    this.model = connection.models.JournalEntryView ?? connection.model<JournalEntryView>('JournalEntryView', journalEntryViewSchema);
  }

  async apply(event: StoredEvent<JournalEventType>): Promise<void> {
    await applyInOrder(this.model, event.data.entryId, event, this.log, (next) => this.change(next as StoredEvent<JournalEventType>));
  }

  /** What one event of the entry's stream changes in its document (each applied once, in the stream's order). */
  private async change(event: StoredEvent<JournalEventType>): Promise<UpdateQuery<JournalEntryView> | null> {
    if (event.type === 'formation.journal.entry-saved') {
      const data = event.data;
      // Words no one can read any more belong to an erased account: nothing to show (the version moves on).
      const text = await this.texts.openEntry(data.userId, data.entryId, data.sealedText);
      if (!text) return null;
      const { createdAt, ...fields } = savedEntryView(event, await this.texts.entryForStorage(data.userId, data.entryId, data.sealedText, text));
      return { $setOnInsert: { createdAt }, $set: fields };
    }
    if (event.type === 'formation.journal.entry-removed') {
      const data = event.data;
      return {
        $set: { userId: data.userId, removed: true, sealedText: null, updatedAt: new Date(event.occurredAt) },
        $setOnInsert: { localDate: '1970-01-01', createdAt: new Date(event.occurredAt) },
      };
    }
    return null;
  }

  /** The local days on which these members finished an entry between two dates (inclusive), one row per entry. */
  async writtenBetween(
    userIds: readonly string[],
    from: LocalDate,
    to: LocalDate,
  ): Promise<Array<{ userId: string; localDate: LocalDate }>> {
    return this.model
      .find(
        { userId: { $in: [...userIds] }, localDate: { $gte: from, $lte: to }, draft: false, removed: false },
        { userId: 1, localDate: 1 },
      )
      .lean<Array<{ userId: string; localDate: LocalDate }>>();
  }

  async purgeSubject(subjectId: string): Promise<void> {
    await this.model.deleteMany({ userId: subjectId });
  }

  async reset(): Promise<void> {
    await this.model.deleteMany({});
  }
}
