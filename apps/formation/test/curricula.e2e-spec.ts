import {
  type ChurchDetail,
  type ChurchSummary,
  curriculumMessages,
  type CurriculumAssignment,
  type CurriculumDetail,
  type CurriculumProgress,
  type CurriculumWeekPreview,
  type GroupSummary,
  type ProblemDetails,
  type SpiritualPlan,
} from '@abide/contracts';
import { call, eventually, UserSession } from '@abide/testing';
import { randomUUID } from 'node:crypto';

/** Curricula through the gateway: authoring, every role on every route, assignment reaching plans, progress, export. */

const put = <T>(session: UserSession, path: string, body: unknown) => call<T>('PUT', path, { token: session.token, body, clientIp: session.clientIp });
const del = <T>(session: UserSession, path: string) => call<T>('DELETE', path, { token: session.token, clientIp: session.clientIp });

const createChurch = async (admin: UserSession) => {
  const res = await admin.post<ChurchSummary>('/api/churches', {
    name: 'St. Barnabas',
    slug: `barnabas-${randomUUID().slice(0, 8)}`,
    primaryColor: '#1e3a8a',
    timeZone: 'UTC',
  });
  if (res.status !== 201) throw new Error(`create failed: ${res.status} ${JSON.stringify(res.body)}`);
  return res.body;
};
const join = async (admin: UserSession, member: UserSession, churchId: string) => {
  const code = (await admin.get<ChurchDetail>(`/api/churches/${churchId}`)).body.joinCode!;
  const res = await member.post('/api/churches/join', { code });
  if (res.status !== 200) throw new Error(`join failed: ${res.status}`);
};
/** A new admin's role reaches formation through community's events: the first create may wait for it. */
const createCurriculum = (admin: UserSession, churchId: string, title = 'Walking with Mark') =>
  eventually(async () => {
    const res = await admin.post<CurriculumDetail>('/api/curricula', { churchId, title });
    return res.status === 201 ? res : undefined;
  });

const activity = (name: string, extra: Record<string, unknown> = {}) => ({ name, description: `Do ${name}`, durationMinutes: 10, ...extra });
const week = (title: string, filled: Record<number, ReturnType<typeof activity>[]>) => ({
  title,
  summary: `${title} summary`,
  days: Array.from({ length: 7 }, (_, i) => ({ activities: filled[i] ?? [] })),
});
const twoWeeks = () => [
  week('Beginnings', { 1: [activity('Read Mark 1', { scripture: 'mk 1:1-8', reflectionPrompt: 'What is new for you?' })], 3: [activity('Pray for a neighbour')] }),
  week('Healing', { 2: [activity('Read Mark 2', { scripture: 'Mark 2:1-12' })] }),
];
const saveDraft = (admin: UserSession, c: CurriculumDetail, weeks = twoWeeks()) =>
  put<CurriculumDetail & Pick<ProblemDetails, 'detail' | 'errors'>>(admin, `/api/curricula/${c.id}/draft`, { revision: c.revision, title: c.title, description: c.description, weeks });

/** A church with its admin, a member, an outsider and another church's admin, and a published curriculum. */
const setting = async () => {
  const [admin, member, outsider, otherAdmin] = await Promise.all([UserSession.signUp(), UserSession.signUp(), UserSession.signUp(), UserSession.signUp()]);
  const church = await createChurch(admin);
  await createChurch(otherAdmin).then((other) => createCurriculum(otherAdmin, other.id));
  await join(admin, member, church.id);
  // The member shares their progress, so the curriculum's progress counts them (off until they say so, #26).
  expect((await member.patch('/api/settings', { shareProgressWithGroups: true })).status).toBe(200);
  const created = (await createCurriculum(admin, church.id)).body;
  const saved = (await saveDraft(admin, created)).body;
  const published = (await admin.post<CurriculumDetail>(`/api/curricula/${saved.id}/publish`)).body;
  return { admin, member, outsider, otherAdmin, church, curriculum: published };
};

