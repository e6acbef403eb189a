import { Inject, Injectable } from '@nestjs/common';
import type { EventEnvelope } from '@abide/contracts';
import type { Projection } from '@abide/event-store';
import { MONGO_CONNECTION } from '@abide/platform';
import type { Connection, Model } from 'mongoose';
import type { ActivityDays as ActivityDayLists } from '../domain/activity-streak';
import type { LocalDate } from '../domain/local-day';
import { type ActivityDayView, activityDayViewSchema, type ActivitySource } from './activity-days.schema';

const keyOf = (userId: string, source: ActivitySource, ref: string, date: LocalDate) => `${userId}|${source}|${ref}|${date}`;

/**
 * Days on which a member did something (My Plan's Current Streak and Total Days): completed habit
 * check-ins and plan activities from formation's own events, and journal entries through `record`/`forget`,
 * which the journal feature calls with the entry's local date and id (`ref`), e.g. on save and on delete.
 */
@Injectable()
export class ActivityDays implements Projection {
  readonly name = 'activity-days';
  readonly handles = [
    'formation.habit.checked-in',
    'formation.habit.check-in-undone',
    'formation.plan.activity-completed',
    'formation.plan.activity-uncompleted',
  ] as const;
  private readonly model: Model<ActivityDayView>;

  constructor(@Inject(MONGO_CONNECTION) connection: Connection) {
    this.model = connection.model<ActivityDayView>('ActivityDayView', activityDayViewSchema);
  }

  /** Something of `source` (identified by `ref`, e.g. a journal entry id) happened on the member's local `date`. */
  async record(userId: string, date: LocalDate, source: ActivitySource, ref = ''): Promise<void> {
    await this.model.updateOne({ _id: keyOf(userId, source, ref, date) }, { $set: { userId, date, source, ref } }, { upsert: true });
  }

  /** Undoes `record` (an un-check, a deleted entry); the day stays active while anything else remains on it. */
  async forget(userId: string, date: LocalDate, source: ActivitySource, ref = ''): Promise<void> {
    await this.model.deleteOne({ _id: keyOf(userId, source, ref, date) });
  }

  async apply(event: EventEnvelope): Promise<void> {
    const data = event.data as { userId: string; date: string; habitId?: string; planId?: string; activityId?: string };
    switch (event.type) {
      case 'formation.habit.checked-in':
        return this.record(data.userId, data.date, 'habit', data.habitId);
      case 'formation.habit.check-in-undone':
        return this.forget(data.userId, data.date, 'habit', data.habitId);
      case 'formation.plan.activity-completed':
        return this.record(data.userId, data.date, 'plan', `${data.planId}:${data.activityId}`);
      case 'formation.plan.activity-uncompleted':
        return this.forget(data.userId, data.date, 'plan', `${data.planId}:${data.activityId}`);
    }
  }

  /** The dates of each source (duplicates removed), ready for `activityStreak`. */
  async listsOf(userId: string): Promise<ActivityDayLists & { journalEntries: LocalDate[] }> {
    const docs = await this.model.find({ userId }, { date: 1, source: 1 }).lean<Array<Pick<ActivityDayView, 'date' | 'source'>>>();
    const of = (source: ActivitySource) => [...new Set(docs.filter((d) => d.source === source).map((d) => d.date))];
    return { habitCheckIns: of('habit'), planActivities: of('plan'), journalEntries: of('journal') };
  }

  async purgeSubject(subjectId: string): Promise<void> {
    await this.model.deleteMany({ userId: subjectId });
  }

  /** A rebuild replays habits and plans; journal days are the journal's to replay, so they are kept. */
  async reset(): Promise<void> {
    await this.model.deleteMany({ source: { $in: ['habit', 'plan'] } });
  }
}
