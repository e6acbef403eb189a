import { Inject, Injectable } from '@nestjs/common';
import { MONGO_CONNECTION } from '@abide/platform';
import type { Connection } from 'mongoose';
import { JournalEntryProjection } from '../journal/projections/journal-entry.projection';
import type { LocalDate } from '@abide/calendar';
import type { NudgeActivity, NudgeHabit, NudgeHabitFrequency } from './domain/due-nudges';

interface HabitDoc {
  _id: string;
  userId: string;
  name: string;
  reminderTime: string | null;
  isActive: boolean;
  archived: boolean;
  frequency: NudgeHabitFrequency | 'daily' | 'weekly';
}

/**
 * What the scan reads besides members: habits with a reminder time (the habits read model) and what members did
 * (habit check-ins and plan activities from the activity days, journal entries from the journal). Read-only.
 */
@Injectable()
export class NudgeSources {
  constructor(
    @Inject(MONGO_CONNECTION) private readonly connection: Connection,
    private readonly journal: JournalEntryProjection,
  ) {}

  async remindableHabits(userIds: readonly string[]): Promise<NudgeHabit[]> {
    const docs = await this.connection
      .collection<HabitDoc>('habits')
      .find({ userId: { $in: [...userIds] }, reminderTime: { $nin: [null, ''] }, isActive: true, archived: false })
      .toArray();
    return docs.map((d) => ({
      habitId: d._id,
      userId: d.userId,
      name: d.name,
      reminderTime: d.reminderTime,
      isActive: d.isActive,
      archived: d.archived,
      frequency: typeof d.frequency === 'string' ? { kind: d.frequency } : (d.frequency ?? { kind: 'daily' }),
    }));
  }

  async activity(userIds: readonly string[], from: LocalDate, to: LocalDate): Promise<NudgeActivity[]> {
    const ids = [...userIds];
    const [days, entries] = await Promise.all([
      this.connection
        .collection<{ userId: string; date: string; source: string; ref: string }>('activity_days')
        .find({ userId: { $in: ids }, date: { $gte: from, $lte: to } })
        .toArray(),
      this.journal.model
        .find({ userId: { $in: ids }, localDate: { $gte: from, $lte: to }, draft: false, removed: false }, { userId: 1, localDate: 1 })
        .lean<Array<{ userId: string; localDate: string }>>(),
    ]);
    return [
      ...days.map((d) => ({ userId: d.userId, localDate: d.date, ...(d.source === 'habit' ? { habitId: d.ref } : {}) })),
      ...entries.map((e) => ({ userId: e.userId, localDate: e.localDate })),
    ];
  }
}
