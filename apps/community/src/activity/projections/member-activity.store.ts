import { Inject, Injectable } from '@nestjs/common';
import type { EventEnvelope, HabitFrequency } from '@abide/contracts';
import { withDocument } from '@abide/event-store';
import { MONGO_CONNECTION } from '@abide/platform';
import type { Connection, Model } from 'mongoose';
import { type JsonDocument, jsonDocumentModel, readJson, writeJson } from '../../read-models/json-document';
import { emptyActivity, type HabitStatus, type MemberActivity, setFact, setHabitField } from '../domain/member-activity';
import {
  type ActivityFactView,
  activityFactViewSchema,
  type HabitFactView,
  habitFactViewSchema,
  type PersonView,
  personViewSchema,
} from './activity.schema';
import { setIfNewer } from './set-if-newer';

export interface NewFact {
  kind: ActivityFactView['kind'];
  userId: string;
  habitId: string | null;
  date: string;
  done: boolean;
  at?: string;
}

/**
 * Community's knowledge of members from identity's and formation's events: names, zones and sharing choices
 * (`people`), and each member's habit schedules and dated facts of activity as one document keyed by the member
 * (`member_activity`). Every write is idempotent and order-tolerant (versions), and by key only.
 */
@Injectable()
export class MemberActivityStore {
  readonly people: Model<PersonView>;
  readonly activity: Model<JsonDocument>;
  /** Where habits and facts were kept one document each, before `member_activity`: read once by the migration. */
  readonly legacyHabits: Model<HabitFactView>;
  readonly legacyFacts: Model<ActivityFactView>;

  constructor(@Inject(MONGO_CONNECTION) connection: Connection) {
    this.people = connection.model<PersonView>('PersonView', personViewSchema);
    this.activity = jsonDocumentModel(connection, 'MemberActivity', 'member_activity');
    this.legacyHabits = connection.model<HabitFactView>('HabitFactView', habitFactViewSchema);
    this.legacyFacts = connection.model<ActivityFactView>('ActivityFactView', activityFactViewSchema);
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
    await withDocument(this.people as unknown as Model<unknown>, userId, () =>
      this.people.updateOne(
        { _id: userId },
        { $set: { deleted: true, name: null, timeZone: null, shareProgress: null } },
        { upsert: true },
      ),
    );
    await withDocument(this.activity as unknown as Model<unknown>, userId, () => this.activity.deleteOne({ _id: userId }));
    // Rare (account deletion): the scan of what the migration left behind is fine here.
    await Promise.all([this.legacyHabits.deleteMany({ userId }), this.legacyFacts.deleteMany({ userId })]);
  }

  private async isGone(userId: string): Promise<boolean> {
    return (await this.people.findById(userId, { deleted: 1 }).lean<{ deleted?: boolean }>())?.deleted === true;
  }

  /**
   * A read-modify-write of one member's activity document. The tombstone is looked at inside, so a write racing the
   * account's deletion either lands before it (and is deleted) or sees it.
   */
  async update(userId: string, change: (doc: MemberActivity) => boolean): Promise<void> {
    await withDocument(this.activity as unknown as Model<unknown>, userId, async () => {
      if (await this.isGone(userId)) return;
      const doc = await readJson(this.activity, userId, emptyActivity);
      if (change(doc)) await writeJson(this.activity, userId, doc);
    });
  }

  // ---- formation ----
  habitFrequency(e: EventEnvelope, habitId: string, userId: string, frequency: HabitFrequency): Promise<void> {
    return this.update(userId, (doc) => setHabitField(doc, habitId, 'frequency', e.version, frequency));
  }

  habitStatus(e: EventEnvelope, habitId: string, userId: string, status: HabitStatus): Promise<void> {
    return this.update(userId, (doc) => setHabitField(doc, habitId, 'status', e.version, status));
  }

  /** A fact keyed by what it is about; its stream's version decides between a late duplicate and an undo. */
  fact(e: EventEnvelope, id: string, fact: NewFact): Promise<void> {
    const { userId, at, ...rest } = fact;
    return this.update(userId, (doc) => setFact(doc, id, e.version, { ...rest, at: new Date(at ?? e.occurredAt).toISOString() }));
  }

  // ---- reads: one by key per member, in parallel ----
  async peopleByIds(ids: readonly string[]): Promise<PersonView[]> {
    const people = await Promise.all([...new Set(ids)].map((id) => this.people.findById(id).lean<PersonView>()));
    return people.filter((p): p is PersonView => p !== null);
  }

  async activitiesOf(userIds: readonly string[]): Promise<Map<string, MemberActivity>> {
    const ids = [...new Set(userIds)];
    const docs = await Promise.all(ids.map((id) => readJson(this.activity, id, emptyActivity)));
    return new Map(ids.map((id, i) => [id, docs[i]]));
  }
}
