import { activities as activityLibrary } from '../../content/activities';
import type { Activity, ConnectionId, SpiritualGoal, Theme } from '../../content/content-types';
import { goal } from '../../content/goals';
import { themes as themeLibrary } from '../../content/themes';
import { addDays, weekdayNames, weekdayOf, type LocalDate } from '@abide/calendar';
import { MAX_GENERATED_PER_DAY, MIN_GENERATED_PER_DAY, type PlanActivity, type WeeklyPlan } from './plan.schema';
import { themeReadingDescription } from './theme-text';
import { pickWeighted, seededRandom, shuffled, type Random } from '../../shared/seeded-random';

export interface PlanHistory {
  /** Themes of recent weeks, most recent first; none of them is chosen again while others remain. */
  recentThemeIds?: readonly string[];
  /** Activities of recent weeks, most recent first; avoided while the library has enough others. */
  recentActivityIds?: readonly string[];
}

export interface PlanRequest {
  /** The member's spiritual goals (onboarding's ids); unknown values are ignored. */
  goals: readonly string[];
  /** The member's connection preference ids (onboarding's); unknown values are ignored. */
  preferences: readonly string[];
  history?: PlanHistory;
  /** The Sunday the week starts on, in the member's calendar. */
  weekStart: LocalDate;
  /** Any value; the same request with the same seed always gives the same plan. */
  seed: string | number;
}

export interface PlanContent {
  themes: readonly Theme[];
  activities: readonly Activity[];
}

// Weights of the draw: what the member asked for matters most, then the week's theme.
const PREFERENCE_WEIGHT = 3;
const GOAL_WEIGHT = 2;
const THEME_WEIGHT = 4;
// An activity outside every chosen preference still appears now and then, for breadth, but rarely.
const OUTSIDE_PREFERENCES_FACTOR = 0.5;
const LONG_ACTIVITY_MINUTES = 60;

const overlap = <T>(a: readonly T[], b: ReadonlySet<T>): number => a.filter((x) => b.has(x)).length;

/** Minutes of a duration such as '15 min', '1 hour', '2 hours' or '1 day' (a meal counts as short). */
export const durationMinutes = (duration: string | undefined): number => {
  const match = /^(\d+)\s*(min|hour|hours|day)/.exec(duration ?? '');
  if (!match) return 0;
  const amount = Number(match[1]);
  return match[2] === 'min' ? amount : match[2] === 'day' ? amount * 1440 : amount * 60;
};

const chooseTheme = (
  themes: readonly Theme[],
  recent: readonly string[],
  goals: ReadonlySet<SpiritualGoal>,
  preferences: ReadonlySet<ConnectionId>,
  random: Random,
): Theme => {
  const recentSet = new Set(recent);
  let candidates = themes.filter((t) => !recentSet.has(t.id));
  // Every theme used lately: allow all but last week's, so consecutive weeks still differ.
  if (candidates.length === 0) candidates = themes.filter((t) => t.id !== recent[0]);
  if (candidates.length === 0) candidates = [...themes];
  const weight = (t: Theme) => 1 + GOAL_WEIGHT * overlap(t.goals, goals) + overlap(t.connections, preferences);
  return pickWeighted(candidates, weight, random) ?? candidates[0];
};

/** Readings of the week's own passages, so Bible-minded members meet the theme's scriptures directly. */
const themeReadings = (theme: Theme): Activity[] =>
  theme.scriptures.map((reference, i) => ({
    id: `${theme.id}-reading-${i + 1}`,
    name: `Read ${reference}`,
    description: themeReadingDescription(reference, theme.title),
    duration: '10 min',
    connections: ['bible'],
    goals: [goal.bibleReading],
    themes: [theme.id],
  }));

/** The activities available this week: the library minus recent ones, topped up with the oldest recent ones if too few remain. */
const availableActivities = (library: readonly Activity[], recent: readonly string[], needed: number): Activity[] => {
  const recentSet = new Set(recent);
  const fresh = library.filter((a) => !recentSet.has(a.id));
  if (fresh.length >= needed * 2) return fresh;
  const byId = new Map(library.map((a) => [a.id, a]));
  const oldestFirst = [...recent]
    .reverse()
    .map((id) => byId.get(id))
    .filter((a): a is Activity => a !== undefined);
  return [...fresh, ...oldestFirst.slice(0, needed * 2 - fresh.length)];
};