describe('authoring a curriculum', () => {
  it('creates a draft, saves weeks with canonical scripture, publishes, previews and duplicates', async () => {
    const admin = await UserSession.signUp();
    const church = await createChurch(admin);

    const created = await createCurriculum(admin, church.id);
    expect(created.headers.get('location')).toBe(`/api/curricula/${created.body.id}`);
    expect(created.body).toMatchObject({ title: 'Walking with Mark', status: 'draft', latestVersion: null, weeks: 0, revision: 1, churchName: 'St. Barnabas' });

    const saved = await saveDraft(admin, created.body);
    expect(saved.status).toBe(200);
    expect(saved.body.draft.weeks[0].days[1].activities[0]).toMatchObject({ scripture: 'Mark 1:1-8', reflectionPrompt: 'What is new for you?', durationMinutes: 10 });
    expect(saved.body).toMatchObject({ revision: 2, weeks: 2, hasUnpublishedChanges: true });

    const published = await admin.post<CurriculumDetail>(`/api/curricula/${created.body.id}/publish`);
    expect(published.status).toBe(200);
    expect(published.body).toMatchObject({ status: 'published', latestVersion: 1, hasUnpublishedChanges: false });
    const again = await admin.post<ProblemDetails>(`/api/curricula/${created.body.id}/publish`);
    expect(again.status).toBe(409);
    expect(again.body.detail).toBe(curriculumMessages.nothingNewToPublish);

    const preview = await admin.get<CurriculumWeekPreview>(`/api/curricula/${created.body.id}/weeks/2`);
    expect(preview.body).toMatchObject({ version: 1, week: 2, weeks: 2, weekTitle: 'Healing', scriptures: ['Mark 2:1-12'] });
    expect(preview.body.days.map((d) => d.day)).toEqual(['Sunday', 'Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday']);
    expect((await admin.get<CurriculumWeekPreview>(`/api/curricula/${created.body.id}/weeks/1?version=draft`)).body.version).toBeNull();
    expect((await admin.get(`/api/curricula/${created.body.id}/weeks/3`)).status).toBe(404);
    expect((await admin.get(`/api/curricula/${created.body.id}/weeks/zero`)).status).toBe(400);

    const copy = await admin.post<CurriculumDetail>(`/api/curricula/${created.body.id}/duplicate`);
    expect(copy.status).toBe(201);
    expect(copy.body).toMatchObject({ title: 'Copy of Walking with Mark', status: 'draft', weeks: 2 });
    const list = await admin.get<{ items: Array<{ id: string; status: string }> }>(`/api/curricula?churchId=${church.id}`);
    expect(list.body.items.map((c) => [c.id, c.status])).toEqual([
      [copy.body.id, 'draft'],
      [created.body.id, 'published'],
    ]);
  });

  it('says what is wrong with a draft, refuses a save over a newer one, and publishing a week without activities', async () => {
    const admin = await UserSession.signUp();
    const church = await createChurch(admin);
    const created = (await createCurriculum(admin, church.id)).body;

    const weeks = twoWeeks();
    weeks[1].days[2].activities[0] = activity('Read', { scripture: 'Hezekiah 3:1' });
    const unreadable = await saveDraft(admin, created, weeks);
    expect(unreadable.status).toBe(400);
    expect(unreadable.headers.get('content-type')).toContain('application/problem+json');
    expect(unreadable.body.errors?.map((e) => e.field)).toEqual(['weeks.1.days.2.activities.0.scripture']);
    const sixDays = await put<ProblemDetails>(admin, `/api/curricula/${created.id}/draft`, {
      revision: 1,
      title: 'X',
      weeks: [{ title: 'Short', days: [] }],
    });
    expect(sixDays.status).toBe(400);

    const first = (await saveDraft(admin, created)).body;
    const stale = await saveDraft(admin, created);
    expect(stale.status).toBe(409);
    expect(stale.body.detail).toBe(curriculumMessages.draftChanged);

    const withEmpty = await saveDraft(admin, first, [...twoWeeks(), week('Quiet', {})]);
    expect(withEmpty.status).toBe(200);
    const refused = await admin.post<ProblemDetails>(`/api/curricula/${created.id}/publish`);
    expect(refused.status).toBe(409);
    expect(refused.body.detail).toBe(curriculumMessages.weekWithoutActivities(3));
    const unassignable = await admin.post<ProblemDetails>(`/api/curricula/${created.id}/assignments`, { audience: 'church', startDate: withEmpty.body.currentWeekStart });
    expect(unassignable.status).toBe(409);
    expect(unassignable.body.detail).toBe(curriculumMessages.nothingPublished);
  });
});

