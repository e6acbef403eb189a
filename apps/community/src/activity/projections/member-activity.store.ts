import { Inject, Injectable } from '@nestjs/common';
import type { EventEnvelope, HabitFrequency } from '@abide/contracts';
import { applyIfNewer } from '@abide/event-store';
import { MONGO_CONNECTION } from '@abide/platform';
import type { Connection, Model } from 'mongoose';
import {
  type ActivityFactView,
  activityFactViewSchema,
  type HabitFactView,
  habitFactViewSchema,
  type PersonView,
  personViewSchema,
} from './activity.schema';
import { setIfNewer } from './set-if-newer';

/**
 * Community's knowledge of members from identity's and formation's events: names, zones and sharing choices,
 * habit schedules, and dated facts of activity. Every write is idempotent and order-tolerant (versions).
 */
@Injectable()
export class MemberActivityStore {
  readonly people: Model<PersonView>;
  readonly habits: Model<HabitFactView>;
  readonly facts: Model<ActivityFactView>;

  constructor(@Inject(MONGO_CONNECTION) connection: Connection) {
    this.people = connection.model<PersonView>('PersonView', personViewSchema);
    this.habits = connection.model<HabitFactView>('HabitFactView', habitFactViewSchema);
    this.facts = connection.model<ActivityFactView>('ActivityFactView', activityFactViewSchema);
  }

  // ---- identity ----
  async named(userId: string, version: number, name: string): Promise<void> {
    await setIfNewer(this.people, userId, 'name', version, { name });
  }

  async zoned(userId: string, version: number, timeZone: string): Promise<void> {
    await setIfNewer(this.people, userId, 'timeZone', version, { timeZone });
  }

  async sharing(userId: string, version: number, shareProgress: boolean): Promise<void> {
    await setIfNewer(this.people, userId, 'shareProgress', version, { shareProgress });
  }

  /** Keeps a tombstone only: no name, no zone; and forgets every habit and fact of theirs. */
  async forget(userId: string): Promise<void> {
    await this.people.updateOne(
      { _id: userId },
      { $set: { deleted: true, name: null, timeZone: null, shareProgress: null } },
      { upsert: true },
    );
    await Promise.all([this.habits.deleteMany({ userId }), this.facts.deleteMany({ userId })]);
  }

  private async isGone(userId: string): Promise<boolean> {
    return Boolean(await this.people.exists({ _id: userId, deleted: true }));
  }

  // ---- formation ----
  async habitFrequency(e: EventEnvelope, habitId: string, userId: string, frequency: HabitFrequency): Promise<void> {
    if (await this.isGone(userId)) return;
    await setIfNewer(this.habits, habitId, 'frequency', e.version, { userId, frequency });
  }

  async habitStatus(e: EventEnvelope, habitId: string, userId: string, status: HabitFactView['status']): Promise<void> {
    if (await this.isGone(userId)) return;
    await setIfNewer(this.habits, habitId, 'status', e.version, { userId, status });
  }

  /** A fact keyed by what it is about; its stream's version decides between a late duplicate and an undo. */
  async fact(e: EventEnvelope, id: string, fact: Omit<ActivityFactView, '_id' | 'version' | 'at'> & { at?: string }): Promise<void> {
    if (await this.isGone(fact.userId)) return;
    await applyIfNewer(this.facts, id, e.version, { $set: { ...fact, at: new Date(fact.at ?? e.occurredAt) } });
  }

  // ---- reads ----
  peopleByIds(ids: readonly string[]): Promise<PersonView[]> {
    return this.people.find({ _id: { $in: [...ids] } }).lean<PersonView[]>();
  }

  habitsOf(userIds: readonly string[]): Promise<HabitFactView[]> {
    return this.habits.find({ userId: { $in: [...userIds] } }).lean<HabitFactView[]>();
  }

  /** Done facts of these members dated on or after `from`. */
  factsSince(userIds: readonly string[], from: string): Promise<ActivityFactView[]> {
    return this.facts.find({ userId: { $in: [...userIds] }, done: true, date: { $gte: from } }).lean<ActivityFactView[]>();
  }

  async latestDone(userIds: readonly string[]): Promise<ActivityFactView | null> {
    if (!userIds.length) return null;
    return this.facts
      .findOne({ userId: { $in: [...userIds] }, done: true })
      .sort({ at: -1 })
      .lean<ActivityFactView>();
  }

  async anyDoneSince(userIds: readonly string[], since: Date): Promise<boolean> {
    if (!userIds.length) return false;
    return Boolean(await this.facts.exists({ userId: { $in: [...userIds] }, done: true, at: { $gte: since } }));
  }
}
