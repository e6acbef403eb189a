import { Inject, Injectable } from '@nestjs/common';
import { type Projection, type StoredEvent, withDocument } from '@abide/event-store';
import { type Connection, type Model, Schema } from 'mongoose';
import { applyToJournalList, emptyJournalList, type JournalList, type JournalListEvent } from '../domain/journal-list';
import { JOURNAL_CONNECTION } from '../journal-store';
import { JournalTexts } from '../journal-texts';

/**
 * The list as one JSON string sealed with the member's key: FerretDB v1 decodes a large nested document slowly,
 * nothing queries inside it, and the member's own reads and searches open it whole in memory.
 */
interface JournalListDocument {
  _id: string;
  list: string;
}

const journalListSchema = new Schema<JournalListDocument>(
  { _id: { type: String, required: true }, list: { type: String, required: true } },
  { collection: 'journal_lists', versionKey: false },
);

/**
 * One member's journal as one keyed document (`_id` = the member), in the journal's private database beside the
 * entries: what the Journal page lists, searches and counts.
 */
@Injectable()
export class JournalListProjection implements Projection<'formation.journal.entry-saved' | 'formation.journal.entry-removed'> {
  /** Renamed when the list became sealed: the first start that has it empties the collection and fills it from the log. */
  readonly name = 'journal-lists-sealed';
  readonly handles = ['formation.journal.entry-saved', 'formation.journal.entry-removed'] as const;
  readonly backfill = true;
  private readonly model: Model<JournalListDocument>;

  constructor(
    @Inject(JOURNAL_CONNECTION) connection: Connection,
    private readonly texts: JournalTexts,
  ) {
    this.model = connection.models.JournalList ?? connection.model<JournalListDocument>('JournalList', journalListSchema);
  }

  async apply(event: StoredEvent<'formation.journal.entry-saved' | 'formation.journal.entry-removed'>): Promise<void> {
    const opened = await this.opened(event);
    // Words no one can read any more belong to an erased account: nothing to list, and its document is gone for good.
    if (!opened) return;
    const { userId } = event.data;
    await withDocument(this.model as unknown as Model<unknown>, userId, async () => {
      const doc = await this.model.findById(userId).lean<JournalListDocument>();
      const list = doc ? await this.texts.openList<JournalList>(userId, doc.list) : emptyJournalList();
      if (!list || !applyToJournalList(list, opened)) return;
      // A removal replayed for a member with no list (a deleted account) leaves nothing behind.
      if (!doc && list.entries.length === 0) return;
      await this.model.updateOne({ _id: userId }, { $set: { list: await this.texts.sealList(userId, list) } }, { upsert: true });
    });
  }

  /** The member's journal (empty before their first entry): one read by key, opened with the member's key. */
  async read(userId: string): Promise<JournalList> {
    const doc = await this.model.findById(userId).lean<JournalListDocument>();
    return (doc && (await this.texts.openList<JournalList>(userId, doc.list))) ?? emptyJournalList();
  }

  /** The event as the list reads it, its words opened; null when they cannot be any more. */
  private async opened(
    event: StoredEvent<'formation.journal.entry-saved' | 'formation.journal.entry-removed'>,
  ): Promise<JournalListEvent | null> {
    if (event.type === 'formation.journal.entry-removed') return event;
    const { sealedText, ...data } = event.data;
    const text = await this.texts.openEntry(data.userId, data.entryId, sealedText);
    return text && { ...event, data: { ...data, ...text } };
  }

  async purgeSubject(subjectId: string): Promise<void> {
    await this.model.deleteOne({ _id: subjectId });
  }

  async reset(): Promise<void> {
    await this.model.deleteMany({});
  }
}
