import { spiritualGoals } from '@abide/contracts';
import { activities } from '../../content/activities';
import { themes } from '../../content/themes';
import { addDays } from '@abide/calendar';
import { durationMinutes, generateWeeklyPlan, planHistoryOf, type PlanRequest } from './plan-generator';
import { generatedPlanSchema, type WeeklyPlan } from './plan.schema';

const weekStart = '2025-03-09';
const request: PlanRequest = {
  goals: ['Deeper prayer life', 'Serving others'],
  preferences: ['prayer', 'nature'],
  history: { recentThemeIds: [], recentActivityIds: [] },
  weekStart,
  seed: 'member-1',
};
const idsOf = (plan: WeeklyPlan) => plan.dailyActivities.flatMap((d) => d.activities.map((a) => a.id));
const library = new Map(activities.map((a) => [a.id, a]));
const jaccard = (a: string[], b: string[]) => {
  const sa = new Set(a);
  const shared = b.filter((x) => sa.has(x)).length;
  return shared / (sa.size + b.length - shared);
};

describe(generateWeeklyPlan.name, () => {
  it('returns a plan that satisfies the shared plan schema', () => {
    const sut = generateWeeklyPlan(request);
    expect(generatedPlanSchema.safeParse(sut).error?.issues ?? []).toEqual([]);
  });

  it('returns seven days from Sunday with their dates and 2–3 activities each', () => {
    const sut = generateWeeklyPlan(request);
    expect(sut.dailyActivities.map((d) => [d.day, d.dayIndex, d.date])).toEqual([
      ['Sunday', 0, '2025-03-09'],
      ['Monday', 1, '2025-03-10'],
      ['Tuesday', 2, '2025-03-11'],
      ['Wednesday', 3, '2025-03-12'],
      ['Thursday', 4, '2025-03-13'],
      ['Friday', 5, '2025-03-14'],
      ['Saturday', 6, '2025-03-15'],
    ]);
    expect(sut.dailyActivities.every((d) => d.activities.length >= 2 && d.activities.length <= 3)).toBe(true);
    expect(sut.dailyActivities[0].activities[0]).toEqual({
      id: expect.any(String),
      name: expect.any(String),
      description: expect.any(String),
      duration: expect.stringMatching(/^\d+ /),
    });
  });

  it('returns the theme title, description and scriptures of a curated theme', () => {
    const sut = generateWeeklyPlan(request);
    const theme = themes.find((t) => t.id === sut.themeId);
    expect(sut).toMatchObject({ theme: theme?.title, description: theme?.description, scriptures: theme?.scriptures, weekStart });
  });

  it('returns the same plan when given the same request and seed', () => {
    expect(generateWeeklyPlan(request)).toEqual(generateWeeklyPlan({ ...request }));
  });

  it('returns no activity twice in a week', () => {
    const ids = idsOf(generateWeeklyPlan(request));
    expect(new Set(ids).size).toBe(ids.length);
  });

  it('returns at most one activity of an hour or more per day', () => {
    for (let i = 0; i < 30; i++) {
      const plan = generateWeeklyPlan({ ...request, preferences: ['community', 'service'], seed: `long-${i}` });
      const longPerDay = plan.dailyActivities.map((d) => d.activities.filter((a) => durationMinutes(a.duration) >= 60).length);
      expect(Math.max(...longPerDay)).toBeLessThanOrEqual(1);
    }
  });

  it('returns a week mostly made of what the member prefers, with every preference present', () => {
    const plans = Array.from({ length: 20 }, (_, i) => generateWeeklyPlan({ ...request, seed: `pref-${i}` }));
    for (const plan of plans) {
      const connections = idsOf(plan).flatMap((id): readonly string[] => library.get(id)?.connections ?? ['bible']);
      expect(connections).toEqual(expect.arrayContaining(['prayer', 'nature']));
    }
    const all = plans.flatMap(idsOf).map((id) => library.get(id));
    const matching = all.filter((a) => a && a.connections.some((c) => request.preferences.includes(c)));
    expect(matching.length / all.length).toBeGreaterThan(0.7);
  });

  it('returns themes that favour the member goals', () => {
    const plans = Array.from({ length: 60 }, (_, i) =>
      generateWeeklyPlan({ ...request, goals: ['Building community'], preferences: [], seed: `goal-${i}` }),
    );
    const fitting = plans.filter((p) => themes.find((t) => t.id === p.themeId)?.goals.includes('Building community'));
    // 5 of 22 themes serve the goal; unweighted they would come up about 23 % of the time.
    expect(fitting.length / plans.length).toBeGreaterThan(0.35);
  });

  it('returns rarely repeated weeks across 50 members with the same goals and preferences', () => {
    const plans = Array.from({ length: 50 }, (_, i) => generateWeeklyPlan({ ...request, seed: `member-${i}` }));
    const themeCounts = new Map<string, number>();
    for (const p of plans) themeCounts.set(p.themeId, (themeCounts.get(p.themeId) ?? 0) + 1);
    expect(themeCounts.size).toBeGreaterThanOrEqual(12);
    expect(Math.max(...themeCounts.values())).toBeLessThanOrEqual(8);

    const layouts = new Set(plans.map((p) => JSON.stringify(p.dailyActivities.map((d) => d.activities.map((a) => a.id)))));
    expect(layouts.size).toBe(50);

    const similarities: number[] = [];
    for (let i = 0; i < plans.length; i++)
      for (let j = i + 1; j < plans.length; j++) similarities.push(jaccard(idsOf(plans[i]), idsOf(plans[j])));
    const mean = similarities.reduce((s, x) => s + x, 0) / similarities.length;
    expect(mean).toBeLessThan(0.22);
    expect(Math.max(...similarities)).toBeLessThan(0.6);
  });

  it('returns a different theme and fresh activities on each regeneration that passes its history', () => {
    let history = { recentThemeIds: [] as string[], recentActivityIds: [] as string[] };
    const weeks: WeeklyPlan[] = [];
    for (let week = 0; week < 10; week++) {
      const plan = generateWeeklyPlan({ ...request, history, weekStart: addDays(weekStart, 7 * week), seed: 'member-1' });
      weeks.push(plan);
      const next = planHistoryOf(plan);
      // The service keeps the last 4 themes and the last 2 weeks of activities.
      history = {
        recentThemeIds: [...next.recentThemeIds, ...history.recentThemeIds].slice(0, 4),
        recentActivityIds: [...next.recentActivityIds, ...history.recentActivityIds].slice(0, 42),
      };
    }
    for (let i = 1; i < weeks.length; i++) {
      const window = weeks.slice(Math.max(0, i - 4), i).map((w) => w.themeId);
      expect(window).not.toContain(weeks[i].themeId);
      const lastWeek = new Set(idsOf(weeks[i - 1]));
      expect(idsOf(weeks[i]).filter((id) => lastWeek.has(id))).toEqual([]);
    }
  });

  it('returns a plan even when every theme and activity was used recently', () => {
    const sut = generateWeeklyPlan({
      ...request,
      history: { recentThemeIds: themes.map((t) => t.id), recentActivityIds: activities.map((a) => a.id) },
    });
    expect(generatedPlanSchema.safeParse(sut).success).toBe(true);
    expect(sut.themeId).not.toBe(themes[0].id);
  });

  it('returns a balanced plan when the member chose no goals or preferences', () => {
    const sut = generateWeeklyPlan({ goals: [], preferences: [], weekStart, seed: 1 });
    expect(generatedPlanSchema.safeParse(sut).success).toBe(true);
  });

  it('ignores goals and preferences it does not know', () => {
    const sut = generateWeeklyPlan({
      ...request,
      goals: ['Something else', ...spiritualGoals.slice(0, 1)],
      preferences: ['skydiving', 'bible'],
    });
    expect(generatedPlanSchema.safeParse(sut).success).toBe(true);
  });

  it('throws when the week does not start on a Sunday', () => {
    expect(() => generateWeeklyPlan({ ...request, weekStart: '2025-03-10' })).toThrow('A plan week starts on a Sunday');
  });
});

describe(durationMinutes.name, () => {
  it('returns minutes for minutes, hours and days', () => {
    expect(['15 min', '1 hour', '2 hours', '1 day', '1 meal', undefined].map(durationMinutes)).toEqual([15, 60, 120, 1440, 0, 0]);
  });
});
