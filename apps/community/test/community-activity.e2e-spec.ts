import type { Dashboard, GroupSummary, Habit, PrayerRequest, ProblemDetails } from '@abide/contracts';
import { eventually, UserSession } from '@abide/testing';

// New members live in UTC until they choose a zone, so their week is the UTC one.
const habit = { name: 'Morning prayer', category: 'prayer', frequency: 'daily' };

const groupWith = async (owner: UserSession, members: UserSession[], body: Record<string, unknown> = {}) => {
  const group = (await owner.post<GroupSummary>('/api/groups', { name: 'Philippi prayer group', ...body })).body;
  for (const member of members) await member.post(`/api/groups/${group.id}/join`);
  return group;
};
const dashboardOf = async (leader: UserSession, groupId: string) => (await leader.get<Dashboard>(`/api/groups/${groupId}/dashboard`)).body;
/** Sharing is off until the member turns it on (#26). */
const shareProgress = async (member: UserSession, on = true) =>
  expect((await member.patch('/api/settings', { shareProgressWithGroups: on })).status).toBe(200);

describe('the leaders’ dashboard on real member activity', () => {
  it('counts a member’s real check-ins once they share, and keeps a new member private until they turn sharing on', async () => {
    const [owner, anna, quiet] = await Promise.all([
      UserSession.signUp({ name: 'Lydia' }),
      UserSession.signUp({ name: 'Anna' }),
      UserSession.signUp({ name: 'Quiet' }),
    ]);
    // A new member shares nothing until asked: Quiet never chose, Anna turned sharing on.
    expect((await quiet.get<{ shareProgressWithGroups: boolean }>('/api/settings')).body.shareProgressWithGroups).toBe(false);
    const group = await groupWith(owner, [anna, quiet]);
    // The old single setting now means "share with every group and church I am in" (#26).
    await shareProgress(anna);
    const created = (await anna.post<Habit>('/api/habits', habit)).body;
    const hidden = (await quiet.post<Habit>('/api/habits', habit)).body;

    expect((await anna.post(`/api/habits/${created.id}/toggle`, { completed: true })).status).toBe(200);
    expect((await quiet.post(`/api/habits/${hidden.id}/toggle`, { completed: true })).status).toBe(200);

    const dashboard = await eventually(
      async () => {
        const d = await dashboardOf(owner, group.id);
        const a = d.members.find((m) => m.userId === anna.user.id);
        const q = d.members.find((m) => m.userId === quiet.user.id);
        return a?.week?.checkIns === 1 && q?.sharesProgress === false ? d : undefined;
      },
      { timeoutMs: 30_000 },
    );
    expect(dashboard.members.find((m) => m.userId === anna.user.id)).toMatchObject({
      name: 'Anna',
      role: 'member',
      week: { checkIns: 1, planActivities: 0, journalDays: 0 },
    });
    expect(dashboard.members.find((m) => m.userId === quiet.user.id)?.week).toBeNull();
    // Only Anna shares: her daily habit asks 7 this week and she did 1.
    expect(dashboard.group).toMatchObject({
      weeklyProgress: { completed: 1, expected: 7 },
      active: true,
      recentActivity: { text: 'Anna checked in a habit' },
    });
    // Quiet's check-in shows nowhere: not in the chart, not even as an active member.
    expect(dashboard.weeklyActivity.at(-1)).toMatchObject({ checkIns: 1, activeMembers: 1 });

    // Once Quiet turns sharing on, her week appears (identity's event reaches community over Kafka).
    await shareProgress(quiet);
    const shared = await eventually(
      async () => {
        const d = await dashboardOf(owner, group.id);
        // The member list and the card's figures follow the change one after the other: wait for both.
        return d.members.find((m) => m.userId === quiet.user.id)?.week?.checkIns === 1 && d.group.weeklyProgress.completed === 2 ? d : undefined;
      },
      { timeoutMs: 30_000 },
    );
    expect(shared.weeklyActivity.at(-1)).toMatchObject({ checkIns: 2, activeMembers: 2 });
    expect(shared.group.weeklyProgress).toEqual({ completed: 2, expected: 14 });
    // And off again hides it again.
    await shareProgress(quiet, false);
    await eventually(async () => ((await dashboardOf(owner, group.id)).group.weeklyProgress.completed === 1 ? true : undefined), {
      timeoutMs: 30_000,
    });

    // Undoing the check-in takes it back out.
    await anna.post(`/api/habits/${created.id}/toggle`, { completed: false });
    await eventually(async () => ((await dashboardOf(owner, group.id)).group.weeklyProgress.completed === 0 ? true : undefined), {
      timeoutMs: 30_000,
    });
  });

  it('averages members’ meeting ratings, a re-rating replacing the earlier one', async () => {
    const [owner, member, outsider] = await Promise.all([UserSession.signUp(), UserSession.signUp(), UserSession.signUp()]);
    const group = await groupWith(owner, [member]);

    expect((await owner.post(`/api/groups/${group.id}/ratings`, { rating: 4 })).status).toBe(200);
    await member.post(`/api/groups/${group.id}/ratings`, { rating: 1 });
    const rerated = await member.post<{ weekStart: string; rating: number }>(`/api/groups/${group.id}/ratings`, { rating: 3 });
    const tooHigh = await member.post<ProblemDetails>(`/api/groups/${group.id}/ratings`, { rating: 6 });

    expect(rerated.body).toMatchObject({ rating: 3 });
    expect((await member.get(`/api/groups/${group.id}/ratings/mine`)).body).toEqual(rerated.body);
    expect(tooHigh.status).toBe(400);
    expect(tooHigh.body.errors).toEqual([{ field: 'rating', message: 'Choose 1 to 5 stars' }]);
    const notASunday = await member.post<ProblemDetails>(`/api/groups/${group.id}/ratings`, { rating: 3, weekStart: '2026-02-30' });
    expect(notASunday.status).toBe(400);
    expect((await outsider.post(`/api/groups/${group.id}/ratings`, { rating: 5 })).status).toBe(403);
    expect((await dashboardOf(owner, group.id)).averageRating).toEqual({ average: 3.5, count: 2 });
  });

  it('removes a member whose account is deleted from the dashboard and the counts', async () => {
    const [owner, leaving] = await Promise.all([UserSession.signUp(), UserSession.signUp({ name: 'Demas' })]);
    const group = await groupWith(owner, [leaving]);
    await shareProgress(leaving);
    const h = (await leaving.post<Habit>('/api/habits', habit)).body;
    await leaving.post(`/api/habits/${h.id}/toggle`, { completed: true });
    await eventually(async () => ((await dashboardOf(owner, group.id)).group.weeklyProgress.completed === 1 ? true : undefined), {
      timeoutMs: 30_000,
    });

    expect((await leaving.post('/api/account/delete', { password: leaving.password })).status).toBe(204);

    // The member list (the group's stream) and the card's figures (its roster read model) are applied one after the
    // other: wait until both show the departure, then check what they show.
    const after = await eventually(
      async () => {
        const d = await dashboardOf(owner, group.id);
        return d.members.length === 1 && d.group.weeklyProgress.expected === 0 ? d : undefined;
      },
      { timeoutMs: 30_000 },
    );
    expect(after.members.map((m) => m.userId)).toEqual([owner.user.id]);
    expect(after.group).toMatchObject({ memberCount: 1, weeklyProgress: { completed: 0, expected: 0 } });
  });
});

