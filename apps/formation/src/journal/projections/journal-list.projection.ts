import { Inject, Injectable } from '@nestjs/common';
import {
  EventStore,
  type Followed,
  type Projection,
  type StoredEvent,
  StreamOrderedDocuments,
  unchanged,
  VersionedDocuments,
} from '@abide/event-store';
import type { Connection } from 'mongoose';
import { applyToJournalList, emptyJournalList, type JournalList, type JournalListEvent } from '../domain/journal-list';
import { JOURNAL_CONNECTION, JOURNAL_STORE } from '../journal-store';
import { JournalTexts } from '../journal-texts';
import { dropRetiredCollections } from '@abide/platform';

type JournalEventType = 'formation.journal.entry-saved' | 'formation.journal.entry-removed';
const journalEventTypes: readonly string[] = ['formation.journal.entry-saved', 'formation.journal.entry-removed'];

/**
 * One member's journal as one keyed document (`_id` = the member), in the journal's private database beside the
 * entries: what the Journal page lists, searches and counts. The list is kept sealed with the member's key, as one
 * string (FerretDB v1 decodes a large nested document slowly, nothing queries inside it, and the member's reads and
 * searches open it whole). Every entry is a stream of the private log; each is applied in its order by
 * compare-and-set, so any number of replicas can write one member's list at the same moment.
 */
@Injectable()
export class JournalListProjection implements Projection<JournalEventType> {
  /**
   * Renamed when the list became sealed, and again when it began to keep its entries' positions for compare-and-set
   * writes in a collection of its own: the first start that has it fills it from the log.
   */
  readonly name = 'journal-lists-ordered';
  readonly handles = ['formation.journal.entry-saved', 'formation.journal.entry-removed'] as const;
  readonly backfill = true;
  private readonly lists: StreamOrderedDocuments<string>;

  constructor(
    @Inject(JOURNAL_CONNECTION) private readonly connection: Connection,
    @Inject(JOURNAL_STORE) log: EventStore,
    private readonly texts: JournalTexts,
  ) {
    this.lists = new StreamOrderedDocuments(new VersionedDocuments<Followed<string>>(connection, 'journal_lists_ordered'), log);
  }

  async apply(event: StoredEvent<JournalEventType>): Promise<void> {
    await this.lists.apply(event.data.userId, event, (sealed, next) => this.change(sealed, next), isJournalEvent);
  }

  /** The member's journal (empty before their first entry): one read by key, opened with the member's key. */
  async read(userId: string): Promise<JournalList> {
    const sealed = await this.lists.value(userId);
    return (sealed ? await this.texts.openList<JournalList>(userId, sealed) : null) ?? emptyJournalList();
  }

  /** The sealed list with one more event applied (a pure function of what it is given: a lost race calls it again). */
  private async change(sealed: string | null, event: StoredEvent): Promise<string | null | typeof unchanged> {
    const opened = await this.opened(event as StoredEvent<JournalEventType>);
    // Words no one can read any more belong to an erased account: nothing to list, and its document is gone for good.
    if (!opened) return unchanged;
    const { userId } = event.data as { userId: string };
    const list = sealed ? await this.texts.openList<JournalList>(userId, sealed) : emptyJournalList();
    if (!list || !applyToJournalList(list, opened)) return unchanged;
    // A removal replayed for a member with no list (a deleted account) leaves nothing behind.
    if (!sealed && list.entries.length === 0) return unchanged;
    return this.texts.sealList(userId, list);
  }

  /** The event as the list reads it, its words opened; null when they cannot be any more. */
  private async opened(event: StoredEvent<JournalEventType>): Promise<JournalListEvent | null> {
    if (event.type === 'formation.journal.entry-removed') return event;
    const { sealedText, ...data } = event.data;
    const text = await this.texts.openEntry(data.userId, data.entryId, sealedText);
    return text && { ...event, data: { ...data, ...text } };
  }

  async purgeSubject(subjectId: string): Promise<void> {
    await this.lists.delete(subjectId);
  }

  async reset(): Promise<void> {
    await this.lists.clear();
    await dropRetiredCollections(this.connection, 'journal_lists');
  }
}

const isJournalEvent = (event: StoredEvent): boolean => journalEventTypes.includes(event.type);
