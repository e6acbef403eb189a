import { addDays, type LocalDate, weekStartOf } from '@abide/calendar';
import { CHECK_IN_WINDOW_DAYS, type WeekCounts } from '@abide/contracts';
import {
  type Activities,
  type ActivityFigures,
  type ClosedWeek,
  countFacts,
  type Fact,
  type Facts,
  type LatestDone,
  type MemberActivity,
  type WeekFigures,
} from './member-activity';

/*
 * A member's activity by week. Every write of their document sets what each open week adds up to (its figures), so
 * the cards, dashboards and church weeks read figures, never facts. Weeks are closed to keep the document the same size
 * however long the member's history: the facts of a week that can no longer change in the ordinary course move to
 * that week's archive, one document per member and week, and the document keeps the week's figures. A fact that still
 * arrives for a closed week (a journal entry deleted months later, an event delivered late) changes the archive, by
 * the same version rules as an open fact, and the document takes the archive's new figures: nothing is approximated,
 * only moved.
 */

/**
 * How many days after its date a fact may still change in the ordinary course: a check-in or its undo up to
 * CHECK_IN_WINDOW_DAYS back in the member's calendar, a day more for a zone ahead of UTC, and a day of margin. (A plan's
 * check-offs are of its current week, and a journal fact is dated the day the entry is written.)
 */
const OPEN_DAYS = CHECK_IN_WINDOW_DAYS + 2;

const NO_COUNTS: WeekCounts = { checkIns: 0, planActivities: 0, journalDays: 0 };

/** The first week still open on `today` (the UTC date): the weeks before it are closed at the member's next write. */
export const firstOpenWeek = (today: LocalDate): LocalDate => weekStartOf(addDays(today, -OPEN_DAYS));

// ---- figures ----

/** What a set of facts of one week adds up to. */
export const figuresOf = (facts: Iterable<Fact>): WeekFigures => {
  const done = [...facts].filter((fact) => fact.done);
  const habitCheckIns: Record<string, number> = {};
  let latest: LatestDone | null = null;
  for (const fact of done) {
    if (fact.kind === 'check-in' && fact.habitId) habitCheckIns[fact.habitId] = (habitCheckIns[fact.habitId] ?? 0) + 1;
    if (!latest || Date.parse(fact.at) > Date.parse(latest.at)) latest = { kind: fact.kind, at: fact.at };
  }
  return { counts: countFacts(done), latest, habitCheckIns };
};

/** The figures of every week the document's open facts are in: set with every write of the document. */
export const openWeekFigures = (facts: Facts): Record<LocalDate, WeekFigures> => {
  const byWeek = new Map<LocalDate, Fact[]>();
  for (const fact of Object.values(facts)) {
    const week = weekStartOf(fact.date);
    (byWeek.get(week) ?? byWeek.set(week, []).get(week)!).push(fact);
  }
  return Object.fromEntries([...byWeek].map(([week, list]) => [week, figuresOf(list)]));
};

/**
 * A week's figures (null: nothing in it): closed, open, or counted from the facts of a document written before open
 * weeks had figures (which keeps its facts in it).
 */
export const weekFigures = (doc: ActivityFigures, week: LocalDate): WeekFigures | null => {
  const kept = doc.weeks?.[week] ?? doc.openWeeks?.[week];
  if (kept || doc.openWeeks) return kept ?? null;
  const facts = Object.values(doc.facts ?? {}).filter((fact) => weekStartOf(fact.date) === week);
  return facts.length ? figuresOf(facts) : null;
};

/** A member's counts in one week (Sunday to Saturday of the dates their own zone gave their facts). */
export const weekCounts = (doc: ActivityFigures, week: LocalDate): WeekCounts => weekFigures(doc, week)?.counts ?? NO_COUNTS;

/** How many times each of a member's habits was checked in during one week. */
export const habitCheckIns = (doc: ActivityFigures, week: LocalDate): Record<string, number> => weekFigures(doc, week)?.habitCheckIns ?? {};

