import type { HabitFrequency, WeekCounts } from '@abide/contracts';

export type FactKind = 'check-in' | 'plan-activity' | 'journal';
export type HabitStatus = 'active' | 'paused' | 'archived';

/**
 * One member's activity as community knows it from formation's events, kept as one document keyed by the member so
 * the cards and the dashboard cost a read per member however many members and facts the service holds. Habits keep
 * a version per field and facts a version each (their streams' versions): a late duplicate changes nothing and an
 * undo that overtook its check-in still wins. Never any content: ids, dates and schedules only.
 */
export interface MemberActivity {
  habits: Record<string, { frequency: HabitFrequency | null; frequencyVersion: number; status: HabitStatus | null; statusVersion: number }>;
  /** By what the fact is about: habitId:date, planId:activityId, journal:entryId. */
  facts: Record<string, { kind: FactKind; habitId: string | null; date: string; done: boolean; at: string; version: number }>;
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

export const emptyActivity = (): MemberActivity => ({ habits: {}, facts: {} });

/**
 * Merges marks into the document, each kept when its stream's version is newer than the one kept, and the kind's
 * record made when absent (so it is complete from then on: callers pass every mark the member's read model has).
 * True when anything changed.
 */
export const markMemberships = (doc: MemberActivity, kind: keyof MembershipMarks, marks: Record<string, MembershipMark>): boolean => {
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

/** Records a fact when `version` is newer than the one recorded for it. False when it was not. */
export const setFact = (
  doc: MemberActivity,
  id: string,
  version: number,
  fact: Omit<MemberActivity['facts'][string], 'version'>,
): boolean => {
  if ((doc.facts[id]?.version ?? 0) >= version) return false;
  doc.facts[id] = { ...fact, version };
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
  doc: MemberActivity,
  week: { from: string; to: string },
  version: number,
  keep: ReadonlySet<string>,
): boolean => {
  let changed = false;
  for (const [id, fact] of Object.entries(doc.facts)) {
    if (fact.kind !== 'plan-activity' || !fact.done || fact.version >= version || keep.has(id)) continue;
    if (fact.date < week.from || fact.date > week.to) continue;
    doc.facts[id] = { ...fact, done: false, version };
    changed = true;
  }
  return changed;
};

/** A done fact of one member, as the figures read it. */
export interface DoneFact {
  userId: string;
  kind: FactKind;
  habitId: string | null;
  date: string;
  at: string;
}

export type Activities = ReadonlyMap<string, MemberActivity>;

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

export const doneFacts = (activities: Activities, userIds: readonly string[]): DoneFact[] =>
  userIds.flatMap((userId) =>
    Object.values(activities.get(userId)?.facts ?? {})
      .filter((f) => f.done)
      .map((f) => ({ userId, kind: f.kind, habitId: f.habitId, date: f.date, at: f.at })),
  );

/** Done facts of these members dated on or after `from`. */
export const factsSince = (activities: Activities, userIds: readonly string[], from: string): DoneFact[] =>
  doneFacts(activities, userIds).filter((f) => f.date >= from);

/** The latest done fact of these members, by when it was done. */
export const latestDone = (activities: Activities, userIds: readonly string[]): DoneFact | null =>
  doneFacts(activities, userIds).reduce<DoneFact | null>(
    (latest, f) => (!latest || Date.parse(f.at) > Date.parse(latest.at) ? f : latest),
    null,
  );

export const anyDoneSince = (activities: Activities, userIds: readonly string[], since: Date): boolean =>
  doneFacts(activities, userIds).some((f) => Date.parse(f.at) >= since.getTime());
