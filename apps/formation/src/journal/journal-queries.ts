import { Inject, Injectable, Optional } from '@nestjs/common';
import type { JournalEntry } from '@abide/contracts';
import { DomainError } from '@abide/platform';
import { CLOCK, type Clock } from '../config/clock';
import type { FilterQuery } from 'mongoose';
import { MemberProjection } from '../members/projections/member.projection';
import { localDateOf, weekStartOf } from '../stats/domain/local-day';
import { writingStreak } from './domain/writing-streak';
import { JournalEntryProjection } from './projections/journal-entry.projection';
import type { JournalEntryView } from './projections/journal-entry.schema';

export const toJournalEntry = (view: JournalEntryView): JournalEntry => ({
  id: view._id,
  content: view.content,
  scriptureReference: view.scriptureReference,
  mood: view.mood,
  gratitude: view.gratitude,
  isPrivate: view.isPrivate,
  draft: view.draft,
  wordCount: view.wordCount,
  preview: view.preview,
  createdAt: view.createdAt.toISOString(),
  updatedAt: view.updatedAt.toISOString(),
});

/** Regex special characters are matched literally: a search is text, never a pattern. */
export const escapeRegex = (text: string): string => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

export interface ListQuery {
  page: number;
  pageSize: number;
  q?: string;
  drafts: boolean;
}

/** The journal's read side: always scoped to the caller, so another member's entry simply does not exist. */
@Injectable()
export class JournalQueries {
  constructor(
    private readonly entries: JournalEntryProjection,
    private readonly members: MemberProjection,
    @Optional() @Inject(CLOCK) private readonly clock: Clock = () => new Date(),
  ) {}

  async list(userId: string, query: ListQuery) {
    const filter: FilterQuery<JournalEntryView> = { userId, removed: false, draft: query.drafts };
    const q = query.q?.trim();
    if (q) {
      const pattern = { $regex: escapeRegex(q), $options: 'i' };
      filter.$or = [{ content: pattern }, { scriptureReference: pattern }, { gratitude: pattern }];
    }
    const [items, total] = await Promise.all([
      this.entries.model
        .find(filter)
        .sort({ createdAt: -1, _id: -1 })
        .skip((query.page - 1) * query.pageSize)
        .limit(query.pageSize)
        .lean<JournalEntryView[]>(),
      this.entries.model.countDocuments(filter),
    ]);
    return { items: items.map(toJournalEntry), total, page: query.page, pageSize: query.pageSize };
  }

  /** Every entry of the member, drafts included, for "Download my data". */
  async exportFor(userId: string): Promise<JournalEntry[]> {
    const items = await this.entries.model.find({ userId, removed: false }).sort({ createdAt: 1 }).lean<JournalEntryView[]>();
    return items.map(toJournalEntry);
  }

  async get(userId: string, entryId: string): Promise<JournalEntry> {
    const view = await this.entries.model.findOne({ _id: entryId, userId, removed: false }).lean<JournalEntryView>();
    if (!view) throw DomainError.notFound('The journal entry');
    return toJournalEntry(view);
  }

  async stats(userId: string) {
    const now = this.clock();
    const timeZone = await this.members.timeZoneOf(userId);
    const today = localDateOf(now, timeZone);
    const written = await this.entries.model
      .find({ userId, removed: false, draft: false }, { localDate: 1, wordCount: 1 })
      .lean<Pick<JournalEntryView, 'localDate' | 'wordCount'>[]>();
    const weekStart = weekStartOf(today);
    return {
      totalEntries: written.length,
      writingStreak: writingStreak(
        written.map((e) => e.localDate),
        today,
      ).current,
      wordsThisWeek: written.filter((e) => e.localDate >= weekStart && e.localDate <= today).reduce((sum, e) => sum + e.wordCount, 0),
    };
  }
}
