import { CURRICULUM_MAX_DAY_ACTIVITIES, type CurriculumContentView } from '@abide/contracts';
import type { CurriculumWorkingContent } from '@abide/contracts';
import type { SaveCurriculumDraftDto } from '../../shared/api/generated/abideApi';

/**
 * The editor's copy of a curriculum draft, with ids on every week and activity (new ones get theirs here, so
 * drag and drop and the server's progress both follow the same item). Pure functions, one per change.
 */
export interface ActivityDraft {
  id: string;
  name: string;
  description: string;
  durationMinutes: number;
  scripture: string;
  reflectionPrompt: string;
}
export interface WeekDraft {
  id: string;
  title: string;
  summary: string;
  /** Sunday first: seven days of activities. */
  days: ActivityDraft[][];
}
export interface Draft {
  title: string;
  description: string;
  weeks: WeekDraft[];
}

export const dayNames = ['Sunday', 'Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday'] as const;

const newId = () => crypto.randomUUID();

export const draftOf = (content: CurriculumContentView): Draft => ({
  title: content.title,
  description: content.description,
  weeks: content.weeks.map((w) => ({
    id: w.id,
    title: w.title,
    summary: w.summary,
    days: dayNames.map((_, i) =>
      (w.days[i]?.activities ?? []).map((a) => ({ ...a, scripture: a.scripture ?? '', reflectionPrompt: a.reflectionPrompt ?? '' })),
    ),
  })),
});

export const toRequest = (draft: Draft, revision: number): SaveCurriculumDraftDto => ({
  revision,
  title: draft.title,
  description: draft.description,
  weeks: draft.weeks.map((w) => ({
    id: w.id,
    title: w.title,
    summary: w.summary,
    days: w.days.map((activities) => ({
      activities: activities.map((a) => ({ ...a, scripture: a.scripture.trim() || null, reflectionPrompt: a.reflectionPrompt.trim() || null })),
    })),
  })),
});

/** The editor's draft as it is kept between saves (unfinished: nothing trimmed or checked). */
export const toWorkingContent = (draft: Draft): CurriculumWorkingContent => ({
  title: draft.title,
  description: draft.description,
  weeks: draft.weeks.map((w) => ({
    id: w.id,
    title: w.title,
    summary: w.summary,
    days: w.days.map((activities) => ({ activities: activities.map((a) => ({ ...a, scripture: a.scripture || null, reflectionPrompt: a.reflectionPrompt || null })) })),
  })),
});

const plural = (n: number, one: string, many: string) => `${n} ${n === 1 ? one : many}`;

/**
 * What `current` changes in `saved`, as a person would list it ("2 weeks added", "the title"): what leaving without
 * saving would lose. Empty when they are the same.
 */
export const describeChanges = (saved: Draft, current: Draft): string[] => {
  const savedWeeks = new Map(saved.weeks.map((w) => [w.id, w]));
  const currentIds = new Set(current.weeks.map((w) => w.id));
  const added = current.weeks.filter((w) => !savedWeeks.has(w.id)).length;
  const removed = saved.weeks.filter((w) => !currentIds.has(w.id)).length;
  const activities = (d: Draft) => new Map(d.weeks.flatMap((w) => w.days.flat().map((a) => [a.id, JSON.stringify(a)] as const)));
  const [before, after] = [activities(saved), activities(current)];
  const activitiesAdded = [...after.keys()].filter((id) => !before.has(id)).length;
  const activitiesRemoved = [...before.keys()].filter((id) => !after.has(id)).length;
  const activitiesEdited = [...after].filter(([id, a]) => before.has(id) && before.get(id) !== a).length;
  const weeksEdited = current.weeks.filter((w) => {
    const was = savedWeeks.get(w.id);
    return was && (was.title !== w.title || was.summary !== w.summary);
  }).length;
  const order = (d: Draft) => d.weeks.map((w) => w.id).filter((id) => savedWeeks.has(id) && currentIds.has(id)).join();
  const placement = (d: Draft) => d.weeks.map((w) => w.days.map((day) => day.map((a) => a.id).join()).join('|')).join('/');
  const changes = [
    saved.title !== current.title ? 'the title' : '',
    saved.description !== current.description ? 'the description' : '',
    added ? `${plural(added, 'week', 'weeks')} added` : '',
    removed ? `${plural(removed, 'week', 'weeks')} removed` : '',
    weeksEdited ? `${plural(weeksEdited, 'week’s title or summary', 'weeks’ titles or summaries')} edited` : '',
    order(saved) !== order(current) ? 'the order of the weeks' : '',
    activitiesAdded ? `${plural(activitiesAdded, 'activity', 'activities')} added` : '',
    activitiesRemoved ? `${plural(activitiesRemoved, 'activity', 'activities')} removed` : '',
    activitiesEdited ? `${plural(activitiesEdited, 'activity', 'activities')} edited` : '',
  ].filter(Boolean);
  // Activities moved between days or places, with nothing else changed.
  if (changes.length === 0 && placement(saved) !== placement(current)) changes.push('activities moved');
  return changes;
};