describe('kept edits (working copy)', () => {
  it('keeps an admin’s unsaved edits for them alone, refuses a window that missed newer ones, and ends them on Save draft or discard', async () => {
    const [admin, coAdmin] = await Promise.all([UserSession.signUp(), UserSession.signUp()]);
    const church = await createChurch(admin);
    const created = (await createCurriculum(admin, church.id)).body;
    expect(created.workingCopy).toBeNull();
    const unfinished = { title: '', description: '', weeks: [{ ...week('Half-typed', {}), id: 'w1', days: Array.from({ length: 7 }, () => ({ activities: [] })) }] };
    const keep = (copyRevision: number, content = unfinished) =>
      put<{ revision: number; savedAt: string } & ProblemDetails>(admin, `/api/curricula/${created.id}/working-copy`, { copyRevision, baseRevision: created.revision, content });

    // Unfinished words are kept as they are (an empty title waits for Save draft), and only their author sees them.
    const first = await keep(0);
    expect(first.status).toBe(200);
    expect(first.body.revision).toBe(1);
    const read = (await admin.get<CurriculumDetail>(`/api/curricula/${created.id}`)).body;
    expect(read.workingCopy).toMatchObject({ revision: 1, baseRevision: created.revision, content: { title: '', weeks: [{ title: 'Half-typed' }] } });
    expect(read.draft.weeks).toHaveLength(0);
    await join(admin, coAdmin, church.id);
    expect((await put(admin, `/api/churches/${church.id}/members/${coAdmin.user.id}/role`, { role: 'admin' })).status).toBe(200);
    const theirs = await eventually(async () => {
      const res = await coAdmin.get<CurriculumDetail>(`/api/curricula/${created.id}`);
      return res.status === 200 ? res.body : undefined;
    });
    expect(theirs.workingCopy).toBeNull();

    // A window that did not see revision 1 is refused, in words.
    const stale = await keep(0);
    expect(stale.status).toBe(409);
    expect(stale.body.detail).toBe(curriculumMessages.workingCopyChanged);
    expect((await keep(1)).body.revision).toBe(2);

    // Save draft makes them the church's draft and ends the kept copy; discarding leaves the saved draft as it is.
    const saved = await saveDraft(admin, created);
    expect(saved.status).toBe(200);
    expect(saved.body.workingCopy).toBeNull();
    expect((await keep(0)).status).toBe(200);
    const discarded = await del<CurriculumDetail>(admin, `/api/curricula/${created.id}/working-copy`);
    expect(discarded.status).toBe(200);
    expect(discarded.body).toMatchObject({ workingCopy: null, weeks: 2 });
  });
});