/** The member's latest done fact, by when it was done, over every week. */
export const latestOfMember = (doc: ActivityFigures): LatestDone | null => {
  const candidates = doc.openWeeks
    ? Object.values(doc.openWeeks).map((week) => week.latest)
    : Object.values(doc.facts ?? {}).filter((fact) => fact.done);
  let latest: LatestDone | null = null;
  for (const candidate of [...candidates, ...Object.values(doc.weeks ?? {}).map((week) => week.latest)]) {
    if (candidate && (!latest || Date.parse(candidate.at) > Date.parse(latest.at))) latest = { kind: candidate.kind, at: candidate.at };
  }
  return latest;
};

/** The latest done fact of these members, by when it was done. */
export const latestDone = (activities: Activities, userIds: readonly string[]): (LatestDone & { userId: string }) | null =>
  userIds.reduce<(LatestDone & { userId: string }) | null>((latest, userId) => {
    const doc = activities.get(userId);
    const mine = doc ? latestOfMember(doc) : null;
    return mine && (!latest || Date.parse(mine.at) > Date.parse(latest.at)) ? { userId, ...mine } : latest;
  }, null);

export const anyDoneSince = (activities: Activities, userIds: readonly string[], since: Date): boolean => {
  const latest = latestDone(activities, userIds);
  return latest !== null && Date.parse(latest.at) >= since.getTime();
};

// ---- closing ----

/** A week's facts as archived: by what they are about, and a stamp every change of them advances. */
export interface ArchivedWeek {
  facts: Facts;
  stamp: number;
}

export const emptyArchivedWeek = (): ArchivedWeek => ({ facts: {}, stamp: 0 });

export const isClosedWeek = (doc: MemberActivity, week: LocalDate): boolean => doc.closedBefore !== undefined && week < doc.closedBefore;

/** The document's open facts dated before `firstOpen`, by week: what closing those weeks moves to their archives. */
export const factsToClose = (doc: MemberActivity, firstOpen: LocalDate): Map<LocalDate, Facts> => {
  const byWeek = new Map<LocalDate, Facts>();
  for (const [id, fact] of Object.entries(doc.facts)) {
    const week = weekStartOf(fact.date);
    if (week >= firstOpen) continue;
    (byWeek.get(week) ?? byWeek.set(week, {}).get(week)!)[id] = fact;
  }
  return byWeek;
};

/** Merges facts into an archive's, each kept where its version is newer than the one there. True when any changed. */
export const mergeFacts = (into: Facts, facts: Facts): boolean => {
  let changed = false;
  for (const [id, fact] of Object.entries(facts)) {
    if ((into[id]?.version ?? 0) >= fact.version) continue;
    into[id] = { ...fact };
    changed = true;
  }
  return changed;
};

/** What an archived week adds up to, as the member's document keeps it. */
export const closedWeekOf = (archived: ArchivedWeek): ClosedWeek => ({ ...figuresOf(Object.values(archived.facts)), stamp: archived.stamp });

/**
 * Keeps a closed week's figures from its archive unless the document has them from the same or a newer stamp (two
 * replicas that changed the archive one after the other may write the document in the other order). True when kept.
 */
export const keepClosedWeek = (doc: MemberActivity, week: LocalDate, archived: ArchivedWeek): boolean => {
  if ((doc.weeks?.[week]?.stamp ?? -1) >= archived.stamp) return false;
  (doc.weeks ??= {})[week] = closedWeekOf(archived);
  return true;
};

/**
 * Closes the weeks before `firstOpen` once their facts are in their archives (`archived`, by week, as written): their
 * figures are kept, their facts leave the document, and `closedBefore` moves on. True when the document changed.
 */
export const closeWeeks = (doc: MemberActivity, firstOpen: LocalDate, archived: ReadonlyMap<LocalDate, ArchivedWeek>): boolean => {
  let changed = false;
  for (const [week, archive] of archived) changed = keepClosedWeek(doc, week, archive) || changed;
  for (const [id, fact] of Object.entries(doc.facts)) {
    if (weekStartOf(fact.date) >= firstOpen) continue;
    delete doc.facts[id];
    changed = true;
  }
  if (!doc.closedBefore || doc.closedBefore < firstOpen) {
    doc.closedBefore = firstOpen;
    changed = true;
  }
  return changed;
};
