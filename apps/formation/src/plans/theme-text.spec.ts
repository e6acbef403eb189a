import type { MemberCurriculumWeek } from '../curricula/curricula.port';
import { themes } from '../content/themes';
import { toSpiritualPlan } from './plan-view';
import type { PlanView } from './projections/plan.schema';
import { composeWeek, followCurriculum } from './domain/curriculum-week';
import { generateWeeklyPlan } from './domain/plan-generator';
import { nameOwnTheme, themeReadingDescription } from './domain/theme-text';

const weekStart = '2026-03-01';
/** A plan whose week holds at least one theme reading (a Bible-minded member's plan nearly always does). */
const planWithReading = () => {
  for (let seed = 0; seed < 200; seed += 1) {
    const plan = generateWeeklyPlan({ goals: ['Daily Bible reading'], preferences: ['bible'], weekStart, seed });
    if (plan.dailyActivities.some((d) => d.activities.some((a) => a.id.includes('-reading-')))) return plan;
  }
  throw new Error('no plan with a theme reading');
};
const namedThemes = (plan: { dailyActivities: ReadonlyArray<{ activities: ReadonlyArray<{ description: string }> }> }) =>
  plan.dailyActivities.flatMap((d) => d.activities.map((a) => /this week's theme, (.+)\.$/.exec(a.description)?.[1]).filter(Boolean));

/** A church's week titled "Hope" filling only Sunday: the other days are the member's own generated plan. */
const hopeWeek: MemberCurriculumWeek = {
  curriculum: {
    assignmentId: 'a1',
    curriculumId: 'c1',
    churchId: 'ch1',
    churchName: 'Grace Fellowship Church',
    groupId: null,
    groupName: null,
    title: 'Seasons',
    version: 1,
    week: 1,
    weeks: 4,
    weekTitle: 'Hope',
  },
  summary: '',
  scriptures: ['Romans 5:1-5'],
  days: [
    [{ id: 'cur-1', name: 'Read Romans 5', description: 'Read Romans 5:1-5.', duration: '10 min', fromCurriculum: true }],
    [],
    [],
    [],
    [],
    [],
    [],
  ],
};

describe('activities name their own week’s theme', () => {
  it('a generated plan’s readings name its theme', () => {
    const plan = planWithReading();
    expect(new Set(namedThemes(plan))).toEqual(new Set([plan.theme]));
  });

  it('a week following a curriculum names the curriculum week’s theme on the days the member’s plan fills', () => {
    const plan = composeWeek(planWithReading(), hopeWeek);
    expect(plan.theme).toBe('Hope');
    expect(namedThemes(plan).length).toBeGreaterThan(0);
    expect(new Set(namedThemes(plan))).toEqual(new Set(['Hope']));
  });

  it('a week leaving its curriculum names the theme it returns to', () => {
    const generated = planWithReading();
    const following = composeWeek(generated, hopeWeek);
    const other = generateWeeklyPlan({ goals: ['Deeper prayer life'], preferences: ['bible'], weekStart, seed: 'other' });
    const left = followCurriculum({ plan: following, current: hopeWeek.curriculum, completed: new Set(), target: null, generated: other });
    expect(left?.theme).toBe(other.theme);
    for (const name of namedThemes(left!)) expect(name).toBe(other.theme);
  });

  it('a stored plan whose text names another theme is shown naming its own (plans stored before the fix)', () => {
    const plan = planWithReading();
    const servant = themes.find((t) => t.title === 'The Way of the Servant')!;
    const stale = {
      ...plan,
      theme: 'Hope',
      dailyActivities: plan.dailyActivities.map((d) => ({
        ...d,
        activities: d.activities.map((a) =>
          a.id.includes('-reading-') ? { ...a, description: themeReadingDescription('Philippians 2:1-11', servant.title) } : a,
        ),
      })),
    };
    const view = {
      _id: 'x',
      userId: 'u',
      weekStart,
      planId: 'p',
      source: 'built-in',
      createdAt: new Date(),
      plan: stale,
      completed: [],
      version: 1,
    } as PlanView;
    const shown = toSpiritualPlan(view);
    expect(new Set(namedThemes(shown.planData))).toEqual(new Set(['Hope']));
    expect(JSON.stringify(shown)).not.toContain(servant.title);
  });

  it('never touches a church curriculum’s own words', () => {
    const own = { description: "Pray over this week's theme, Lament.", fromCurriculum: true as const };
    const plan = { theme: 'Hope', dailyActivities: [{ activities: [own] }] };
    expect(nameOwnTheme(plan)).toBe(plan);
  });
});
