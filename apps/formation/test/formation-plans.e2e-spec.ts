import type {
  ChurchDashboard,
  ChurchDetail,
  ChurchSummary,
  CurriculumDetail,
  Dashboard,
  FormationStats,
  GroupSummary,
  ProblemDetails,
  SpiritualPlan,
} from '@abide/contracts';
import { randomUUID } from 'node:crypto';
import { call, eventually, UserSession } from '@abide/testing';

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
    // My Plan read at once after the check-off shows it (read-your-writes, from the member's kept current plan).
    const read = await sut.get<SpiritualPlan>('/api/spiritual-plans/current');
    expect(read.body).toEqual(done.body);

    const stats = await sut.get<FormationStats>('/api/stats/overview');
    expect(stats.status).toBe(200);
    expect(stats.body.weekProgress).toEqual({ completed: 1, total: activitiesOf(plan).length });
    expect(stats.body).toMatchObject({ currentStreak: 1, totalDays: 1 });
    expect(stats.body.week).toHaveLength(7);
    expect(stats.body.week.find((d) => d.date === stats.body.today)?.active).toBe(true);
    expect(stats.body.insight).toContain('You completed 1 of');

    const undone = await sut.post<SpiritualPlan>(`/api/spiritual-plans/current/activities/${activity.id}/toggle`, { completed: false });
    expect(activitiesOf(undone.body).find((a) => a.id === activity.id)?.completed).toBe(false);
    expect((await sut.get<SpiritualPlan>('/api/spiritual-plans/current')).body).toEqual(undone.body);
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

  it('regenerates: a new theme and new activities replace the current plan, the week keeping its plan', async () => {
    const sut = await UserSession.signUp();
    const first = (await sut.post<SpiritualPlan>('/api/spiritual-plans/regenerate')).body;

    const second = await sut.post<SpiritualPlan>('/api/spiritual-plans/regenerate');

    expect(second.status).toBe(200);
    expect(second.body.id).toBe(first.id);
    expect(second.body.weekStart).toBe(first.weekStart);
    expect(second.body.planData.theme).not.toBe(first.planData.theme);
    expect((await sut.get<SpiritualPlan>('/api/spiritual-plans/current')).body.planData.theme).toBe(second.body.planData.theme);
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

/** Regenerate Plan (issue #26): it replaces only what is not done, and every figure follows the plan it leaves. */
describe('regenerating a week with work done in it', () => {
  const createChurch = async (admin: UserSession) => {
    const res = await admin.post<ChurchSummary>('/api/churches', {
      name: 'St. Lydia, Philippi',
      slug: `philippi-${randomUUID().slice(0, 8)}`,
      primaryColor: '#1e3a8a',
      timeZone: 'UTC',
    });
    if (res.status !== 201) throw new Error(`create failed: ${res.status} ${JSON.stringify(res.body)}`);
    return res.body;
  };
  const joinChurch = async (admin: UserSession, member: UserSession, churchId: string) => {
    const code = (await admin.get<ChurchDetail>(`/api/churches/${churchId}`)).body.joinCode!;
    expect((await member.post('/api/churches/join', { code })).status).toBe(200);
  };
  const doneIn = (plan: SpiritualPlan) => activitiesOf(plan).filter((a) => a.completed);
  const toggle = (member: UserSession, id: string, completed: boolean) =>
    member.post<SpiritualPlan>(`/api/spiritual-plans/current/activities/${id}/toggle`, { completed });

  it('keeps the activities checked off, and My Plan, the week figures, the leader’s and the pastor’s dashboards agree', async () => {
    const [admin, leader, ruth] = await Promise.all([
      UserSession.signUp({ name: 'Lydia' }),
      UserSession.signUp({ name: 'Silas' }),
      UserSession.signUp({ name: 'Ruth' }),
    ]);
    const church = await createChurch(admin);
    await joinChurch(admin, ruth, church.id);
    const group = (await leader.post<GroupSummary>('/api/groups', { name: 'Philippi riverside group' })).body;
    expect((await ruth.post(`/api/groups/${group.id}/join`)).status).toBeLessThan(300);
    // Sharing stated, not assumed: the dashboards count only members who share, with the group and the church (#26).
    expect((await ruth.put('/api/sharing', { shares: true })).status).toBe(200);

    const before = (await ruth.post<SpiritualPlan>('/api/spiritual-plans/regenerate')).body;
    const [one, two] = activitiesOf(before);
    await toggle(ruth, one.id, true);
    await toggle(ruth, two.id, true);

    const after = await ruth.post<SpiritualPlan>('/api/spiritual-plans/regenerate');

    expect(after.status).toBe(200);
    expect(after.body.planData.theme).not.toBe(before.planData.theme);
    // The two check-offs stay, on the days they were on; everything else of the old plan is gone.
    expect(doneIn(after.body).map((a) => a.id)).toEqual([one.id, two.id]);
    const dayOf = (plan: SpiritualPlan, id: string) =>
      plan.planData.dailyActivities.find((d) => d.activities.some((a) => a.id === id))?.dayIndex;
    expect(dayOf(after.body, one.id)).toBe(dayOf(before, one.id));
    expect(dayOf(after.body, two.id)).toBe(dayOf(before, two.id));
    const ids = activitiesOf(after.body).map((a) => a.id);
    expect(new Set(ids).size).toBe(ids.length);

    // My Plan's n/m is the week figure.
    const total = activitiesOf(after.body).length;
    const stats = (await ruth.get<FormationStats>('/api/stats/overview')).body;
    expect(stats.weekProgress).toEqual({ completed: 2, total });
    expect(stats.week.find((d) => d.date === stats.today)?.active).toBe(true);
    expect(stats.totalDays).toBe(1);

    // The leader's and the pastor's figures count the same two activities, before and after one is unchecked.
    const figures = async () => {
      const [group_, church_] = await Promise.all([
        leader.get<Dashboard>(`/api/groups/${group.id}/dashboard`),
        admin.get<ChurchDashboard>(`/api/churches/${church.id}/dashboard`),
      ]);
      return {
        group: group_.body.members.find((m) => m.userId === ruth.user.id)?.week?.planActivities,
        church: church_.body.weeks.at(-1)?.planActivities,
      };
    };
    const agree = (n: number) =>
      eventually(
        async () => {
          const f = await figures();
          return f.group === n && f.church === n ? f : undefined;
        },
        { timeoutMs: 30_000 },
      );
    await agree(2);

    const undone = await toggle(ruth, one.id, false);
    expect(doneIn(undone.body).map((a) => a.id)).toEqual([two.id]);
    expect((await ruth.get<FormationStats>('/api/stats/overview')).body.weekProgress).toEqual({ completed: 1, total });
    await agree(1);

    // Undo brings back the plan from before, exactly, with the check-off that is still done; the figures stay agreed.
    const undone2 = await ruth.post<SpiritualPlan>('/api/spiritual-plans/current/undo-regeneration');
    expect(undone2.status).toBe(200);
    expect(undone2.body.planData).toEqual({
      ...before.planData,
      dailyActivities: before.planData.dailyActivities.map((d) => ({
        ...d,
        activities: d.activities.map((a) => ({ ...a, completed: a.id === two.id })),
      })),
    });
    expect((await ruth.get<FormationStats>('/api/stats/overview')).body.weekProgress).toEqual({
      completed: 1,
      total: activitiesOf(before).length,
    });
    await agree(1);
    const again = await ruth.post<ProblemDetails>('/api/spiritual-plans/current/undo-regeneration');
    expect(again.status).toBe(409);
    expect(again.headers.get('content-type')).toContain('application/problem+json');
    expect(again.body.detail).toMatch(/^There is no regeneration to undo/);
  });

  it('names the curriculum week’s theme in every activity that names a theme, on the days the member’s own plan fills', async () => {
    const [admin, member] = await Promise.all([UserSession.signUp(), UserSession.signUp()]);
    // A Bible-minded member: their own plan's days are full of readings of a theme's passages.
    await member.post('/api/onboarding/complete', { ...onboarding, timeZone: 'UTC', phoneNumber: '', connectionPreferences: ['bible'] });
    const church = await createChurch(admin);
    await joinChurch(admin, member, church.id);
    const curriculum = await eventually(async () => {
      const res = await admin.post<CurriculumDetail>('/api/curricula', { churchId: church.id, title: 'Seasons of the soul' });
      return res.status === 201 ? res.body : undefined;
    });
    const days = Array.from({ length: 7 }, (_, i) => ({
      activities: i === 1 ? [{ name: 'Read Romans 5', description: 'Read Romans 5:1-5 aloud.', durationMinutes: 10 }] : [],
    }));
    const saved = await call<CurriculumDetail>('PUT', `/api/curricula/${curriculum.id}/draft`, {
      token: admin.token,
      clientIp: admin.clientIp,
      body: {
        revision: curriculum.revision,
        title: curriculum.title,
        description: curriculum.description,
        weeks: [{ title: 'Hope', summary: '', days }],
      },
    });
    expect(saved.status).toBe(200);
    const published = (await admin.post<CurriculumDetail>(`/api/curricula/${curriculum.id}/publish`)).body;
    expect(
      (await admin.post(`/api/curricula/${curriculum.id}/assignments`, { audience: 'church', startDate: published.currentWeekStart }))
        .status,
    ).toBe(201);

    const namedThemes = (plan: SpiritualPlan) =>
      activitiesOf(plan).flatMap((a) => /this week's theme, (.+)\.$/.exec(a.description)?.[1] ?? []);
    // Each regeneration draws another plan for the free days; within a few, one holds a theme reading.
    const plan = await eventually(
      async () => {
        const res = await member.post<SpiritualPlan>('/api/spiritual-plans/regenerate');
        return res.body.curriculum && namedThemes(res.body).length > 0 ? res.body : undefined;
      },
      { timeoutMs: 30_000 },
    );
    expect(plan.planData.theme).toBe('Hope');
    expect(new Set(namedThemes(plan))).toEqual(new Set(['Hope']));
  });
});
