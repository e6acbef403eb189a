import type { Dashboard, GroupSummary, Habit } from '@abide/contracts';
import { eventually, UserSession } from '@abide/testing';

/** Kafka-borne figures settle within this long once every engine is back. */
export const SETTLE_MS = 90_000;

export const dailyHabit = (name = 'Morning prayer') => ({ name, category: 'prayer', frequency: 'daily' });

export const dashboardOf = async (leader: UserSession, groupId: string): Promise<Dashboard> =>
  (await leader.get<Dashboard>(`/api/groups/${groupId}/dashboard`)).body;

export const createGroup = async (leader: UserSession, name = 'Corinth tentmakers'): Promise<GroupSummary> => {
  const res = await leader.post<GroupSummary>('/api/groups', { name, isPublic: true });
  if (res.status !== 201) throw new Error(`group not created: ${res.status} ${JSON.stringify(res.body)}`);
  return res.body;
};

/** A member who will share with the groups they join (sharingJoin), so their week reaches the leaders (#26). */
export const sharingMember = (name: string): Promise<UserSession> => UserSession.signUp({ name });

/**
 * Joins the group and turns sharing on with it, as the join dialog asks (sharing is chosen per group, off until the
 * member says yes, #26). Answers the join's response; the choice is a community command that needs no Kafka.
 */
export const sharingJoin = async (member: UserSession, groupId: string): Promise<{ status: number }> => {
  const joined = await member.post(`/api/groups/${groupId}/join`);
  if (joined.status !== 200) return joined;
  const shared = await member.put(`/api/sharing/groups/${groupId}`, { shares: true });
  return shared.status === 200 ? joined : shared;
};

/**
 * One check-in crossing the services: identity's sign-up gives community the member's name, formation's check-in
 * reaches the leader's dashboard. Returns once the dashboard shows both.
 */
export const checkInReachesTheGroup = async (member?: UserSession): Promise<void> => {
  const leader = await UserSession.signUp({ name: 'Priscilla' });
  const aquila = member ?? (await UserSession.signUp({ name: 'Aquila' }));
  const group = await createGroup(leader);
  // Aquila joins and turns sharing on with the group: a member's week reaches the leader only then (#26).
  expect((await sharingJoin(aquila, group.id)).status).toBe(200);
  const habit = (await aquila.post<Habit>('/api/habits', dailyHabit())).body;
  expect((await aquila.post(`/api/habits/${habit.id}/toggle`, { completed: true })).status).toBe(200);
  await eventually(
    async () => {
      const row = (await dashboardOf(leader, group.id)).members.find((m) => m.userId === aquila.user.id);
      return row?.name === aquila.user.name && row.week?.checkIns === 1 ? true : undefined;
    },
    { timeoutMs: SETTLE_MS, intervalMs: 500 },
  );
};
