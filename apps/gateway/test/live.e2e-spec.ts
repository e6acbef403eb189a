import type { GroupSummary, Habit, LiveChange } from '@abide/contracts';
import {
  apiUrl,
  call,
  type LiveMessage,
  type LiveStreamClient,
  openLiveStream,
  settled,
  signUpModerator,
  submission,
  txt,
  upload,
  UserSession,
} from '@abide/testing';

/**
 * The push channel end to end (docs/architecture.md, "Live updates"): each service sends its live signals after a
 * real change, the gateway pushes them to the members entitled to each, and nobody else hears them.
 */
const streams: LiveStreamClient[] = [];
const listen = async (session: UserSession, lastEventId?: string) => {
  const client = await openLiveStream(apiUrl(), { token: session.token, lastEventId });
  streams.push(client);
  expect(client.status).toBe(200);
  await client.next((m) => m.event === 'ready');
  return client;
};
const changeIs =
  (expected: Partial<LiveChange>) =>
  (m: LiveMessage): boolean =>
    m.event === 'change' && Object.entries(expected).every(([k, v]) => (m.data as { change: Record<string, unknown> }).change[k] === v);

afterEach(() => {
  for (const client of streams.splice(0)) client.close();
});

describe('live updates (GET /api/live)', () => {
  it("pushes an upload's progress to its owner, the Review Queue to moderators, and the decision to the owner's bell", async () => {
    const [owner, stranger, moderator] = await Promise.all([
      UserSession.signUp({ name: 'Priscilla' }),
      UserSession.signUp({ name: 'Stranger' }),
      signUpModerator('Moderator Mo'),
    ]);
    const [mine, theirs, queue] = await Promise.all([listen(owner), listen(stranger), listen(moderator)]);

    const created = await upload(owner, txt('Psalm 23 notes'), submission({ title: 'Live psalms' }));
    expect(created.status).toBe(201);
    const resourceId = created.body.id;
    await mine.next(changeIs({ kind: 'upload', resourceId }));
    await settled(owner, resourceId, 'in-review');
    await queue.next(changeIs({ kind: 'review-queue' }));

    expect((await moderator.post(`/api/moderation/resources/${resourceId}/approve`)).status).toBe(200);
    // Formation puts the decision in the bell, then tells the owner's stream.
    await mine.next(changeIs({ kind: 'notifications' }), 30_000);
    expect((await owner.get<{ unreadCount: number }>('/api/notifications')).body.unreadCount).toBe(1);

    // The stranger heard nothing of it; the moderator nothing of the owner's bell or uploads.
    expect(theirs.messages.filter((m) => m.event === 'change')).toEqual([]);
    expect(queue.messages.filter((m) => m.event === 'change').every(changeIs({ kind: 'review-queue' }))).toBe(true);
  });

  it("pushes a group's changes and figures to its members only: a join, a request, a member's check-in", async () => {
    const [leader, member, outsider] = await Promise.all([
      UserSession.signUp({ name: 'Lydia' }),
      UserSession.signUp({ name: 'Anna' }),
      UserSession.signUp({ name: 'Outsider' }),
    ]);
    const group = (await leader.post<GroupSummary>('/api/groups', { name: 'Thyatira live group' })).body;
    const [leaderStream, outsiderStream] = await Promise.all([listen(leader), listen(outsider)]);

    expect((await member.post(`/api/groups/${group.id}/join`)).status).toBeLessThan(300);
    await leaderStream.next(changeIs({ kind: 'group', groupId: group.id }));

    const memberStream = await listen(member);
    const habit = (await member.post<Habit>('/api/habits', { name: 'Morning prayer', category: 'prayer', frequency: 'daily' })).body;
    const seenBefore = leaderStream.messages.length;
    expect((await member.post(`/api/habits/${habit.id}/toggle`, { completed: true })).status).toBe(200);
    // Community applied formation's check-in to the group's figures, then told every member.
    await leaderStream.next(
      (m) => leaderStream.messages.indexOf(m) >= seenBefore && changeIs({ kind: 'group', groupId: group.id })(m),
      30_000,
    );
    await memberStream.next(changeIs({ kind: 'group', groupId: group.id }), 30_000);

    expect(outsiderStream.messages.filter((m) => m.event === 'change')).toEqual([]);
  });

  it('resumes after a reconnect with what happened meanwhile (Last-Event-ID)', async () => {
    const leader = await UserSession.signUp({ name: 'Phoebe' });
    const group = (await leader.post<GroupSummary>('/api/groups', { name: 'Cenchreae live group' })).body;
    const first = await listen(leader);
    const cursor = first.cursor();
    first.close();

    const joiner = await UserSession.signUp({ name: 'Tertius' });
    await joiner.post(`/api/groups/${group.id}/join`);
    // Nobody is listening; the gateway buffers it for the leader.
    await new Promise((resolve) => setTimeout(resolve, 2000));
    const again = await listen(leader, cursor);
    expect(again.messages.find(changeIs({ kind: 'group', groupId: group.id }))).toBeDefined();
    expect(again.messages.some((m) => m.event === 'resync')).toBe(false);
  });

  it('refuses a caller without a token (problem+json), and a method the stream does not have', async () => {
    const anonymous = await openLiveStream(apiUrl());
    expect(anonymous.status).toBe(401);
    expect(anonymous.headers['content-type']).toContain('application/problem+json');
    expect(anonymous.problem).toMatchObject({ code: 'UNAUTHORIZED' });

    const posted = await call('POST', '/api/live', {});
    expect([posted.status, posted.headers.get('allow')]).toEqual([405, 'GET, HEAD']);
  });
});