const chooseActivities = (
  pool: readonly Activity[],
  count: number,
  weight: (a: Activity) => number,
  preferences: readonly ConnectionId[],
  random: Random,
): Activity[] => {
  const remaining = [...pool];
  const chosen: Activity[] = [];
  const take = (candidates: Activity[]) => {
    const pick = pickWeighted(candidates, weight, random);
    if (!pick) return;
    chosen.push(pick);
    remaining.splice(remaining.indexOf(pick), 1);
  };
  // Every chosen preference appears at least once in the week; then the rest by weighted draw.
  for (const preference of preferences) {
    if (chosen.length >= count) break;
    take(remaining.filter((a) => a.connections.includes(preference)));
  }
  while (chosen.length < count && remaining.length > 0) take(remaining);
  return chosen;
};

/**
 * Places the chosen activities on the days: long ones (an hour or more) on different days, and each
 * activity preferably on a day without another of the same kind, filling the emptiest day first.
 */
const spreadOverDays = (chosen: readonly Activity[], perDay: readonly number[], random: Random): Activity[][] => {
  const days: Activity[][] = perDay.map(() => []);
  const isLong = (a: Activity) => durationMinutes(a.duration) >= LONG_ACTIVITY_MINUTES;
  const ordered = [...chosen.filter(isLong), ...chosen.filter((a) => !isLong(a))];
  const dayOrder = shuffled([0, 1, 2, 3, 4, 5, 6], random);
  for (const item of ordered) {
    const open = dayOrder.filter((d) => days[d].length < perDay[d]);
    const score = (d: number) =>
      (isLong(item) && days[d].some(isLong) ? 100 : 0) +
      10 * days[d].filter((a) => a.connections[0] === item.connections[0]).length -
      (perDay[d] - days[d].length);
    const best = open.reduce((a, b) => (score(b) < score(a) ? b : a));
    days[best].push(item);
  }
  return days;
};

const toPlanActivity = (a: Activity): PlanActivity => ({ id: a.id, name: a.name, description: a.description, duration: a.duration });

/**
 * The built-in weekly plan: a theme and 2–3 activities a day, weighted to the member's goals and
 * preferences, avoiding recent themes and activities. Deterministic for a given request and seed.
 */
export const generateWeeklyPlan = (
  request: PlanRequest,
  content: PlanContent = { themes: themeLibrary, activities: activityLibrary },
): WeeklyPlan => {
  if (weekdayOf(request.weekStart) !== 0)
    throw new RangeError(`A plan week starts on a Sunday; ${request.weekStart} is a ${weekdayNames[weekdayOf(request.weekStart)]}`);
  const random = seededRandom(`${request.seed}|${request.weekStart}`);
  const goals = new Set(request.goals as readonly SpiritualGoal[]);
  const preferenceList = [...new Set(request.preferences)] as ConnectionId[];
  const preferences = new Set(preferenceList);

  const theme = chooseTheme(content.themes, request.history?.recentThemeIds ?? [], goals, preferences, random);
  const perDay = weekdayNames.map(() => MIN_GENERATED_PER_DAY + Math.floor(random() * (MAX_GENERATED_PER_DAY - MIN_GENERATED_PER_DAY + 1)));
  const total = perDay.reduce((s, n) => s + n, 0);

  const pool = availableActivities([...content.activities, ...themeReadings(theme)], request.history?.recentActivityIds ?? [], total);
  const weight = (a: Activity) => {
    const preferred = overlap(a.connections, preferences);
    const base =
      1 + PREFERENCE_WEIGHT * preferred + GOAL_WEIGHT * overlap(a.goals, goals) + (a.themes?.includes(theme.id) ? THEME_WEIGHT : 0);
    return preferences.size > 0 && preferred === 0 ? base * OUTSIDE_PREFERENCES_FACTOR : base;
  };
  const chosen = chooseActivities(pool, total, weight, shuffled(preferenceList, random), random);
  const days = spreadOverDays(shuffled(chosen, random), perDay, random);

  return {
    themeId: theme.id,
    theme: theme.title,
    description: theme.description,
    scriptures: [...theme.scriptures],
    weekStart: request.weekStart,
    dailyActivities: weekdayNames.map((day, dayIndex) => ({
      day,
      dayIndex,
      date: addDays(request.weekStart, dayIndex),
      activities: days[dayIndex].map(toPlanActivity),
    })),
  };
};

/** Theme and activity ids of a plan, for the next week's history. */
export const planHistoryOf = (plan: WeeklyPlan): Required<PlanHistory> => ({
  recentThemeIds: [plan.themeId],
  recentActivityIds: plan.dailyActivities.flatMap((d) => d.activities.map((a) => a.id)),
});
