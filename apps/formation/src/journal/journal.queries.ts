import { Inject, Injectable, Optional } from '@nestjs/common';
import type { JournalEntry } from '@abide/contracts';
import { DomainError } from '@abide/platform';
import { CLOCK, type Clock } from '../config/clock';
import { MemberQueries } from '../members/members.port';
import { localDateOf } from '@abide/calendar';
import type { JournalEntryText } from '@abide/contracts';
import { entryPreview } from './domain/entry-preview';
import type { OpenEntry } from './domain/journal-entry.decider';
import { journalFigures, journalPage, type ListQuery, toJournalEntry } from './domain/journal-list';
import { countWords } from './domain/word-count';
import { JournalTexts } from './journal-texts';
import { JournalEntryProjection, savedEntryView } from './projections/journal-entry.projection';
import type { StoredEvent } from '@abide/event-store';
import type { JournalEntryView } from './projections/journal-entry.schema';
import { JournalListProjection } from './projections/journal-list.projection';

export type { ListQuery } from './domain/journal-list';

const entryOf = (view: JournalEntryView, text: JournalEntryText): JournalEntry =>
  toJournalEntry({
    ...view,
    ...text,
    id: view._id,
    mood: view.mood as OpenEntry['mood'],
    wordCount: countWords(text.content),
    preview: entryPreview(text.content),
    createdAt: view.createdAt.toISOString(),
    updatedAt: view.updatedAt.toISOString(),
  });

/**
 * The journal's read side: always scoped to the caller, so another member's entry simply does not exist. The list,
 * the export and the figures read the member's journal list by key; one entry is read by its own key. Both are sealed
 * with the member's key and opened here, for the member only.
 */
@Injectable()
export class JournalQueries {
  constructor(
    private readonly entries: JournalEntryProjection,
    private readonly lists: JournalListProjection,
    private readonly members: MemberQueries,
    private readonly texts: JournalTexts,
    @Optional() @Inject(CLOCK) private readonly clock: Clock = () => new Date(),
  ) {}

  async list(userId: string, query: ListQuery) {
    return journalPage(await this.lists.read(userId), query);
  }

  /** Every entry of the member, drafts included, oldest first, for "Download my data". */
  async exportFor(userId: string): Promise<JournalEntry[]> {
    const { entries } = await this.lists.read(userId);
    return entries.map(toJournalEntry).reverse();
  }

  /**
   * A new entry as the event that created it states it (read-your-writes without reading back: the entry's document
   * is exactly this until a later change); the entry read by key when the event is not the caller's creation.
   */
  async created(userId: string, entryId: string, saved: StoredEvent | null): Promise<JournalEntry> {
    const event = saved as StoredEvent<'formation.journal.entry-saved'> | null;
    if (event?.type !== 'formation.journal.entry-saved' || event.version !== 1 || event.data.entryId !== entryId || event.data.userId !== userId) {
      return this.get(userId, entryId);
    }
    const text = await this.texts.openEntry(userId, entryId, event.data.sealedText);
    if (!text) throw DomainError.notFound('The journal entry');
    return entryOf({ _id: entryId, version: 1, ...savedEntryView(event, event.data.sealedText) }, text);
  }

  async get(userId: string, entryId: string): Promise<JournalEntry> {
    // By `_id` alone (any other field in the filter makes FerretDB v1 scan), then checked here.
    const view = await this.entries.model.findById(entryId).lean<JournalEntryView>();
    if (!view || view.userId !== userId || view.removed || !view.sealedText) throw DomainError.notFound('The journal entry');
    const text = await this.texts.openEntry(userId, entryId, view.sealedText);
    if (!text) throw DomainError.notFound('The journal entry');
    return entryOf(view, text);
  }

  async stats(userId: string) {
    const [timeZone, list] = await Promise.all([this.members.timeZoneOf(userId), this.lists.read(userId)]);
    return journalFigures(list, localDateOf(this.clock(), timeZone));
  }
}
