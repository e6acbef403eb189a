import { Injectable } from '@nestjs/common';
import type { LocalDate } from '@abide/calendar';
import { RemindableHabits } from '../habits/habits.port';
import { JournalDays } from '../journal/journal.port';
import { ActivityDays } from '../stats/stats.port';
import type { NudgeActivity, NudgeHabit } from './domain/due-nudges';

/**
 * What the scan reads besides members, each from the feature that owns it: habits with a reminder time, what
 * members did (habit check-ins and plan activities from stats' activity calendars, finished entries from the journal).
 */
@Injectable()
export class NudgeSources {
  constructor(
    private readonly habits: RemindableHabits,
    private readonly activityDays: ActivityDays,
    private readonly journal: JournalDays,
  ) {}

  async remindableHabits(userIds: readonly string[]): Promise<NudgeHabit[]> {
    return (await this.habits.remindable(userIds)).map((h) => ({ ...h, isActive: true, archived: false }));
  }

  async activity(userIds: readonly string[], from: LocalDate, to: LocalDate): Promise<NudgeActivity[]> {
    const [days, entries] = await Promise.all([
      this.activityDays.between(userIds, from, to),
      this.journal.writtenBetween(userIds, from, to),
    ]);
    return [
      ...days.map((d) => ({ userId: d.userId, localDate: d.date, ...(d.source === 'habit' ? { habitId: d.ref } : {}) })),
      ...entries.map((e) => ({ userId: e.userId, localDate: e.localDate })),
    ];
  }
}