describe('who may do what', () => {
  it('lets only the church’s admins author, assign and read progress; a member reads only the week assigned to them', async () => {
    const { admin, member, outsider, otherAdmin, church, curriculum } = await setting();
    const id = curriculum.id;
    const attempts: Array<[string, (s: UserSession) => Promise<{ status: number }>]> = [
      ['list', (s) => s.get(`/api/curricula?churchId=${church.id}`)],
      ['create', (s) => s.post('/api/curricula', { churchId: church.id, title: 'Mine' })],
      ['detail', (s) => s.get(`/api/curricula/${id}`)],
      ['save', (s) => saveDraft(s, curriculum)],
      ['publish', (s) => s.post(`/api/curricula/${id}/publish`)],
      ['duplicate', (s) => s.post(`/api/curricula/${id}/duplicate`)],
      ['archive', (s) => s.post(`/api/curricula/${id}/archive`)],
      ['restore', (s) => s.post(`/api/curricula/${id}/restore`)],
      ['assign', (s) => s.post(`/api/curricula/${id}/assignments`, { audience: 'church', startDate: curriculum.currentWeekStart })],
      ['progress', (s) => s.get(`/api/curricula/${id}/progress`)],
      ['week', (s) => s.get(`/api/curricula/${id}/weeks/1`)],
      ['keep edits', (s) => put(s, `/api/curricula/${id}/working-copy`, { copyRevision: 0, baseRevision: 1, content: { title: 'Mine', description: '', weeks: [] } })],
      ['discard edits', (s) => del(s, `/api/curricula/${id}/working-copy`)],
    ];
    for (const [who, session] of [
      ['member', member],
      ['outsider', outsider],
      ["another church's admin", otherAdmin],
    ] as const) {
      for (const [what, attempt] of attempts) expect([who, what, (await attempt(session)).status]).toEqual([who, what, 403]);
    }
    expect((await call('GET', `/api/curricula/${id}`)).status).toBe(401);
    expect((await admin.get(`/api/curricula/${randomUUID()}`)).status).toBe(404);

    const assigned = await admin.post<CurriculumAssignment>(`/api/curricula/${id}/assignments`, { audience: 'church', startDate: curriculum.currentWeekStart });
    expect(assigned.status).toBe(201);
    const seen = await eventually(async () => {
      const res = await member.get<CurriculumWeekPreview>(`/api/curricula/${id}/weeks/1`);
      return res.status === 200 ? res.body : undefined;
    });
    expect(seen).toMatchObject({ version: 1, weekTitle: 'Beginnings' });
    expect((await member.get(`/api/curricula/${id}/weeks/1?version=draft`)).status).toBe(403);
    expect((await outsider.get(`/api/curricula/${id}/weeks/1`)).status).toBe(403);
    expect((await member.get(`/api/curricula/${id}/assignments/${assigned.body.id}`)).status).toBe(403);
    expect((await del(member, `/api/curricula/${id}/assignments/${assigned.body.id}`)).status).toBe(403);
  });
});

