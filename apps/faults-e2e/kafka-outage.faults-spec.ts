import type { Resource, ResourcePage } from '@abide/contracts';
import { eventually, mailsTo, settled, submission, txt, upload, UserSession as Session, type UserSession } from '@abide/testing';
import { startEngine, stopEngine } from './support/fault-engines';
import { FaultStack } from './support/fault-stack';
import { createGroup, dailyHabit, dashboardOf, SETTLE_MS, sharingJoin, sharingMember } from './support/flows';
import { observe } from './support/observations';

interface Bell {
  items: Array<{ title: string; body: string }>;
}

const OUTAGE_MS = 30_000;
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, Math.max(0, ms)));
const approvalsOf = async (member: UserSession) =>
  (await member.get<Bell>('/api/notifications')).body.items.filter((n) => n.title === 'Your resource was approved');

describe('Kafka stopped for 30 s while members keep checking in, journalling and joining', () => {
  let stack: FaultStack;

  beforeAll(async () => {
    stack = await FaultStack.start('kafkaoutage');
  });

  afterAll(async () => {
    await startEngine('kafka');
    await stack?.stop();
  });

  it('answers every write, then every consumer applies every event exactly once', async () => {
    const leader = await Session.signUp({ name: 'Lydia' });
    const members = await Promise.all(['Anna', 'Phoebe', 'Tabitha', 'Rhoda'].map((name) => sharingMember(name)));
    const [uploader] = members;
    const moderator = await stack.signUpWith('moderator', 'Moderator Mary');
    const group = await createGroup(leader, 'Philippi riverside');
    const early = members.slice(0, 2);
    const late = members.slice(2);
    for (const member of early) expect((await sharingJoin(member, group.id)).status).toBe(200);
    const habits = await Promise.all(
      members.map(async (m) =>
        Promise.all(
          ['Morning prayer', 'Evening psalm'].map(async (name) => (await m.post<{ id: string }>('/api/habits', dailyHabit(name))).body.id),
        ),
      ),
    );
    const forReview = await Promise.all(
      ['Lectio divina notes', 'Prayer walk guide'].map(async (title) => {
        const res = await upload(uploader, txt(`${title}: read slowly, pray, listen.`), submission({ title }));
        expect(res.status).toBe(201);
        return settled(uploader, res.body.id, 'in-review', 60_000);
      }),
    );
    const forTheGroup = await upload(
      leader,
      txt('Hymns for the riverside meeting.'),
      submission({ title: 'Riverside hymns', visibility: 'group', groupId: group.id }),
    );
    expect(forTheGroup.status).toBe(201);
    await eventually(async () => ((await dashboardOf(leader, group.id)).group.memberCount === 3 ? true : undefined), {
      timeoutMs: SETTLE_MS,
    });

    await stopEngine('kafka');
    const outageStarted = Date.now();
    const writes: Array<{ what: string; status: number }> = [];
    const write = async (what: string, call: Promise<{ status: number }>) => writes.push({ what, status: (await call).status });

    // Three rounds across the outage: check-ins, journal entries, joins and a moderator's decisions.
    await Promise.all(members.map((m, i) => write(`check-in ${i}a`, m.post(`/api/habits/${habits[i][0]}/toggle`, { completed: true }))));
    await Promise.all(
      members.map((m, i) =>
        write(`journal ${i}a`, m.post('/api/journal/entries', { content: `Grace at the river, ${i}`, mood: 'grateful' })),
      ),
    );
    await sleep(outageStarted + OUTAGE_MS / 3 - Date.now());
    await Promise.all(late.map((m, i) => write(`join ${i}`, sharingJoin(m, group.id))));
    await Promise.all(forReview.map((r) => write(`approve ${r.title}`, moderator.post(`/api/moderation/resources/${r.id}/approve`))));
    await sleep(outageStarted + (2 * OUTAGE_MS) / 3 - Date.now());
    await Promise.all(members.map((m, i) => write(`check-in ${i}b`, m.post(`/api/habits/${habits[i][1]}/toggle`, { completed: true }))));
    await Promise.all(
      members.map((m, i) => write(`journal ${i}b`, m.post('/api/journal/entries', { content: `Evening thanks, ${i}`, mood: 'peaceful' }))),
    );
    await sleep(outageStarted + OUTAGE_MS - Date.now());
    const during = await stack.readiness('formation');
    await startEngine('kafka');
    const kafkaBack = Date.now();

    expect(writes.filter((w) => w.status >= 300)).toEqual([]);
    expect(writes).toHaveLength(4 + 4 + 2 + 2 + 4 + 4);
    // Kafka away is background trouble: the service kept serving and said so.
    expect([during.httpStatus, during.status, during.checks.outbox?.status]).toEqual([200, 'degraded', 'failing']);

    const expected = (d: Awaited<ReturnType<typeof dashboardOf>>) =>
      d.group.memberCount === 5 &&
      d.group.weeklyProgress.completed === 8 &&
      members.every((m) => {
        const row = d.members.find((r) => r.userId === m.user.id);
        return row?.week?.checkIns === 2 && row.week.journalDays === 1;
      });
    await eventually(async () => (expected(await dashboardOf(leader, group.id)) ? true : undefined), {
      timeoutMs: SETTLE_MS,
      intervalMs: 500,
    });
    const figuresAfterMs = Date.now() - kafkaBack;
    await eventually(async () => ((await approvalsOf(uploader)).length === 2 ? true : undefined), {
      timeoutMs: SETTLE_MS,
      intervalMs: 500,
    });
    // The library learnt the joins made during the outage: the late members see the group's resource.
    for (const member of late) {
      await eventually(async () => ((await member.get<ResourcePage>('/api/uploads?q=Riverside')).body.total === 1 ? true : undefined), {
        timeoutMs: SETTLE_MS,
      });
    }

    observe('kafka-outage', {
      outageMs: kafkaBack - outageStarted,
      writes: writes.length,
      failedWrites: 0,
      readinessDuring: during.status,
      figuresRightAfterMs: figuresAfterMs,
    });

    // Redelivered or republished events would show up as extra counts by now.
    await sleep(5000);
    const dashboard = await dashboardOf(leader, group.id);
    expect(expected(dashboard)).toBe(true);
    expect(dashboard.weeklyActivity.at(-1)).toMatchObject({ checkIns: 8, journalDays: 4 });
    const approvals = await approvalsOf(uploader);
    const mails = await mailsTo(uploader.email, 'Your resource was approved');
    for (const { title } of forReview as Resource[]) {
      expect({
        title,
        bell: approvals.filter((n) => n.body.includes(title)).length,
        mail: mails.filter((m) => m.text?.includes(title)).length,
      }).toEqual({
        title,
        bell: 1,
        mail: 1,
      });
    }
  });
});
