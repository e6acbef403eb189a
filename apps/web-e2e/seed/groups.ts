import type { GroupMember, GroupSummary, JoinRequest, JoinResult, Meeting, PrayerRequest } from '@abide/contracts';
import { eventually, type UserSession } from '@abide/testing';
import { randomUUID } from 'node:crypto';

/** Community data created through the API, so a browser spec starts from the state it describes. */

/** A word no other test's group contains, so a search finds exactly the groups of one test. */
export const uniqueWord = (): string => `t${randomUUID().replace(/-/g, '').slice(0, 10)}`;

export interface GroupSeed {
  name: string;
  description?: string;
  isPublic?: boolean;
  meeting?: Meeting | null;
  /** A church the session's member administers. */
  churchId?: string;
}

const ok = (status: number) => status === 200 || status === 201 || status === 204;

/**
 * Sharing is chosen per group and per church (#26): a seeded member who said yes to sharing (seedMember's
 * `sharesProgress`, kept in their settings) says yes again for each group and church they start or join, as the join
 * dialog asks them to.
 */
export async function shareAsChosen(session: UserSession, membership: 'groups' | 'churches', id: string): Promise<void> {
  const settings = await session.get<{ shareProgressWithGroups?: boolean }>('/api/settings');
  if (settings.body.shareProgressWithGroups !== true) return;
  const res = await session.put(`/api/sharing/${membership}/${id}`, { shares: true });
  if (!ok(res.status)) throw new Error(`sharing not saved: ${res.status} ${JSON.stringify(res.body)}`);
}

export async function seedGroup(session: UserSession, group: GroupSeed): Promise<GroupSummary> {
  const res = await session.post<GroupSummary>('/api/groups', { description: '', isPublic: true, meeting: null, ...group });
  if (!ok(res.status)) throw new Error(`group not created: ${res.status} ${JSON.stringify(res.body)}`);
  await shareAsChosen(session, 'groups', res.body.id);
  return res.body;
}

export async function joinGroup(session: UserSession, groupId: string): Promise<JoinResult> {
  const res = await session.post<JoinResult>(`/api/groups/${groupId}/join`);
  if (!ok(res.status)) throw new Error(`join failed: ${res.status} ${JSON.stringify(res.body)}`);
  if (res.body.status === 'joined') await shareAsChosen(session, 'groups', groupId);
  return res.body;
}

export async function rateMeeting(session: UserSession, groupId: string, rating: number): Promise<void> {
  const res = await session.post(`/api/groups/${groupId}/ratings`, { rating });
  if (!ok(res.status)) throw new Error(`rating failed: ${res.status} ${JSON.stringify(res.body)}`);
}

export async function postPrayer(session: UserSession, groupId: string, text: string, anonymous = false): Promise<PrayerRequest> {
  const res = await session.post<PrayerRequest>(`/api/groups/${groupId}/prayers`, { text, anonymous });
  if (!ok(res.status)) throw new Error(`prayer request not posted: ${res.status} ${JSON.stringify(res.body)}`);
  return res.body;
}

/** Members who turn progress sharing off (with all their groups and churches) appear as 'Private' on the leaders' dashboard. */
export async function stopSharingProgress(session: UserSession): Promise<void> {
  const res = await session.patch('/api/settings', { shareProgressWithGroups: false });
  if (!ok(res.status)) throw new Error(`settings not saved: ${res.status} ${JSON.stringify(res.body)}`);
}

/**
 * Community learns members' names from identity's events, a moment after sign-up: wait until the group's members
 * (or, for a leader, its pending requests) carry every name, so a page opened next shows them.
 */
export async function waitForNames(session: UserSession, groupId: string, names: string[], list: 'members' | 'requests' = 'members') {
  await eventually(
    async () => {
      const res = await session.get<Array<GroupMember | JoinRequest>>(`/api/groups/${groupId}/${list}`);
      if (res.status !== 200) return undefined;
      const known = new Set(res.body.map((entry) => entry.name));
      return names.every((name) => known.has(name)) ? true : undefined;
    },
    { timeoutMs: 30_000 },
  );
}
