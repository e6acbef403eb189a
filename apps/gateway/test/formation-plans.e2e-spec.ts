import type { FormationStats, ProblemDetails, SpiritualPlan } from '@abide/contracts';
import { call, UserSession } from '@abide/testing';

const onboarding = {
  name: 'Lydia of Thyatira',
  spiritualGoals: ['Daily Bible reading', 'Serving others'],
  connectionPreferences: ['bible', 'service'],
  reminderFrequency: 'daily',
  phoneNumber: '(201) 555-0176',
  timeZone: 'America/New_York',
};
const activitiesOf = (plan: SpiritualPlan) => plan.planData.dailyActivities.flatMap((d) => d.activities);

describe('My Plan', () => {
  it('answers 404 before the first plan, and Generate Plan creates one with defaults', async () => {
    const sut = await UserSession.signUp();

    const none = await sut.get<ProblemDetails>('/api/spiritual-plans/current');
    expect(none.status).toBe(404);
    expect(none.headers.get('content-type')).toContain('application/problem+json');

    const generated = await sut.post<SpiritualPlan>('/api/spiritual-plans/regenerate');
    expect(generated.status).toBe(200);
    expect(generated.body.planData.dailyActivities.map((d) => d.dayIndex)).toEqual([0, 1, 2, 3, 4, 5, 6]);
    expect(generated.body.source).toBe('built-in');
    expect(new Date(`${generated.body.weekStart}T00:00:00Z`).getUTCDay()).toBe(0);
    expect((await sut.get<SpiritualPlan>('/api/spiritual-plans/current')).body.id).toBe(generated.body.id);
  });

  it('generates the first plan after onboarding, in the member’s week', async () => {
    const sut = await UserSession.signUp({ name: 'Lydia' });

    expect((await sut.post('/api/onboarding/complete', onboarding)).status).toBe(200);

    // What My Plan does on its first render: one read, then one POST that waits for the answers to reach formation.
    const first = await sut.post<SpiritualPlan>('/api/spiritual-plans/current');
    expect(first.status).toBe(200);
    const plan = first.body;
    expect((await sut.get<SpiritualPlan>('/api/spiritual-plans/current')).body.id).toBe(plan.id);
    expect((await sut.post<SpiritualPlan>('/api/spiritual-plans/current')).body.id).toBe(plan.id);
    expect(plan.planData.theme).toBeTruthy();
    expect(activitiesOf(plan).length).toBeGreaterThanOrEqual(14);
    expect(activitiesOf(plan).every((a) => a.completed === false)).toBe(true);
  });

  it('checks an activity off and on again, and the figures follow', async () => {
    const sut = await UserSession.signUp();
    const plan = (await sut.post<SpiritualPlan>('/api/spiritual-plans/regenerate')).body;
    const activity = activitiesOf(plan)[0];

    const done = await sut.post<SpiritualPlan>(`/api/spiritual-plans/current/activities/${activity.id}/toggle`, { completed: true });
    expect(done.status).toBe(200);
    expect(activitiesOf(done.body).find((a) => a.id === activity.id)?.completed).toBe(true);

    const stats = await sut.get<FormationStats>('/api/stats/overview');
    expect(stats.status).toBe(200);
    expect(stats.body.weekProgress).toEqual({ completed: 1, total: activitiesOf(plan).length });
    expect(stats.body).toMatchObject({ currentStreak: 1, totalDays: 1 });
    expect(stats.body.week).toHaveLength(7);
    expect(stats.body.week.find((d) => d.date === stats.body.today)?.active).toBe(true);
    expect(stats.body.insight).toContain('You completed 1 of');

    const undone = await sut.post<SpiritualPlan>(`/api/spiritual-plans/current/activities/${activity.id}/toggle`, { completed: false });
    expect(activitiesOf(undone.body).find((a) => a.id === activity.id)?.completed).toBe(false);
    expect((await sut.get<FormationStats>('/api/stats/overview')).body).toMatchObject({
      weekProgress: { completed: 0 },
      currentStreak: 0,
      totalDays: 0,
    });
  });

  it('refuses a bad toggle body, an unknown activity and a member without a plan', async () => {
    const [mary, martha] = await Promise.all([UserSession.signUp(), UserSession.signUp()]);
    const plan = (await mary.post<SpiritualPlan>('/api/spiritual-plans/regenerate')).body;
    const activity = activitiesOf(plan)[0];

    const bad = await mary.post<ProblemDetails>(`/api/spiritual-plans/current/activities/${activity.id}/toggle`, { completed: 'yes' });
    expect(bad.status).toBe(400);
    expect(bad.body.errors?.[0].field).toBe('completed');
    expect((await mary.post(`/api/spiritual-plans/current/activities/no-such-activity/toggle`, { completed: true })).status).toBe(404);
    // Martha has no plan: another member's activity id gets her nowhere.
    expect((await martha.post(`/api/spiritual-plans/current/activities/${activity.id}/toggle`, { completed: true })).status).toBe(404);
    expect((await call('GET', '/api/spiritual-plans/current')).status).toBe(401);
  });

  it('regenerates: a new plan replaces the current one', async () => {
    const sut = await UserSession.signUp();
    const first = (await sut.post<SpiritualPlan>('/api/spiritual-plans/regenerate')).body;

    const second = await sut.post<SpiritualPlan>('/api/spiritual-plans/regenerate');

    expect(second.status).toBe(200);
    expect(second.body.id).not.toBe(first.id);
    expect(second.body.weekStart).toBe(first.weekStart);
    expect((await sut.get<SpiritualPlan>('/api/spiritual-plans/current')).body.id).toBe(second.body.id);
  });

  it('catches up: nothing is lost, and the answer says how many moved', async () => {
    const sut = await UserSession.signUp();
    const plan = (await sut.post<SpiritualPlan>('/api/spiritual-plans/regenerate')).body;

    const res = await sut.post<{ plan: SpiritualPlan; moved: number; leftBehind: number }>('/api/spiritual-plans/current/catch-up');

    expect(res.status).toBe(200);
    expect(activitiesOf(res.body.plan)).toHaveLength(activitiesOf(plan).length);
    expect(res.body.moved).toBeGreaterThanOrEqual(0);
    expect((await call('POST', '/api/spiritual-plans/current/catch-up')).status).toBe(401);
  });
});
