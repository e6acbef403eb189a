import type { EventEnvelope, HabitFrequency } from '@abide/contracts';
import type { ActivityFigures, HabitStatus, MemberActivity } from './domain/member-activity';
import type { MembershipMarksOf } from './projections/activity-documents';
import type { NewFact, PersonView } from './projections/member-activity.store';

/**
 * What other community features may use of members' activity (docs/structure.md, "Ports"): the people and their dated
 * facts as community keeps them (read by the figures, written from other services' events), and the pure figures
 * computed from them. The facts are activity's own; MemberActivityStore answers both ports (app.module.ts).
 */
/** MembershipMarksOf: where a member's groups and churches are read from when their document does not keep them yet. */
export type { MembershipMarksOf, NewFact, PersonView };
export { peopleDocuments } from './projections/people';
export { type MembershipMarksWriter, membershipMarksWriter } from './projections/activity-documents';
export { type Person, sharesProgress } from './domain/person';
export { weeklyProgress, weekStreak } from './domain/group-figures';
export { anyDoneSince, habitCheckIns, latestDone, weekCounts } from './domain/activity-weeks';
export {
  type ActivityFigures,
  countFacts,
  emptyActivity,
  type Facts,
  type FactKind,
  habitsOf,
  isActive,
  type MemberActivity,
  type MembershipMark,
  type MembershipMarks,
  membershipIds,
  setFact,
} from './domain/member-activity';

/** Members and their activity as the group and church figures read them: one read by key each. */
export abstract class MemberActivityQueries {
  abstract peopleByIds(ids: readonly string[]): Promise<PersonView[]>;
  abstract activitiesOf(userIds: readonly string[]): Promise<Map<string, ActivityFigures>>;
}

/**
 * What other services' events change of a member's activity and person, and their erasure. A change of the activity
 * answers the document as stored after it (null when the member is gone), its groups and churches included.
 */
export abstract class MemberActivityChanges {
  abstract named(userId: string, version: number, name: string): Promise<void>;
  abstract zoned(userId: string, version: number, timeZone: string): Promise<void>;
  abstract sharing(userId: string, version: number, shareProgress: boolean): Promise<void>;
  abstract habitFrequency(
    e: EventEnvelope,
    habitId: string,
    userId: string,
    frequency: HabitFrequency,
    marksOf: MembershipMarksOf,
  ): Promise<MemberActivity | null>;
  abstract habitStatus(
    e: EventEnvelope,
    habitId: string,
    userId: string,
    status: HabitStatus,
    marksOf: MembershipMarksOf,
  ): Promise<MemberActivity | null>;
  /** A fact keyed by what it is about; its stream's version decides between a late duplicate and an undo. */
  abstract fact(e: EventEnvelope, id: string, fact: NewFact, marksOf: MembershipMarksOf): Promise<MemberActivity | null>;
  /** A week's plan replaced: the member's check-offs of that week not carried over leave the figures (`changed` when any did). */
  abstract planReplaced(
    e: EventEnvelope,
    userId: string,
    week: { from: string; to: string },
    keep: ReadonlySet<string>,
    marksOf: MembershipMarksOf,
  ): Promise<{ changed: boolean; doc: MemberActivity | null }>;
  /** Keeps a tombstone only, then forgets every habit and fact of theirs. */
  abstract forget(userId: string): Promise<void>;
}
