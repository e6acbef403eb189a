import { Inject, Injectable } from '@nestjs/common';
import { ERASED, type Projection, type StoredEvent, withDocument } from '@abide/event-store';
import { type Connection, type Model, Schema } from 'mongoose';
import { applyToJournalList, emptyJournalList, type JournalList } from '../domain/journal-list';
import { JOURNAL_CONNECTION } from '../journal-store';

/** The list as one JSON string: FerretDB v1 decodes a large nested document slowly, and nothing queries inside it. */
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
  readonly name = 'journal-lists';
  readonly handles = ['formation.journal.entry-saved', 'formation.journal.entry-removed'] as const;
  /** Added after members had written: filled from the private log once, at the first start that has it. */
  readonly backfill = true;
  private readonly model: Model<JournalListDocument>;

  constructor(@Inject(JOURNAL_CONNECTION) connection: Connection) {
    this.model = connection.models.JournalList ?? connection.model<JournalListDocument>('JournalList', journalListSchema);
  }

  async apply(event: StoredEvent<'formation.journal.entry-saved' | 'formation.journal.entry-removed'>): Promise<void> {
    const data = event.data;
    // An erased event belongs to a deleted account: nothing to list, and its document is gone for good.
    if (event.type === 'formation.journal.entry-saved' && event.data.content === ERASED) return;
    await withDocument(this.model as unknown as Model<unknown>, data.userId, async () => {
      const doc = await this.model.findById(data.userId).lean<JournalListDocument>();
      const list = doc ? (JSON.parse(doc.list) as JournalList) : emptyJournalList();
      if (!applyToJournalList(list, event)) return;
      // A removal replayed for a member with no list (a deleted account) leaves nothing behind.
      if (!doc && list.entries.length === 0) return;
      await this.model.updateOne({ _id: data.userId }, { $set: { list: JSON.stringify(list) } }, { upsert: true });
    });
  }

  /** The member's journal (empty before their first entry): one read by key. */
  async read(userId: string): Promise<JournalList> {
    const doc = await this.model.findById(userId).lean<JournalListDocument>();
    return doc ? (JSON.parse(doc.list) as JournalList) : emptyJournalList();
  }

  async purgeSubject(subjectId: string): Promise<void> {
    await this.model.deleteOne({ _id: subjectId });
  }

  async reset(): Promise<void> {
    await this.model.deleteMany({});
  }
}