describe('prayer requests', () => {
  it('shares requests with members only, anonymous ones naming no one but to their author', async () => {
    const [owner, author, member] = await Promise.all([
      UserSession.signUp({ name: 'Lois' }),
      UserSession.signUp({ name: 'Eunice' }),
      UserSession.signUp(),
    ]);
    const group = await groupWith(owner, [author, member]);
    await eventually(async () => ((await owner.get<GroupSummary>(`/api/groups/${group.id}`)).body.ownerName === 'Lois' ? true : undefined));
    await eventually(async () =>
      (await owner.get<{ name: string | null }[]>(`/api/groups/${group.id}/members`)).body.every((m) => m.name) ? true : undefined,
    );

    const blank = await author.post<ProblemDetails>(`/api/groups/${group.id}/prayers`, { text: '  ' });
    expect(blank.body.errors).toEqual([{ field: 'text', message: 'Please write your prayer request' }]);
    const posted = await author.post<PrayerRequest>(`/api/groups/${group.id}/prayers`, { text: 'For Timothy in Ephesus', anonymous: true });
    expect(posted.status).toBe(201);
    expect(posted.body).toMatchObject({
      text: 'For Timothy in Ephesus',
      anonymous: true,
      isAuthor: true,
      authorName: 'Eunice',
      prayedCount: 0,
    });
    await owner.post(`/api/groups/${group.id}/prayers`, { text: 'For our meeting', anonymous: false });

    const seen = (await member.get<PrayerRequest[]>(`/api/groups/${group.id}/prayers`)).body;
    expect(seen.map((p) => [p.text, p.authorName, p.isAuthor])).toEqual([
      ['For our meeting', 'Lois', false],
      ['For Timothy in Ephesus', null, false],
    ]);
  });

  it('counts “I prayed” once per member, lets only the author mark it answered, and lets a leader hide it', async () => {
    const [owner, author, member] = await Promise.all([UserSession.signUp(), UserSession.signUp(), UserSession.signUp()]);
    const group = await groupWith(owner, [author, member]);
    const prayer = (await author.post<PrayerRequest>(`/api/groups/${group.id}/prayers`, { text: 'For healing' })).body;
    const path = `/api/groups/${group.id}/prayers/${prayer.id}`;

    await member.post(`${path}/prayed`);
    const twice = await member.post<PrayerRequest>(`${path}/prayed`);
    await owner.post(`${path}/prayed`);
    expect(twice.body).toMatchObject({ prayedCount: 1, prayedByMe: true });
    expect((await author.get<PrayerRequest[]>(`/api/groups/${group.id}/prayers`)).body[0]).toMatchObject({
      prayedCount: 2,
      prayedByMe: false,
    });

    expect((await member.post<ProblemDetails>(`${path}/answered`, { testimony: 'Not mine to say' })).status).toBe(403);
    const answered = await author.post<PrayerRequest>(`${path}/answered`, { testimony: 'Fully recovered' });
    expect(answered.body).toMatchObject({ answered: true, testimony: 'Fully recovered' });

    expect((await member.post(`${path}/hide`)).status).toBe(403);
    const hidden = await owner.post<PrayerRequest>(`${path}/hide`);
    expect(hidden.body.hidden).toBe(true);
    expect((await member.get<PrayerRequest[]>(`/api/groups/${group.id}/prayers`)).body).toEqual([]);
    expect((await member.post(`${path}/prayed`)).status).toBe(404);
    expect((await owner.get<PrayerRequest[]>(`/api/groups/${group.id}/prayers`)).body.map((p) => p.hidden)).toEqual([true]);

    expect((await owner.delete(path)).status).toBe(403);
    expect((await author.delete(path)).status).toBe(204);
    expect((await owner.get<PrayerRequest[]>(`/api/groups/${group.id}/prayers`)).body).toEqual([]);
  });
});

describe('account export', () => {
  it('gives the caller’s groups, memberships, prayer requests and ratings in the data export, and no one else’s', async () => {
    const [owner, member] = await Promise.all([UserSession.signUp(), UserSession.signUp()]);
    const group = await groupWith(owner, [member], { name: 'Corinth' });
    await member.post(`/api/groups/${group.id}/prayers`, { text: 'For unity', anonymous: true });
    await member.post(`/api/groups/${group.id}/ratings`, { rating: 4 });
    await owner.post(`/api/groups/${group.id}/prayers`, { text: 'Not the member’s' });

    const res = await member.get<{ community: Record<string, Array<Record<string, unknown>>> }>('/api/account/export');
    const body = res.body.community;

    expect(res.status).toBe(200);
    expect(body.groups).toEqual([expect.objectContaining({ id: group.id, name: 'Corinth', owned: false })]);
    expect(body.memberships).toEqual([expect.objectContaining({ groupId: group.id, role: 'member' })]);
    expect(body.prayerRequests.map((p) => p.text)).toEqual(['For unity']);
    expect(body.meetingRatings).toEqual([expect.objectContaining({ groupId: group.id, rating: 4 })]);
  });
});
