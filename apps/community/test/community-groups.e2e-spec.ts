import {
  groupMessages,
  type Dashboard,
  type GroupMember,
  type GroupPage,
  type GroupSummary,
  type JoinRequest,
  type JoinResult,
  type ProblemDetails,
} from '@abide/contracts';
import { call, eventually, UserSession } from '@abide/testing';
import { randomUUID } from 'node:crypto';

const put = <T>(session: UserSession, path: string, body: unknown) =>
  call<T>('PUT', path, { token: session.token, body, clientIp: session.clientIp });

/** A word no other run's groups contain, so searches see only this test's groups. */
const marker = () => `cedar${randomUUID().slice(0, 8)}`;

const createGroup = async (owner: UserSession, body: Record<string, unknown>) => {
  const res = await owner.post<GroupSummary>('/api/groups', body);
  if (res.status !== 201) throw new Error(`create failed: ${res.status} ${JSON.stringify(res.body)}`);
  return res.body;
};

describe('creating groups', () => {
  it('creates a group owned by its creator, public by default, and lists it in My Groups', async () => {
    const sut = await UserSession.signUp({ name: 'Lydia' });

    const res = await sut.post<GroupSummary>('/api/groups', { name: '  Thyatira Dyers  ', description: 'Purple cloth and prayer' });

    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({
      name: 'Thyatira Dyers',
      description: 'Purple cloth and prayer',
      isPublic: true,
      ownerId: sut.user.id,
      memberCount: 1,
      myStatus: 'owner',
      weeklyProgress: { completed: 0, expected: 0 },
      recentActivity: null,
      meeting: null,
    });
    const mine = await sut.get<GroupSummary[]>('/api/groups');
    expect(mine.body.map((g) => g.id)).toEqual([res.body.id]);
    await eventually(async () =>
      (await sut.get<GroupSummary>(`/api/groups/${res.body.id}`)).body.ownerName === 'Lydia' ? true : undefined,
    );
  });

  it('asks for a name with its message, and refuses a second group on the free plan', async () => {
    const sut = await UserSession.signUp();

    const blank = await sut.post<ProblemDetails>('/api/groups', { name: '   ', description: 'x' });
    expect(blank.status).toBe(400);
    expect(blank.body.errors).toEqual([{ field: 'name', message: groupMessages.nameRequired }]);

    await createGroup(sut, { name: 'First', isPublic: false });
    const second = await sut.post<ProblemDetails>('/api/groups', { name: 'Second' });
    expect(second.status).toBe(403);
    expect(second.body.detail).toBe(groupMessages.limitReached(1));
    expect((await sut.get<GroupSummary[]>('/api/groups')).body).toHaveLength(1);
  });
});

