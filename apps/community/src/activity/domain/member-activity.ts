import type { LocalDate } from '@abide/calendar';
import type { HabitFrequency, WeekCounts } from '@abide/contracts';

export type FactKind = 'check-in' | 'plan-activity' | 'journal';
export type HabitStatus = 'active' | 'paused' | 'archived';

/** A dated fact of a member's activity, with the version of the stream that set it last. */
export interface Fact {
  kind: FactKind;
  habitId: string | null;
  date: LocalDate;
  done: boolean;
  at: string;
  version: number;
}

/** Facts by what they are about: habitId:date, planId:activityId, journal:entryId. */
export type Facts = Record<string, Fact>;

/** A member's latest done fact: what and when. */
export interface LatestDone {
  kind: FactKind;
  at: string;
}

/** What a week's facts add up to (activity-weeks.ts): its counts, its latest done fact, and each habit's check-ins. */
export interface WeekFigures {
  counts: WeekCounts;
  latest: LatestDone | null;
  habitCheckIns: Record<string, number>;
}

/**
 * A closed week's figures as the member's document keeps them, computed from the week's archive at its `stamp` (a
 * newer stamp replaces them, an older one never does).
 */
export interface ClosedWeek extends WeekFigures {
  stamp: number;
}

/**
 * One member's activity as community knows it from formation's events, kept as one document keyed by the member so
 * the cards and the dashboard cost a read per member however many members and facts the service holds. Habits keep
 * a version per field and facts a version each (their streams' versions): a late duplicate changes nothing and an
 * undo that overtook its check-in still wins. Never any content: ids, dates and schedules only.
 *
 * The facts of the weeks that can still change are kept one by one; older weeks are closed (activity-weeks.ts): their
 * facts move to one archive document per week and this document keeps what each adds up to, so it stays the same
 * size however long the member's history is. Every write also sets each open week's figures, and the facts are stored
 * apart from the rest (ActivityDocuments): the cards, dashboards and church weeks read the figures only
 * (ActivityFigures).
 */
export interface MemberActivity {
  habits: Record<string, { frequency: HabitFrequency | null; frequencyVersion: number; status: HabitStatus | null; statusVersion: number }>;
  /** The facts of open weeks (every week before `closedBefore` is closed); all of them in a document never closed. */
  facts: Facts;
  /** The first week still open when weeks were last closed (absent: none closed yet). */
  closedBefore?: LocalDate;
  /** What each closed week adds up to, by its Sunday. */
  weeks?: Record<LocalDate, ClosedWeek>;
  /** What each open week with a fact adds up to, by its Sunday, as of this write (absent from a document written before). */
  openWeeks?: Record<LocalDate, WeekFigures>;
  /** Counted when this document's revision was the group cards' stamp of the member; no longer moved, still in old documents. */
  touches?: number;
  /**
   * The groups the member belongs to or asked to join, and their churches, as their memberships read models say
   * (MembershipMarks): kept here so that a fact, written by compare-and-set, tells the groups and churches it changes
   * from the document it wrote, with no read of another. Absent from a document not written since they were kept.
   */
  groups?: Record<string, MembershipMark>;
  churches?: Record<string, MembershipMark>;
}

/** Whether the member is in a group or church (or waits to join a group), as of `version` of its stream. */
export interface MembershipMark {
  in: boolean;
  version: number;
}

/** A member's marks of each kind; their stream's version orders them, so copies merged in any order end up equal. */
export interface MembershipMarks {
  groups: Record<string, MembershipMark>;
  churches: Record<string, MembershipMark>;
}

/** A member's activity as the figures read it: everything but the facts, which only a document written before keeps in it. */
export type ActivityFigures = Omit<MemberActivity, 'facts'> & Partial<Pick<MemberActivity, 'facts'>>;

export const emptyActivity = (): MemberActivity => ({ habits: {}, facts: {}, openWeeks: {} });

/**
 * Merges marks into the document, each kept when its stream's version is newer than the one kept, and the kind's
 * record made when absent (so it is complete from then on: callers pass every mark the member's read model has).
 * True when anything changed.
 */