describe('assigning a curriculum', () => {
  it('checks the start and the groups, brings members’ plans onto the week, counts progress, and archives once ended', async () => {
    const { admin, member, otherAdmin, curriculum } = await setting();
    const id = curriculum.id;
    const start = curriculum.currentWeekStart;
    const assign = (body: Record<string, unknown>) => admin.post<CurriculumAssignment & Pick<ProblemDetails, 'detail' | 'errors'>>(`/api/curricula/${id}/assignments`, body);

    const monday = new Date(Date.parse(`${start}T00:00:00Z`) + 86_400_000).toISOString().slice(0, 10);
    expect((await assign({ audience: 'church', startDate: monday })).body.errors).toEqual([{ field: 'startDate', message: curriculumMessages.startSunday }]);
    const lastWeek = new Date(Date.parse(`${start}T00:00:00Z`) - 7 * 86_400_000).toISOString().slice(0, 10);
    expect((await assign({ audience: 'church', startDate: lastWeek })).body.errors).toEqual([{ field: 'startDate', message: curriculumMessages.startPast }]);
    expect((await assign({ audience: 'groups', groupIds: [], startDate: start })).body.errors).toEqual([{ field: 'groupIds', message: curriculumMessages.groupsRequired }]);
    const elsewhere = (await otherAdmin.post<GroupSummary>('/api/groups', { name: 'Not theirs' })).body;
    const foreign = await assign({ audience: 'groups', groupIds: [elsewhere.id], startDate: start });
    expect(foreign.status).toBe(400);
    expect(foreign.body.errors).toEqual([{ field: 'groupIds.0', message: curriculumMessages.groupNotInChurch }]);

    const assigned = await assign({ audience: 'church', startDate: start });
    expect(assigned.status).toBe(201);
    expect(assigned.body).toMatchObject({ version: 1, audience: 'church', groups: [], startDate: start, state: 'running' });
    expect(assigned.headers.get('location')).toBe(`/api/curricula/${id}/assignments/${assigned.body.id}`);

    // The member's plan of this week follows week 1; its curriculum activities carry their scripture.
    await member.post('/api/spiritual-plans/regenerate');
    const plan = await eventually(async () => {
      const res = await member.get<SpiritualPlan>('/api/spiritual-plans/current');
      return res.body.curriculum ? res.body : undefined;
    });
    expect(plan.curriculum).toMatchObject({ curriculumId: id, week: 1, weeks: 2, weekTitle: 'Beginnings', churchName: 'St. Barnabas', groupName: null });
    const read = plan.planData.dailyActivities[1].activities.find((a) => a.fromCurriculum)!;
    expect(read).toMatchObject({ name: 'Read Mark 1', scripture: 'Mark 1:1-8', reflectionPrompt: 'What is new for you?' });

    await member.post(`/api/spiritual-plans/current/activities/${read.id}/toggle`, { completed: true });
    const progress = await eventually(async () => {
      const res = await admin.get<CurriculumProgress>(`/api/curricula/${id}/progress`);
      return res.body.weeks[0]?.done === 1 ? res.body : undefined;
    });
    expect(progress.weeks.map((w) => [w.week, w.title, w.members, w.done])).toEqual([
      [1, 'Beginnings', 1, 1],
      [2, 'Healing', 0, 0],
    ]);
    expect(progress.weeks[0].activities).toEqual([
      expect.objectContaining({ name: 'Read Mark 1', dayIndex: 1, done: 1 }),
      expect.objectContaining({ name: 'Pray for a neighbour', dayIndex: 3, done: 0 }),
    ]);

    const stillAssigned = await admin.post<ProblemDetails>(`/api/curricula/${id}/archive`);
    expect(stillAssigned.status).toBe(409);
    expect(stillAssigned.body.detail).toBe(curriculumMessages.stillAssigned);
    expect((await del(admin, `/api/curricula/${id}/assignments/${assigned.body.id}`)).status).toBe(204);
    expect((await admin.get<CurriculumAssignment>(`/api/curricula/${id}/assignments/${assigned.body.id}`)).body.state).toBe('ended');
    const archived = await admin.post<CurriculumDetail>(`/api/curricula/${id}/archive`);
    expect(archived.body.status).toBe('archived');
    const edit = await saveDraft(admin, archived.body);
    expect(edit.status).toBe(409);
    expect(edit.body.detail).toBe(curriculumMessages.archived);
    expect((await admin.post<CurriculumDetail>(`/api/curricula/${id}/restore`)).body.status).toBe('published');
  });
});

describe('the author’s data', () => {
  it('puts the curricula a member wrote into their data export', async () => {
    const admin = await UserSession.signUp();
    const church = await createChurch(admin);
    const created = (await createCurriculum(admin, church.id)).body;
    await saveDraft(admin, created);

    const exported = await eventually(async () => {
      const res = await admin.get<{ formation: { curricula: Array<{ id: string; draft: { title: string; weeks: unknown[] } }> } }>('/api/account/export');
      return res.body.formation?.curricula?.length ? res.body : undefined;
    });
    expect(exported.formation.curricula).toEqual([expect.objectContaining({ id: created.id, churchId: church.id, draft: expect.objectContaining({ title: 'Walking with Mark' }) })]);
    expect(exported.formation.curricula[0].draft.weeks).toHaveLength(2);
  });
});
