import type { Dashboard, FormationStats, GroupSummary, Habit, HabitEntry, JournalEntry, SpiritualPlan } from '@abide/contracts';
import { type ApiResponse, eventually, scrapeStack, stackMetricsInstances, UserSession } from '@abide/testing';
import { readModels, stackSettled } from './read-models.support';

/**
 * Read models right by construction (issue #25, item 5): a few members write at the same moment — journal entries
 * created and edited, check-ins and undos on several habits, plan activities, joins to a group whose card their
 * check-ins feed — and afterwards every screen answers what the members' successful writes imply, and every read model
 * equals a rebuild from the events (`npm run read-models -- verify`). The quiet project's stack runs 3 instances of
 * every service (tools/test/quiet-stack.global-setup.mjs) and the gateway spreads the writes over them: the
 * spec checks from each instance's own request counter that every instance of the services written to took part.
 */

// Small enough that no request waits out the gateway's timeout on this shared 2-core machine (an answer lost to a 504
// leaves the test guessing what was stored), large enough that each member's documents take concurrent writes.
const MEMBERS = 3;
const HABITS_EACH = 2;
const ENTRIES_EACH = 3;
const ACTIVITIES_EACH = 3;
/** Concurrent toggles of one habit: the burst a double-tapping member or two tabs make. */
const TOGGLES_PER_HABIT = 4;

const ok = (res: ApiResponse) => res.status >= 200 && res.status < 300;
const words = (text: string) => text.trim().split(/\s+/).length;
const activitiesOf = (plan: SpiritualPlan) => plan.planData.dailyActivities.flatMap((d) => d.activities);

/**
 * A write the member makes again after a concurrency conflict, as the web app tells them to; `idempotent` (a write
 * that sets a value: a toggle to done or not, an edit's text) also after an answer lost to a 5xx, which a second try
 * cannot double (a create can: its lost answers are counted instead).
 */
const until2xx = async <T>(write: () => Promise<ApiResponse<T>>, { idempotent = false } = {}): Promise<ApiResponse<T>> => {
  for (let attempt = 0; ; attempt++) {
    const res = await write();
    const again = res.status === 409 || (idempotent && res.status >= 500);
    if (ok(res) || !again || attempt === 10) return res;
  }
};

interface Member {
  session: UserSession;
  habits: Habit[];
  /** Each habit's state today as the member last set it. */
  doneToday: Map<string, boolean>;
  /** Entry id -> the texts it may hold: its last successful save, or any save whose answer was lost. */
  entries: Map<string, Set<string>>;
  /** Creates whose answer was lost (a 5xx): each may or may not be in the journal. */
  unknownCreates: Set<string>;
  plan: SpiritualPlan;
  completedActivities: Set<string>;
}

const habitBody = (i: number) => ({ name: `Habit ${i}`, description: 'Each morning', category: 'prayer', frequency: 'daily' });

const member = async (name: string): Promise<Member> => {
  // The mail leaves through identity's outbox relay: on a busy machine the relay of one of the freshly started instances
  // may lose its lease mid-publish, and another takes over once the lease's term has run out (10 s).
  const session = await UserSession.signUp({ name, mailTimeoutMs: 45_000 });
  const habits = await Promise.all(
    Array.from({ length: HABITS_EACH }, async (_, i) => {
      const res = await until2xx(() => session.post<Habit>('/api/habits', habitBody(i)));
      expect(res.status).toBe(201);
      return res.body;
    }),
  );
  const plan = (await until2xx(() => session.post<SpiritualPlan>('/api/spiritual-plans/regenerate'))).body;
  return { session, habits, doneToday: new Map(), entries: new Map(), unknownCreates: new Set(), plan, completedActivities: new Set() };
};