export const markMemberships = (doc: Partial<MembershipMarks>, kind: keyof MembershipMarks, marks: Record<string, MembershipMark>): boolean => {
  let changed = !doc[kind];
  const kept = (doc[kind] ??= {});
  for (const [id, mark] of Object.entries(marks)) {
    if ((kept[id]?.version ?? 0) >= mark.version) continue;
    kept[id] = { in: mark.in, version: mark.version };
    changed = true;
  }
  return changed;
};

/** The ids the member is in of a kind, or null when the document does not keep that kind yet. */
export const membershipIds = (doc: MemberActivity, kind: keyof MembershipMarks): string[] | null => {
  const kept = doc[kind];
  return kept ? Object.keys(kept).filter((id) => kept[id].in) : null;
};

/** Sets a habit's frequency or status when `version` is newer than the one that set it. False when it was not. */
export const setHabitField = <F extends 'frequency' | 'status'>(
  doc: MemberActivity,
  habitId: string,
  field: F,
  version: number,
  value: F extends 'frequency' ? HabitFrequency : HabitStatus,
): boolean => {
  const habit = (doc.habits[habitId] ??= { frequency: null, frequencyVersion: 0, status: null, statusVersion: 0 });
  const versionField = `${field}Version` as const;
  if (habit[versionField] >= version) return false;
  (habit as Record<string, unknown>)[field] = value;
  habit[versionField] = version;
  return true;
};

/** Records a fact (in a document's open facts or a week's archive) when `version` is newer than the one recorded for it. False when it was not. */
export const setFact = (facts: Facts, id: string, version: number, fact: Omit<Fact, 'version'>): boolean => {
  if ((facts[id]?.version ?? 0) >= version) return false;
  facts[id] = { ...fact, version };
  return true;
};

/**
 * A week's plan was replaced (a regeneration, or its undo): its check-offs are now exactly the ones the event carried
 * over (`keep`, as `planId:activityId`), as the member's plan shows them. Every other done plan activity of the member
 * dated in that week and older than the event is withdrawn. Since v3 a regeneration carries over every check-off, so
 * this withdraws nothing; a regeneration before v3 kept none (its upcaster says `carriedOver: []`), so the check-offs
 * it erased leave the figures too. Activities are dated in their plan's week (a check-off is always of the current
 * week's plan), so a fact in that week is a fact of that plan's stream, and versions compare. True when any changed.
 */
export const withdrawReplacedPlanFacts = (
  facts: Facts,
  week: { from: string; to: string },
  version: number,
  keep: ReadonlySet<string>,
): boolean => {
  let changed = false;
  for (const [id, fact] of Object.entries(facts)) {
    if (fact.kind !== 'plan-activity' || !fact.done || fact.version >= version || keep.has(id)) continue;
    if (fact.date < week.from || fact.date > week.to) continue;
    facts[id] = { ...fact, done: false, version };
    changed = true;
  }
  return changed;
};

export type Activities = ReadonlyMap<string, ActivityFigures>;

/** What a set of done facts adds up to: check-ins, plan activities, and the days with a journal entry. */
export const countFacts = (facts: Iterable<{ kind: FactKind; date: string }>): WeekCounts => {
  const counts = { checkIns: 0, planActivities: 0, journalDays: 0 };
  const journalDays = new Set<string>();
  for (const fact of facts) {
    if (fact.kind === 'check-in') counts.checkIns++;
    else if (fact.kind === 'plan-activity') counts.planActivities++;
    else journalDays.add(fact.date);
  }
  return { ...counts, journalDays: journalDays.size };
};

/** True when a member did anything in the counted period. */
export const isActive = (counts: WeekCounts): boolean => counts.checkIns + counts.planActivities + counts.journalDays > 0;

export const habitsOf = (activities: Activities, userIds: readonly string[]) =>
  userIds.flatMap((userId) =>
    Object.entries(activities.get(userId)?.habits ?? {}).map(([id, h]) => ({ id, userId, frequency: h.frequency, status: h.status })),
  );