export const newWeek = (number: number): WeekDraft => ({ id: newId(), title: `Week ${number}`, summary: '', days: dayNames.map(() => []) });
export const newActivity = (): ActivityDraft => ({ id: newId(), name: '', description: '', durationMinutes: 15, scripture: '', reflectionPrompt: '' });

/** `list` with the item at `from` moved to `to`. */
export const moved = <T>(list: readonly T[], from: number, to: number): T[] => {
  const next = [...list];
  const [item] = next.splice(from, 1);
  next.splice(to, 0, item);
  return next;
};

export const updateWeek = (draft: Draft, weekId: string, change: (w: WeekDraft) => WeekDraft): Draft => ({
  ...draft,
  weeks: draft.weeks.map((w) => (w.id === weekId ? change(w) : w)),
});

/** Puts the activity on `day` (at its end when it moves there from another day), replacing it where it was. */
export const putActivity = (week: WeekDraft, activity: ActivityDraft, day: number): WeekDraft => {
  const from = week.days.findIndex((d) => d.some((a) => a.id === activity.id));
  const days = week.days.map((d) => [...d]);
  if (from === day) days[day] = days[day].map((a) => (a.id === activity.id ? activity : a));
  else {
    if (from >= 0) days[from] = days[from].filter((a) => a.id !== activity.id);
    days[day] = [...days[day], activity];
  }
  return { ...week, days };
};

/** Where an activity is in a week: its day and its place on that day. */
export const placeOfActivity = (days: readonly ActivityDraft[][], activityId: string): { day: number; index: number } | undefined => {
  const day = days.findIndex((d) => d.some((a) => a.id === activityId));
  return day < 0 ? undefined : { day, index: days[day].findIndex((a) => a.id === activityId) };
};

/** Whether `day` can take one more activity from another day (the server's limit a day). */
export const dayHasRoom = (days: readonly ActivityDraft[][], day: number): boolean => days[day].length < CURRICULUM_MAX_DAY_ACTIVITIES;

/**
 * The week's days with the activity moved to `day`, at `index` (its end when left out): within its day or to
 * another one. The same `days` when there is nothing to move or the other day is full.
 */
export const moveActivity = (days: ActivityDraft[][], activityId: string, day: number, index?: number): ActivityDraft[][] => {
  const from = placeOfActivity(days, activityId);
  if (!from || !days[day] || (from.day !== day && !dayHasRoom(days, day))) return days;
  const next = days.map((d) => [...d]);
  const [activity] = next[from.day].splice(from.index, 1);
  const to = Math.max(0, Math.min(index ?? next[day].length, next[day].length));
  if (from.day === day && from.index === to) return days;
  next[day].splice(to, 0, activity);
  return next;
};

export const removeActivity = (days: readonly ActivityDraft[][], activityId: string): ActivityDraft[][] =>
  days.map((d) => d.filter((a) => a.id !== activityId));

/** A server problem's field (`weeks.0.days.2.activities.1.scripture`) in words a person can find. */
export const placeOf = (field: string, draft: Draft): string => {
  const m = /^weeks\.(\d+)(?:\.days\.(\d+)(?:\.activities\.(\d+))?)?/.exec(field);
  if (!m) return field === 'title' ? 'Title' : field === 'description' ? 'Description' : '';
  const [, w, d, a] = m;
  const week = `Week ${Number(w) + 1}`;
  if (d === undefined) return week;
  const activity = a === undefined ? undefined : draft.weeks[Number(w)]?.days[Number(d)]?.[Number(a)];
  return [week, dayNames[Number(d)], activity ? `“${activity.name || `activity ${Number(a) + 1}`}”` : undefined].filter(Boolean).join(', ');
};

/** The next `count` Sundays from `first` (a Sunday), as the choice of an assignment's start. */
export const sundaysFrom = (first: string, count: number): string[] =>
  Array.from({ length: count }, (_, i) => new Date(Date.parse(`${first}T00:00:00Z`) + i * 7 * 86_400_000).toISOString().slice(0, 10));