/** One member's concurrent writes, each answer recorded as the member saw it. */
const workload = async (m: Member): Promise<void> => {
  const { session } = m;
  await Promise.all([
    // Check-ins and undos on every habit at once; the last word on each is a plain write after the burst.
    ...m.habits.map(async (habit, h) => {
      await Promise.all(
        Array.from({ length: TOGGLES_PER_HABIT }, (_, i) => session.post(`/api/habits/${habit.id}/toggle`, { completed: i % 2 === 0 })),
      );
      const final = h !== 1;
      const res = await until2xx(() => session.post<{ habit: Habit }>(`/api/habits/${habit.id}/toggle`, { completed: final }), {
        idempotent: true,
      });
      expect(res.status).toBe(200);
      m.doneToday.set(habit.id, final);
    }),
    // Entries created together, then each edited, all of one member's list at once.
    (async () => {
      const texts = Array.from({ length: ENTRIES_EACH }, (_, i) => `Morning ${i}: grace upon grace`);
      const created = await Promise.all(
        texts.map((content) => until2xx(() => session.post<JournalEntry>('/api/journal/entries', { content, mood: 'peaceful' }))),
      );
      created.forEach((res, i) => {
        if (res.status === 201) m.entries.set(res.body.id, new Set([res.body.content]));
        else m.unknownCreates.add(texts[i]);
      });
      const known = [...m.entries.keys()];
      const edits = await Promise.all(
        known.map((id, i) => {
          const content = `Evening ${i}: the Lord is my shepherd, I lack nothing`;
          return until2xx(() => session.patch<JournalEntry>(`/api/journal/entries/${id}`, { content }), { idempotent: true }).then((res) => ({
            id,
            content,
            res,
          }));
        }),
      );
      for (const { id, content, res } of edits) {
        if (ok(res)) m.entries.set(id, new Set([content]));
        else m.entries.get(id)?.add(content);
      }
    })(),
    // Plan activities checked off together and one undone at the same time; then each set once more, in turn, to
    // what the member wants it to be (answers lost in the burst leave nothing to guess).
    (async () => {
      const chosen = activitiesOf(m.plan).slice(0, ACTIVITIES_EACH);
      const toggle = (id: string, completed: boolean) =>
        session.post<SpiritualPlan>(`/api/spiritual-plans/current/activities/${id}/toggle`, { completed });
      await Promise.all([...chosen.map((a) => toggle(a.id, true)), toggle(chosen[0].id, false)]);
      for (const [i, activity] of chosen.entries()) {
        const completed = i !== 0;
        expect((await until2xx(() => toggle(activity.id, completed), { idempotent: true })).status).toBe(200);
        if (completed) m.completedActivities.add(activity.id);
      }
    })(),
  ]);
};

