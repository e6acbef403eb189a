import { Inject, Injectable } from '@nestjs/common';
import type { EventEnvelope, HabitFrequency } from '@abide/contracts';
import { unchanged, type VersionedDocuments } from '@abide/event-store';
import { MONGO_CONNECTION } from '@abide/platform';
import { localDateOf, weekStartOf } from '@abide/calendar';
import type { Connection, Model } from 'mongoose';
import { CLOCK, type Clock } from '../../config/clock';
import {
  type ActivityFigures,
  emptyActivity,
  type HabitStatus,
  type MemberActivity,
  setFact,
  setHabitField,
  withdrawReplacedPlanFacts,
} from '../domain/member-activity';
import { forgottenPerson, type Person, type PersonField, withPersonField } from '../domain/person';
import {
  type ActivityFactView,
  activityFactViewSchema,
  type HabitFactView,
  habitFactViewSchema,
  type LegacyPersonView,
  legacyPersonViewSchema,
} from './activity.schema';
import { type ActivityChange, ActivityDocuments, type MembershipMarksOf } from './activity-documents';

/** A person as the figures read them: their document and its key. */
export type PersonView = Person & { _id: string };

export interface NewFact {
  kind: ActivityFactView['kind'];
  userId: string;
  habitId: string | null;
  date: string;
  done: boolean;
  at?: string;
}

/**
 * Community's knowledge of members from identity's and formation's events (through Kafka: there is no local log to
 * rebuild them from): names, zones and sharing choices (`member_people`), and each member's habit schedules and dated
 * facts of activity as one document keyed by the member (`member_activity`). Every write is a compare-and-set of one
 * document by key (VersionedDocuments), so replicas applying events of one member at the same moment all land; each
 * value keeps the version of the source stream that set it, so a redelivered or older event changes nothing.
 */
@Injectable()
export class MemberActivityStore {
  readonly people: VersionedDocuments<Person>;
  readonly activity: VersionedDocuments<MemberActivity>;
  /** Where people, habits and facts were kept before: read once by the migration, cleared of a deleted member. */
  readonly legacyPeople: Model<LegacyPersonView>;
  readonly legacyHabits: Model<HabitFactView>;
  readonly legacyFacts: Model<ActivityFactView>;

  private readonly documents: ActivityDocuments;

  constructor(
    @Inject(MONGO_CONNECTION) connection: Connection,
    @Inject(CLOCK) private readonly clock: Clock,
  ) {
    this.documents = new ActivityDocuments(connection);
    this.people = this.documents.people;
    this.activity = this.documents.activity;
    this.legacyPeople = connection.model<LegacyPersonView>('LegacyPersonView', legacyPersonViewSchema);
    this.legacyHabits = connection.model<HabitFactView>('HabitFactView', habitFactViewSchema);
    this.legacyFacts = connection.model<ActivityFactView>('ActivityFactView', activityFactViewSchema);
  }

  // ---- identity ----
  named(userId: string, version: number, name: string): Promise<void> {
    return this.personField(userId, 'name', version, name);
  }

  zoned(userId: string, version: number, timeZone: string): Promise<void> {
    return this.personField(userId, 'timeZone', version, timeZone);
  }

  sharing(userId: string, version: number, shareProgress: boolean): Promise<void> {
    return this.personField(userId, 'shareProgress', version, shareProgress);
  }

  /** Sets one field of the person when `version` of their identity stream is newer than the one that set it. */
  private async personField<F extends PersonField>(userId: string, field: F, version: number, value: Person[F]): Promise<void> {
    await this.people.update(userId, (current) => withPersonField(current, field, version, value) ?? unchanged);
  }

  /**
   * Keeps a tombstone only (no name, no zone), then forgets every habit and fact of theirs. The tombstone comes first:
   * an activity write racing it either lands before the activity is cleared or sees the tombstone (see `update`).
   */
  async forget(userId: string): Promise<void> {
    await this.people.update(userId, (current) => (current?.deleted ? unchanged : forgottenPerson()));
    await this.activity.update(userId, () => null);
    // Rare (account deletion): the scans of the archived weeks and of what the migrations left behind are fine here.
    await Promise.all([
      this.documents.forgetArchivedWeeks(userId),
      this.legacyPeople.deleteOne({ _id: userId }),
      this.legacyHabits.deleteMany({ userId }),
      this.legacyFacts.deleteMany({ userId }),
    ]);
  }

  /**
   * A compare-and-set of one member's activity document (ActivityDocuments.update), closing the weeks that are over
   * by today (activity-weeks.ts) in the same write.
   */
  update(userId: string, change: ActivityChange, marksOf?: MembershipMarksOf): Promise<MemberActivity | null> {
    return this.documents.update(userId, change, { marksOf, today: localDateOf(this.clock(), 'UTC') });
  }

  // ---- formation ----
  habitFrequency(e: EventEnvelope, habitId: string, userId: string, frequency: HabitFrequency, marksOf: MembershipMarksOf) {
    return this.update(userId, (doc) => setHabitField(doc, habitId, 'frequency', e.version, frequency), marksOf);
  }

  habitStatus(e: EventEnvelope, habitId: string, userId: string, status: HabitStatus, marksOf: MembershipMarksOf) {
    return this.update(userId, (doc) => setHabitField(doc, habitId, 'status', e.version, status), marksOf);
  }

  /** A fact keyed by what it is about; its stream's version decides between a late duplicate and an undo. */
  fact(e: EventEnvelope, id: string, fact: NewFact, marksOf: MembershipMarksOf): Promise<MemberActivity | null> {
    const { userId, at, ...rest } = fact;
    const recorded = { ...rest, at: new Date(at ?? e.occurredAt).toISOString() };
    return this.update(userId, (_doc, edit) => edit(weekStartOf(fact.date), (facts) => setFact(facts, id, e.version, recorded)), marksOf);
  }

  /**
   * A week's plan replaced (regenerated, or its regeneration undone): the member's check-offs of that week not carried
   * over leave the figures (withdrawReplacedPlanFacts); `changed` when any did.
   */
  async planReplaced(
    e: EventEnvelope,
    userId: string,
    week: { from: string; to: string },
    keep: ReadonlySet<string>,
    marksOf: MembershipMarksOf,
  ): Promise<{ changed: boolean; doc: MemberActivity | null }> {
    let changed = false;
    const doc = await this.update(
      userId,
      async (_doc, edit) => (changed = await edit(week.from, (facts) => withdrawReplacedPlanFacts(facts, week, e.version, keep))),
      marksOf,
    );
    return { changed, doc };
  }

  // ---- reads: one read by key for all the members asked about ----
  async peopleByIds(ids: readonly string[]): Promise<PersonView[]> {
    return [...(await this.people.getMany(ids))].map(([_id, person]) => ({ ...person, _id }));
  }

  /** Each member's figures, without their facts (ActivityFigures): the engine sends no fact. */
  async activitiesOf(userIds: readonly string[]): Promise<Map<string, ActivityFigures>> {
    const docs = await this.activity.getSummaries<'facts'>(userIds);
    return new Map([...new Set(userIds)].map((id) => [id, docs.get(id) ?? emptyActivity()]));
  }
}
