import type { ChurchDashboard, ChurchDetail, ChurchSummary, Dashboard, GroupSummary, Habit, MySharing, ProblemDetails } from '@abide/contracts';
import { call, eventually, UserSession } from '@abide/testing';
import { randomUUID } from 'node:crypto';

// Sharing progress chosen per group and per church (#26), through the gateway as the web app calls it.
const habit = { name: 'Morning prayer', category: 'prayer', frequency: 'daily' };
const dashboardOf = async (leader: UserSession, groupId: string) => (await leader.get<Dashboard>(`/api/groups/${groupId}/dashboard`)).body;

describe('sharing progress, one choice per group and church', () => {
  it('shows a member who shares with group A in A’s dashboard only: not in B’s, nor in their church’s', async () => {
    const [pastor, leaderB, member, outsider] = await Promise.all([
      UserSession.signUp({ name: 'Pastor Lydia' }),
      UserSession.signUp({ name: 'Euodia' }),
      UserSession.signUp({ name: 'Syntyche' }),
      UserSession.signUp({ name: 'Stranger' }),
    ]);
    const church = (
      await pastor.post<ChurchSummary>('/api/churches', { name: 'Philippi', slug: `philippi-${randomUUID().slice(0, 8)}`, primaryColor: '#1e3a8a', welcome: '', timeZone: 'UTC' })
    ).body;
    const code = (await pastor.get<ChurchDetail>(`/api/churches/${church.id}`)).body.joinCode!;
    expect((await member.post('/api/churches/join', { code })).status).toBe(200);
    const groupA = (await pastor.post<GroupSummary>('/api/groups', { name: 'Riverside', churchId: church.id })).body;
    const groupB = (await leaderB.post<GroupSummary>('/api/groups', { name: 'Purple sellers' })).body;
    for (const g of [groupA, groupB]) expect((await member.post(`/api/groups/${g.id}/join`)).status).toBe(200);

    // Every membership starts private; the member turns sharing on with group A only.
    const before = (await member.get<MySharing>('/api/sharing')).body;
    expect([...before.groups, ...before.churches].map((m) => m.shares)).toEqual([false, false, false]);
    const after = await member.put<MySharing>(`/api/sharing/groups/${groupA.id}`, { shares: true });
    expect(after.status).toBe(200);
    expect(Object.fromEntries([...after.body.groups, ...after.body.churches].map((m) => [m.name, m.shares]))).toEqual({
      Riverside: true,
      'Purple sellers': false,
      Philippi: false,
    });
    const created = (await member.post<Habit>('/api/habits', habit)).body;
    expect((await member.post(`/api/habits/${created.id}/toggle`, { completed: true })).status).toBe(200);

    const rowIn = async (leader: UserSession, groupId: string) => (await dashboardOf(leader, groupId)).members.find((m) => m.userId === member.user.id);
    await eventually(async () => ((await rowIn(pastor, groupA.id))?.week?.checkIns === 1 ? true : undefined), { timeoutMs: 30_000 });
    expect(await rowIn(leaderB, groupB.id)).toMatchObject({ sharesProgress: false, week: null });
    const pastorsView = (await pastor.get<ChurchDashboard>(`/api/churches/${church.id}/dashboard`)).body;
    expect(pastorsView).toMatchObject({ members: 2, sharingMembers: 0 });
    expect(pastorsView.weeks.at(-1)?.checkIns).toBe(0);

    // Only the member changes their choice, and only for a group or church they belong to.
    const notTheirs = await outsider.put<ProblemDetails>(`/api/sharing/groups/${groupA.id}`, { shares: true });
    expect(notTheirs.status).toBe(403);
    expect(notTheirs.body.detail).toBe('Only members of this group can see this.');
    expect((await member.put<ProblemDetails>(`/api/sharing/churches/${church.id}`, { shares: 'yes' })).status).toBe(400);
    expect((await call('GET', '/api/sharing')).status).toBe(401);
  });
});
