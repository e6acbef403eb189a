import {
  type ChurchDashboard,
  type ChurchDetail,
  churchMessages,
  type ChurchSummary,
  type GroupSummary,
  type Habit,
  type ProblemDetails,
} from '@abide/contracts';
import { call, eventually, UserSession } from '@abide/testing';
import { randomUUID } from 'node:crypto';

// New members live in UTC until they choose a zone; a church in UTC shares their week.
const habit = { name: 'Morning prayer', category: 'prayer', frequency: 'daily' };

const createChurch = async (admin: UserSession) => {
  const res = await admin.post<ChurchSummary>('/api/churches', {
    name: 'St. Barnabas, Antioch',
    slug: `antioch-${randomUUID().slice(0, 8)}`,
    primaryColor: '#1e3a8a',
    welcome: '',
    timeZone: 'UTC',
  });
  if (res.status !== 201) throw new Error(`create failed: ${res.status} ${JSON.stringify(res.body)}`);
  return res.body;
};
const join = async (admin: UserSession, churchId: string, members: UserSession[]) => {
  const code = (await admin.get<ChurchDetail>(`/api/churches/${churchId}`)).body.joinCode!;
  for (const member of members) expect((await member.post('/api/churches/join', { code })).status).toBe(200);
};
const checkIn = async (member: UserSession) => {
  const created = (await member.post<Habit>('/api/habits', habit)).body;
  expect((await member.post(`/api/habits/${created.id}/toggle`, { completed: true })).status).toBe(200);
};

describe('the pastor’s dashboard', () => {
  let admin: UserSession;
  let anna: UserSession;
  let quiet: UserSession;
  let church: ChurchSummary;

  beforeAll(async () => {
    [admin, anna, quiet] = await Promise.all([
      UserSession.signUp({ name: 'Barnabas' }),
      UserSession.signUp({ name: 'Anna' }),
      UserSession.signUp({ name: 'Quiet' }),
    ]);
    church = await createChurch(admin);
    await join(admin, church.id, [anna, quiet]);
    // Quiet never chose, so she does not share (#26); the admin and Anna turned sharing on for all their memberships.
    for (const member of [admin, anna]) expect((await member.put('/api/sharing', { shares: true })).status).toBe(200);
    await checkIn(anna);
    await checkIn(quiet);
  });

  it('counts every member, and in the activity figures only the members who share their progress', async () => {
    const dashboard = await eventually(async () => {
      const res = await admin.get<ChurchDashboard>(`/api/churches/${church.id}/dashboard`);
      return res.status === 200 && res.body.weeks.at(-1)?.checkIns === 1 ? res.body : undefined;
    });

    expect(dashboard).toMatchObject({
      church: { id: church.id, name: 'St. Barnabas, Antioch' },
      members: 3,
      sharingMembers: 2,
      activeThisWeek: 1,
    });
    expect(dashboard.weeks).toHaveLength(9);
    expect(dashboard.weeks.at(-1)).toMatchObject({ activeMembers: 1, checkIns: 1, planActivities: 0, journalDays: 0 });
    // Quiet's check-in reached community too (the leaders' figures see it as private), yet counts nowhere here.
    expect(dashboard.weeks.reduce((n, w) => n + w.checkIns, 0)).toBe(1);
  });

  it('shows a group of fewer than 3 sharing church members without a member-by-member breakdown', async () => {
    const group = (
      await admin.post<GroupSummary>('/api/groups', { name: `Antioch elders ${randomUUID().slice(0, 4)}`, churchId: church.id })
    ).body;
    expect((await quiet.post(`/api/groups/${group.id}/join`)).status).toBeLessThan(300);

    const [health] = await eventually(async () => {
      const groups = (await admin.get<ChurchDashboard>(`/api/churches/${church.id}/dashboard`)).body.groups;
      return groups.length === 1 && groups[0].memberCount === 2 ? groups : undefined;
    });

    expect(health).toMatchObject({ id: group.id, memberCount: 2, sharingMembers: 1, members: null });
  });

  it('answers the church’s admins only: 401 without a token, 403 to members, outsiders and another church’s admin, 404 for no church', async () => {
    const [outsider, otherAdmin] = await Promise.all([
      UserSession.signUp({ name: 'Stranger' }),
      UserSession.signUp({ name: 'Other pastor' }),
    ]);
    await createChurch(otherAdmin);
    const path = `/api/churches/${church.id}/dashboard`;

    expect((await call('GET', path)).status).toBe(401);
    expect((await call('GET', `${path}.csv`)).status).toBe(401);
    const refusals: Array<[UserSession, string]> = [
      [anna, churchMessages.adminsOnly],
      [outsider, churchMessages.membersOnly],
      [otherAdmin, churchMessages.membersOnly],
    ];
    for (const [session, detail] of refusals) {
      const refused = await session.get<ProblemDetails>(path);
      expect(refused.status).toBe(403);
      expect(refused.headers.get('content-type')).toContain('application/problem+json');
      expect(refused.body.detail).toBe(detail);
      expect((await session.get(`${path}.csv`)).status).toBe(403);
    }
    expect((await admin.get(`/api/churches/${randomUUID()}/dashboard`)).status).toBe(404);
  });

  it('exports the weekly figures and the group health table as CSV files to download, aggregates only', async () => {
    const weeks = await admin.get<string>(`/api/churches/${church.id}/dashboard.csv`);

    expect(weeks.status).toBe(200);
    expect(weeks.headers.get('content-type')).toMatch(/^text\/csv/);
    expect(weeks.headers.get('content-disposition')).toMatch(
      new RegExp(`^attachment; filename="${church.slug}-weekly-figures-\\d{4}-\\d{2}-\\d{2}\\.csv"$`),
    );
    const lines = weeks.body.trimEnd().split('\r\n');
    expect(lines[0]).toBe('Week starting,Active members,Habit check-ins,Plan activities,Journaling days');
    expect(lines).toHaveLength(10);
    expect(lines.at(-1)).toMatch(/^\d{4}-\d{2}-\d{2},1,1,0,0$/);

    const groups = await admin.get<string>(`/api/churches/${church.id}/dashboard.csv?table=groups`);
    expect(groups.status).toBe(200);
    expect(groups.body.split('\r\n')[0]).toMatch(/^Group,Members,/);
    expect(groups.body).not.toContain('Anna');

    const bad = await admin.get<ProblemDetails>(`/api/churches/${church.id}/dashboard.csv?table=members`);
    expect(bad.status).toBe(400);
    expect(bad.body.errors).toEqual([expect.objectContaining({ field: 'table', message: 'Choose the table to export: weeks or groups' })]);
  });
});