describe('discovering and joining', () => {
  it('finds public and private groups by name or description, case-insensitively, with true totals and pages', async () => {
    const word = marker();
    const [a, b, c, seeker] = await Promise.all([UserSession.signUp(), UserSession.signUp(), UserSession.signUp(), UserSession.signUp()]);
    const open = await createGroup(a, { name: `Berea ${word}`, description: 'We search the Scriptures daily' });
    const closed = await createGroup(b, { name: 'Quiet circle', description: `A ${word.toUpperCase()} fellowship`, isPublic: false });
    await createGroup(c, { name: 'Unrelated', description: 'Nothing to see' });

    const first = await seeker.get<GroupPage>(`/api/groups/discover?q=${word.toUpperCase()}&pageSize=1`);
    const second = await seeker.get<GroupPage>(`/api/groups/discover?q=${word}&pageSize=1&page=2`);

    expect(first.status).toBe(200);
    expect(first.body).toMatchObject({ total: 2, page: 1, pageSize: 1, hasMore: true });
    expect(second.body).toMatchObject({ total: 2, page: 2, hasMore: false });
    const found = [...first.body.items, ...second.body.items];
    expect(found.map((g) => g.id).sort()).toEqual([open.id, closed.id].sort());
    expect(found.every((g) => g.memberCount === 1 && g.myStatus === 'none')).toBe(true);
    const bad = await seeker.get<ProblemDetails>('/api/groups/discover?pageSize=500');
    expect(bad.status).toBe(400);
  });

  it('joins a public group at once, and refuses a second join with a clear message', async () => {
    const [owner, sut] = await Promise.all([UserSession.signUp(), UserSession.signUp()]);
    const group = await createGroup(owner, { name: 'Open table' });

    const res = await sut.post<JoinResult>(`/api/groups/${group.id}/join`);
    const again = await sut.post<ProblemDetails>(`/api/groups/${group.id}/join`);

    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ status: 'joined', group: { id: group.id, memberCount: 2, myStatus: 'member' } });
    expect(again.status).toBe(409);
    expect(again.body.detail).toBe('You are already a member of this group.');
    expect((await sut.get<GroupSummary[]>('/api/groups')).body.map((g) => g.id)).toEqual([group.id]);
  });

  it('requests to join a private group; only a leader approves or declines, and a member may withdraw', async () => {
    const [owner, asker, other, withdrawer] = await Promise.all([
      UserSession.signUp(),
      UserSession.signUp({ name: 'Onesimus' }),
      UserSession.signUp(),
      UserSession.signUp(),
    ]);
    const group = await createGroup(owner, { name: 'Colossae house church', isPublic: false });

    const asked = await asker.post<JoinResult>(`/api/groups/${group.id}/join`);
    expect(asked.body).toMatchObject({ status: 'requested', group: { myStatus: 'pending', memberCount: 1 } });
    expect((await other.post<JoinResult>(`/api/groups/${group.id}/join`)).body.status).toBe('requested');
    expect((await withdrawer.post<JoinResult>(`/api/groups/${group.id}/join`)).body.status).toBe('requested');
    expect((await asker.post<ProblemDetails>(`/api/groups/${group.id}/join`)).status).toBe(409);

    const withdrawn = await withdrawer.delete<GroupSummary>(`/api/groups/${group.id}/requests/mine`);
    expect(withdrawn.body.myStatus).toBe('none');
    const pending = await owner.get<JoinRequest[]>(`/api/groups/${group.id}/requests`);
    expect(pending.body.map((r) => r.userId).sort()).toEqual([asker.user.id, other.user.id].sort());
    const askerRequest = pending.body.find((r) => r.userId === asker.user.id)!;
    expect(askerRequest.name).toBe('Onesimus');
    // A requester is not a member: the request list is not theirs to act on.
    expect((await asker.post(`/api/groups/${group.id}/requests/${askerRequest.id}/approve`)).status).toBe(404);

    const approved = await owner.post<JoinRequest[]>(`/api/groups/${group.id}/requests/${askerRequest.id}/approve`);
    expect(approved.body.map((r) => r.userId)).toEqual([other.user.id]);
    const otherRequest = approved.body[0];
    // Now a member, but not a leader.
    const memberTries = await asker.post<ProblemDetails>(`/api/groups/${group.id}/requests/${otherRequest.id}/decline`);
    expect(memberTries.status).toBe(403);
    expect((await owner.post(`/api/groups/${group.id}/requests/${otherRequest.id}/decline`)).status).toBe(200);

    expect((await asker.get<GroupSummary>(`/api/groups/${group.id}`)).body).toMatchObject({ myStatus: 'member', memberCount: 2 });
    expect((await other.get<GroupSummary>(`/api/groups/${group.id}`)).body).toMatchObject({ myStatus: 'none', memberCount: 2 });
    expect((await asker.get<GroupMember[]>(`/api/groups/${group.id}/members`)).body.map((m) => m.role)).toEqual(['owner', 'member']);
  });
});

describe('access to a group’s inner data', () => {
  it('hides a private group’s members, prayers and dashboard from outsiders (404) but shows its summary', async () => {
    const [owner, outsider] = await Promise.all([UserSession.signUp(), UserSession.signUp()]);
    const group = await createGroup(owner, { name: 'Upper room', isPublic: false });

    expect((await outsider.get<GroupSummary>(`/api/groups/${group.id}`)).body).toMatchObject({
      name: 'Upper room',
      isPublic: false,
      myStatus: 'none',
    });
    for (const path of ['members', 'prayers', 'dashboard', 'requests', 'ratings/mine']) {
      expect({ path, status: (await outsider.get(`/api/groups/${group.id}/${path}`)).status }).toEqual({ path, status: 404 });
    }
    expect((await outsider.post(`/api/groups/${group.id}/prayers`, { text: 'Let me in' })).status).toBe(404);
    expect((await outsider.patch(`/api/groups/${group.id}`, { name: 'Mine now' })).status).toBe(404);
  });

  it('tells outsiders of a public group that its inner data is for members (403), and a member the dashboard is for leaders', async () => {
    const [owner, outsider, member] = await Promise.all([UserSession.signUp(), UserSession.signUp(), UserSession.signUp()]);
    const group = await createGroup(owner, { name: 'Porch of Solomon' });
    await member.post(`/api/groups/${group.id}/join`);

    for (const path of ['members', 'prayers', 'dashboard']) {
      const res = await outsider.get<ProblemDetails>(`/api/groups/${group.id}/${path}`);
      expect({ path, status: res.status, detail: res.body.detail }).toEqual({
        path,
        status: 403,
        detail: 'Only members of this group can see this.',
      });
    }
    const dashboard = await member.get<ProblemDetails>(`/api/groups/${group.id}/dashboard`);
    expect(dashboard.status).toBe(403);
    expect(dashboard.body.detail).toBe('Only the group’s owner and co-leaders can do this.');
    expect((await member.get(`/api/groups/${group.id}/requests`)).status).toBe(403);
    expect((await member.patch(`/api/groups/${group.id}`, { name: 'Renamed' })).status).toBe(403);
  });
});

