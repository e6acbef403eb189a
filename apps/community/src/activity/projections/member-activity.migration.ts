import { weekStartOf } from '@abide/calendar';
import { unchanged } from '@abide/event-store';
import type { MigrationLog } from '@abide/platform';
import { setFact, setHabitField } from '../domain/member-activity';
import { forgottenPerson, type Person, withPersonField } from '../domain/person';
import type { ActivityFactView, HabitFactView, LegacyPersonView } from './activity.schema';
import type { MemberActivityStore } from './member-activity.store';

/** Their markers in `community_migrations` (community.migration.ts). */
export const MEMBER_ACTIVITY_MARKER = 'member-activity-documents';
export const MEMBER_PEOPLE_MARKER = 'member-people-documents';
export const ACTIVITY_WEEKS_MARKER = 'member-activity-weeks';

/*
 * `member_activity` and `member_people` are filled once from the collections that held habits and facts one document
 * each, and from `people` (plain documents written under a per-process lock, before compare-and-set). Their source is
 * identity's and formation's events through Kafka, which community cannot replay from its own log, so the old
 * collections are read instead. Each record is merged by its versions, like an event: a value that arrives meanwhile
 * is neither lost nor overwritten, and a run cut short is simply run again at the next start.
 */

/** Fills `member_activity` from the habits and facts kept one document each. */
export async function fillMemberActivity(store: MemberActivityStore, log: MigrationLog): Promise<void> {
  const started = Date.now();
  const [habits, facts] = await Promise.all([
    store.legacyHabits.find().lean<HabitFactView[]>(),
    store.legacyFacts.find().lean<ActivityFactView[]>(),
  ]);
  const byUser = new Map<string, { habits: HabitFactView[]; facts: ActivityFactView[] }>();
  const of = (userId: string) => byUser.get(userId) ?? byUser.set(userId, { habits: [], facts: [] }).get(userId)!;
  for (const habit of habits) of(habit.userId).habits.push(habit);
  for (const fact of facts) of(fact.userId).facts.push(fact);
  for (const [userId, records] of byUser) {
    await store.update(userId, async (doc, edit) => {
      let changed = false;
      for (const h of records.habits) {
        if (h.frequency) changed = setHabitField(doc, h._id, 'frequency', h.frequencyVersion, h.frequency) || changed;
        if (h.status) changed = setHabitField(doc, h._id, 'status', h.statusVersion, h.status) || changed;
      }
      for (const f of records.facts) {
        const fact = { kind: f.kind, habitId: f.habitId, date: f.date, done: f.done, at: new Date(f.at).toISOString() };
        changed = (await edit(weekStartOf(f.date), (facts) => setFact(facts, f._id, f.version, fact))) || changed;
      }
      return changed;
    });
  }
  if (byUser.size) log.log(`Moved the activity of ${byUser.size} member(s) to member_activity in ${Date.now() - started} ms`);
}

/** Fills `member_people` from `people`. */
export async function fillMemberPeople(store: MemberActivityStore, log: MigrationLog): Promise<void> {
  const legacy = await store.legacyPeople.find().lean<LegacyPersonView[]>();
  for (const old of legacy) {
    await store.people.update(old._id, (current) => {
      if (old.deleted) return current?.deleted ? unchanged : forgottenPerson();
      let person: Person | null = current;
      for (const field of ['name', 'timeZone', 'shareProgress'] as const) {
        const value = old[field];
        if (value === null || value === undefined) continue;
        person = withPersonField(person, field, old[`${field}Version`] ?? 0, value as never) ?? person;
      }
      return person ?? unchanged;
    });
  }
  if (legacy.length) log.log(`Moved ${legacy.length} person(s) to member_people`);
}

/**
 * Rewrites every member's activity document written before it was kept by week (activity-weeks.ts): its past weeks
 * closed into their archives, its open weeks' figures set, and its facts stored apart from them. Each is otherwise
 * rewritten at its member's next fact; a member who no longer writes would keep their whole history in it. A
 * compare-and-set each, so live writes meanwhile are kept.
 */
export async function keepActivityByWeek(store: MemberActivityStore, log: MigrationLog): Promise<void> {
  const started = Date.now();
  const ids = await store.activity.model.find({ state: { $ne: null } }, { _id: 1 }).lean<Array<{ _id: string }>>();
  for (const { _id } of ids) await store.update(_id, () => false);
  if (ids.length) log.log(`Kept the activity of ${ids.length} member(s) by week in ${Date.now() - started} ms`);
}