describe('read models under concurrent writes', () => {
  it('answer what the members’ writes imply, and equal a rebuild from the events', async () => {
    const members = await Promise.all(
      Array.from({ length: MEMBERS }, (_, i) => member(['Lydia', 'Anna', 'Priscilla'][i] ?? `Member ${i}`)),
    );
    const [leader, ...others] = members;
    const before = await scrapeStack();
    const group = (await leader.session.post<GroupSummary>('/api/groups', { name: 'Thyatira morning prayer' })).body;

    // The others join while every member's check-ins (which the group's figures count) are being written.
    const [joins] = await Promise.all([
      Promise.all(others.map((m) => until2xx(() => m.session.post(`/api/groups/${group.id}/join`)))),
      ...members.map(workload),
    ]);
    expect(joins.map((j) => j.status)).toEqual(others.map(() => 200));
    // Each shares with the group (chosen per group, #26), so the leader's dashboard shows every week.
    const shared = await Promise.all(members.map((m) => until2xx(() => m.session.put(`/api/sharing/groups/${group.id}`, { shares: true }))));
    expect(shared.map((r) => r.status)).toEqual(members.map(() => 200));
    await stackSettled();

    // The writes spread over the instances, so concurrent writes to one member's documents came from different
    // processes: every instance of formation (habits, journal, plan) answered writes of the burst, and community's
    // three writes (the group, two joins), dealt round robin by the gateway, went to three different instances.
    const after = await scrapeStack();
    const writesServed = (label: string) =>
      ['POST', 'PATCH'].reduce(
        (sum, method) => sum + after.get(label)!.sum('http_requests_total', { method }) - before.get(label)!.sum('http_requests_total', { method }),
        0,
      );
    const replicas = Number(process.env.ABIDE_REPLICAS || 1);
    const writers = (service: string) => stackMetricsInstances(service).filter(({ label }) => writesServed(label) > 0).length;
    expect({ formation: writers('formation'), community: writers('community') }).toEqual({
      formation: replicas,
      community: Math.min(replicas, 1 + joins.length),
    });

    for (const m of members) {
      // Journal: every entry saved is listed with its last saved words (a create whose answer was lost may be there
      // too); the figures count what is listed.
      const list = await m.session.get<{ items: JournalEntry[]; total: number }>('/api/journal/entries?pageSize=50');
      const listed = new Map(list.body.items.map((e) => [e.id, e.content]));
      for (const [id, texts] of m.entries) expect([...texts]).toContain(listed.get(id));
      const extra = list.body.items.filter((e) => !m.entries.has(e.id));
      expect(extra.length).toBeLessThanOrEqual(m.unknownCreates.size);
      expect(list.body.total).toBe(list.body.items.length);
      const stats = await m.session.get<{ totalEntries: number; wordsThisWeek: number }>('/api/journal/stats');
      expect(stats.body).toMatchObject({
        totalEntries: list.body.total,
        wordsThisWeek: list.body.items.reduce((sum, e) => sum + words(e.content), 0),
      });

      // Habits: the board's done-today and streak follow the last check-in, and agree with the day's entries.
      const board = (await m.session.get<Habit[]>('/api/habits')).body;
      const entries = (await m.session.get<HabitEntry[]>('/api/habit-entries')).body;
      for (const habit of m.habits) {
        const shown = board.find((b) => b.id === habit.id);
        const done = m.doneToday.get(habit.id);
        expect({ habit: habit.name, done: shown?.completedOnDate, streak: shown?.streak }).toEqual({
          habit: habit.name,
          done,
          streak: done ? 1 : 0,
        });
        expect(entries.some((e) => e.habitId === habit.id && e.completed)).toBe(done);
      }

      // Plan: exactly the activities left checked off, and the week's figure counts them.
      const plan = (await m.session.get<SpiritualPlan>('/api/spiritual-plans/current')).body;
      expect(
        new Set(
          activitiesOf(plan)
            .filter((a) => a.completed)
            .map((a) => a.id),
        ),
      ).toEqual(m.completedActivities);
      const overview = (await m.session.get<FormationStats>('/api/stats/overview')).body;
      expect(overview.weekProgress.completed).toBe(m.completedActivities.size);
    }

    // The group card and the leader's dashboard: the members, and this week's check-ins, plan activities and journal
    // days of each (from formation's events, through Kafka, into community's own read models).
    const weekOf = (m: Member) => ({
      checkIns: [...m.doneToday.values()].filter(Boolean).length,
      planActivities: m.completedActivities.size,
      journalDays: m.entries.size > 0 ? 1 : 0,
    });
    const expected = {
      memberCount: MEMBERS,
      completed: members.reduce((sum, m) => sum + weekOf(m).checkIns, 0),
      weeks: Object.fromEntries(members.map((m) => [m.session.user.id, weekOf(m)])),
    };
    const shown = async () => {
      const dashboard = (await leader.session.get<Dashboard>(`/api/groups/${group.id}/dashboard`)).body;
      return {
        memberCount: dashboard.group.memberCount,
        completed: dashboard.group.weeklyProgress.completed,
        weeks: Object.fromEntries(dashboard.members.map((d) => [d.userId, d.week])),
      };
    };
    const matches = (actual: Awaited<ReturnType<typeof shown>>) => {
      try {
        expect(actual).toEqual(expected);
        return true;
      } catch {
        return undefined;
      }
    };
    await eventually(async () => matches(await shown()), { timeoutMs: 30_000 }).catch(() => undefined);
    expect(await shown()).toEqual(expected);
    const card = (await leader.session.get<GroupSummary[]>('/api/groups')).body.find((g) => g.id === group.id);
    expect({ memberCount: card?.memberCount, completed: card?.weeklyProgress.completed }).toEqual({
      memberCount: expected.memberCount,
      completed: expected.completed,
    });

    // Every read model of every service equals its rebuild from the events.
    const verified = await readModels('verify');
    expect({ status: verified.status, output: verified.output }).toEqual({ status: 0, output: expect.any(String) as string });
    expect(verified.output).not.toMatch(/differ from the rebuild/);
    for (const service of ['identity', 'formation', 'library', 'community']) expect(verified.output).toContain(`${service}: `);
  }, 240_000);
});