describe('leadership', () => {
  it('lets the owner promote a co-leader, who then leads but cannot remove another leader', async () => {
    const [owner, leader, member, second] = await Promise.all([
      UserSession.signUp(),
      UserSession.signUp(),
      UserSession.signUp(),
      UserSession.signUp(),
    ]);
    const group = await createGroup(owner, { name: 'Antioch leaders' });
    for (const s of [leader, member, second]) await s.post(`/api/groups/${group.id}/join`);

    expect((await put(member, `/api/groups/${group.id}/members/${leader.user.id}/role`, { role: 'co-leader' })).status).toBe(403);
    const promoted = await put<GroupMember>(owner, `/api/groups/${group.id}/members/${leader.user.id}/role`, { role: 'co-leader' });
    expect(promoted.body).toMatchObject({ userId: leader.user.id, role: 'co-leader' });
    await put(owner, `/api/groups/${group.id}/members/${second.user.id}/role`, { role: 'co-leader' });

    expect((await leader.get<Dashboard>(`/api/groups/${group.id}/dashboard`)).status).toBe(200);
    const settings = await leader.patch<GroupSummary>(`/api/groups/${group.id}`, {
      description: 'Sent out together',
      meeting: { day: 'tuesday', time: '19:30', location: 'Simeon’s house' },
    });
    expect(settings.body).toMatchObject({
      description: 'Sent out together',
      meeting: { day: 'tuesday', time: '19:30', location: 'Simeon’s house' },
    });
    expect((await leader.delete(`/api/groups/${group.id}/members/${second.user.id}`)).status).toBe(403);
    expect((await leader.delete(`/api/groups/${group.id}/members/${member.user.id}`)).status).toBe(204);
    expect((await leader.delete(`/api/groups/${group.id}/members/${owner.user.id}`)).status).toBe(403);
    expect((await owner.delete(`/api/groups/${group.id}/members/${second.user.id}`)).status).toBe(204);

    const members = await owner.get<GroupMember[]>(`/api/groups/${group.id}/members`);
    expect(members.body.map((m) => [m.userId, m.role])).toEqual([
      [owner.user.id, 'owner'],
      [leader.user.id, 'co-leader'],
    ]);
    expect((await member.get(`/api/groups/${group.id}/members`)).status).toBe(403);
    expect((await member.get<GroupSummary[]>('/api/groups')).body).toEqual([]);
  });

  it('keeps the owner until they hand over; then they may leave, and the members see the new owner', async () => {
    const [owner, heir, member] = await Promise.all([UserSession.signUp(), UserSession.signUp(), UserSession.signUp()]);
    const group = await createGroup(owner, { name: 'Ephesus elders' });
    await heir.post(`/api/groups/${group.id}/join`);
    await member.post(`/api/groups/${group.id}/join`);

    const refused = await owner.post<ProblemDetails>(`/api/groups/${group.id}/leave`);
    expect(refused.status).toBe(409);
    expect(refused.body.detail).toBe('Make another member the owner before you leave this group.');
    expect((await member.post(`/api/groups/${group.id}/leave`)).status).toBe(204);

    const handed = await owner.post<GroupMember[]>(`/api/groups/${group.id}/owner`, { userId: heir.user.id });
    expect(handed.body.map((m) => m.role)).toEqual(['co-leader', 'owner']);
    expect((await owner.post(`/api/groups/${group.id}/leave`)).status).toBe(204);

    expect((await heir.get<GroupSummary>(`/api/groups/${group.id}`)).body).toMatchObject({
      ownerId: heir.user.id,
      myStatus: 'owner',
      memberCount: 1,
    });
    // The former owner's slot is free again.
    expect((await owner.post('/api/groups', { name: 'A new start' })).status).toBe(201);
  });
});

describe('API documentation', () => {
  it('documents every community route in the OpenAPI document', async () => {
    const res = await call<{ paths: Record<string, Record<string, unknown>> }>('GET', '/api/docs-json');

    const documented = Object.entries(res.body.paths)
      .filter(([path]) => path.startsWith('/api/groups'))
      .flatMap(([path, methods]) => Object.keys(methods).map((method) => `${method.toUpperCase()} ${path}`));
    expect(documented.sort()).toEqual(
      [
        'GET /api/groups',
        'POST /api/groups',
        'GET /api/groups/discover',
        'GET /api/groups/{id}',
        'PATCH /api/groups/{id}',
        'PUT /api/groups/{id}/church',
        'DELETE /api/groups/{id}/church',
        'POST /api/groups/{id}/join',
        'DELETE /api/groups/{id}/requests/mine',
        'POST /api/groups/{id}/leave',
        'POST /api/groups/{id}/owner',
        'GET /api/groups/{id}/members',
        'DELETE /api/groups/{id}/members/{userId}',
        'PUT /api/groups/{id}/members/{userId}/role',
        'GET /api/groups/{id}/requests',
        'POST /api/groups/{id}/requests/{requestId}/approve',
        'POST /api/groups/{id}/requests/{requestId}/decline',
        'GET /api/groups/{id}/dashboard',
        'POST /api/groups/{id}/ratings',
        'GET /api/groups/{id}/ratings/mine',
        'GET /api/groups/{id}/prayers',
        'POST /api/groups/{id}/prayers',
        'POST /api/groups/{id}/prayers/{prayerId}/prayed',
        'POST /api/groups/{id}/prayers/{prayerId}/answered',
        'POST /api/groups/{id}/prayers/{prayerId}/hide',
        'DELETE /api/groups/{id}/prayers/{prayerId}',
      ].sort(),
    );
  });
});
