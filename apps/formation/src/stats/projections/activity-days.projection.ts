import { Inject, Injectable } from '@nestjs/common';
import type { Projection, StoredEvent } from '@abide/event-store';
import { MONGO_CONNECTION } from '@abide/platform';
import type { Connection, Model } from 'mongoose';
import { activityOf } from '../domain/activity-calendar';
import type { LocalDate } from '@abide/calendar';
import { type ActivityDayView, activityDayViewSchema, type ActivitySource } from './activity-days.schema';

const keyOf = (userId: string, source: ActivitySource, ref: string, date: LocalDate) => `${userId}|${source}|${ref}|${date}`;

/**
 * Days on which a member did something, one document per thing done (what the nudges' scan reads; My Plan reads
 * the member's ActivityCalendarProjection instead): completed habit check-ins and plan activities from formation's
 * own events, and journal entries through `record`/`forget`, which the journal feature calls with the entry's local
 * date and id (`ref`), e.g. on save and on delete.
 */
@Injectable()
export class ActivityDays implements Projection<(typeof ActivityDays.eventTypes)[number]> {
  static readonly eventTypes = [
    'formation.habit.checked-in',
    'formation.habit.check-in-undone',
    'formation.plan.activity-completed',
    'formation.plan.activity-uncompleted',
  ] as const;
  readonly name = 'activity-days';
  readonly handles = ActivityDays.eventTypes;
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

  async apply(event: StoredEvent<(typeof ActivityDays.eventTypes)[number]>): Promise<void> {
    const activity = activityOf(event);
    if (!activity) return;
    const { userId, date, source, ref, done } = activity;
    return done ? this.record(userId, date, source, ref) : this.forget(userId, date, source, ref);
  }

  /** What these members did between two local dates (inclusive): each thing once, with the day it counts for. */
  async between(
    userIds: readonly string[],
    from: LocalDate,
    to: LocalDate,
  ): Promise<Array<Pick<ActivityDayView, 'userId' | 'date' | 'source' | 'ref'>>> {
    return this.model
      .find({ userId: { $in: [...userIds] }, date: { $gte: from, $lte: to } }, { userId: 1, date: 1, source: 1, ref: 1 })
      .lean<ActivityDayView[]>();
  }

  async purgeSubject(subjectId: string): Promise<void> {
    await this.model.deleteMany({ userId: subjectId });
  }

  /** A rebuild replays habits and plans; journal days are the journal's to replay, so they are kept. */
  async reset(): Promise<void> {
    await this.model.deleteMany({ source: { $in: ['habit', 'plan'] } });
  }
}
