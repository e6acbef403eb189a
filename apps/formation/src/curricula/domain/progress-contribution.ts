/**
 * How one member's plan weeks count in their curricula's progress, as pure data: each plan week that followed a
 * curriculum week (its key, `{churchId}:{curriculumId}:{week}`) counts the member once and each curriculum activity
 * they checked off there, when they share their progress with that curriculum's church (#26). Changes are applied as differences between two
 * contributions, so a check-off, an undo, a switch of curriculum week and a change of sharing are all one rule.
 */

/** One plan week: the curriculum activities it held per key followed, and those done. */
export interface PlanContribution {
  /** The plan stream's version last applied. */
  v: number;
  /** The key the plan follows now (null: none). */
  current: string | null;
  /** Per key the plan followed: its curriculum activity ids. */
  ids: Record<string, string[]>;
  /** Per key: the ones checked off. */
  done: Record<string, string[]>;
}

export interface MemberProgress {
  /** Per church: whether the member shares their progress with it (off unless recorded on). */
  churches: Record<string, boolean>;
  /** The member stream's version of the last sharing change applied. */
  sharingV: number;
  /** Per plan stream. */
  plans: Record<string, PlanContribution>;
}

/** What a member adds to one key's figures. */
export interface KeyFigures {
  members: number;
  done: number;
  activities: Record<string, number>;
}

export const progressKey = (churchId: string, curriculumId: string, week: number) => `${churchId}:${curriculumId}:${week}`;
const churchOfKey = (key: string): string => key.slice(0, key.indexOf(':'));

const figuresOf = (member: MemberProgress | null): Map<string, KeyFigures> => {
  const figures = new Map<string, KeyFigures>();
  if (!member) return figures;
  for (const plan of Object.values(member.plans)) {
    for (const key of Object.keys(plan.ids)) {
      // Only the churches the member shares with see them in their curricula's figures.
      if (member.churches?.[churchOfKey(key)] !== true) continue;
      const f = figures.get(key) ?? { members: 0, done: 0, activities: {} };
      f.members += 1;
      for (const id of plan.done[key] ?? []) {
        f.done += 1;
        f.activities[id] = (f.activities[id] ?? 0) + 1;
      }
      figures.set(key, f);
    }
  }
  return figures;
};

/** Per key, what changes from `before` to `after` (keys with no change are left out). */
export const progressDelta = (before: MemberProgress | null, after: MemberProgress | null): Map<string, KeyFigures> => {
  const [a, b] = [figuresOf(before), figuresOf(after)];
  const delta = new Map<string, KeyFigures>();
  for (const key of new Set([...a.keys(), ...b.keys()])) {
    const [x, y] = [a.get(key), b.get(key)];
    const d: KeyFigures = { members: (y?.members ?? 0) - (x?.members ?? 0), done: (y?.done ?? 0) - (x?.done ?? 0), activities: {} };
    for (const id of new Set([...Object.keys(x?.activities ?? {}), ...Object.keys(y?.activities ?? {})])) {
      const change = (y?.activities[id] ?? 0) - (x?.activities[id] ?? 0);
      if (change !== 0) d.activities[id] = change;
    }
    if (d.members !== 0 || d.done !== 0 || Object.keys(d.activities).length > 0) delta.set(key, d);
  }
  return delta;
};

/** The plan week now follows `key` (or none), with these curriculum activities; done ones of earlier keys stay theirs. */
export const followKey = (plan: PlanContribution | undefined, key: string | null, ids: string[], v: number): PlanContribution => {
  const base = plan ?? { v: 0, current: null, ids: {}, done: {} };
  const next = { ...base, v, current: key, ids: { ...base.ids }, done: { ...base.done } };
  if (key) {
    next.ids[key] = ids;
    next.done[key] = (next.done[key] ?? []).filter((id) => ids.includes(id));
  }
  return next;
};

/** A check-off (or its undo) of an activity, counted under the key whose activity it is. */
export const checkOff = (plan: PlanContribution, activityId: string, done: boolean, v: number): PlanContribution => {
  const key =
    plan.current && plan.ids[plan.current]?.includes(activityId)
      ? plan.current
      : Object.keys(plan.ids).find((k) => plan.ids[k].includes(activityId));
  if (!key) return { ...plan, v };
  const current = plan.done[key] ?? [];
  const next = done ? (current.includes(activityId) ? current : [...current, activityId]) : current.filter((id) => id !== activityId);
  return { ...plan, v, done: { ...plan.done, [key]: next } };
};

/**
 * A (re)generated week: only the check-offs it carried over (`kept`) stay done, each under the key it was counted in;
 * a key the week followed before counts on only while one of its activities is kept done.
 */
export const regenerated = (
  previous: PlanContribution | undefined,
  key: string | null,
  ids: string[],
  kept: ReadonlySet<string>,
  v: number,
): PlanContribution => {
  const done: Record<string, string[]> = {};
  const held: Record<string, string[]> = {};
  for (const [k, keyIds] of Object.entries(previous?.ids ?? {})) {
    const still = (previous?.done[k] ?? []).filter((id) => kept.has(id));
    if (still.length === 0) continue;
    held[k] = keyIds;
    done[k] = still;
  }
  return followKey({ v, current: null, ids: held, done }, key, ids, v);
};
