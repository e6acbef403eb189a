import { topics, type Habit, type JournalEntry } from '@abide/contracts';
import { eventually, type ApiResponse, UserSession } from '@abide/testing';
import type { Connection } from 'mongoose';
import { OUTBOX_COLLECTION, UNPROJECTED_COLLECTION } from '@abide/event-store';
import { FaultStack } from './support/fault-stack';
import { createGroup, dailyHabit, dashboardOf, SETTLE_MS, sharingJoin, sharingMember } from './support/flows';
import { readTopic, serviceDatabase } from './support/inspect';
import { observe } from './support/observations';

const BURST_MS = 20_000;
const KILL_AT_MS = 6_000;

interface Attempt {
  member: number;
  kind: 'toggle' | 'journal';
  habitId?: string;
  completed?: boolean;
  content?: string;
  res: ApiResponse<{ id?: string; code?: string; detail?: string; entry?: { date: string } }>;
}

interface StoredEvent {
  _id: string;
  streamId: string;
  version: number;
  type: string;
  data: { habitId?: string; date?: string };
}

const entriesOf = async (member: UserSession): Promise<JournalEntry[]> => {
  const all: JournalEntry[] = [];
  for (let page = 1; ; page++) {
    const res = await member.get<{ items: JournalEntry[]; total: number }>(`/api/journal/entries?page=${page}&pageSize=50`);
    all.push(...res.body.items);
    if (all.length >= res.body.total || res.body.items.length === 0) return all;
  }
};

describe('a service killed with SIGKILL in the middle of a burst of writes', () => {
  let stack: FaultStack;
  let formationDb: Connection;

  beforeAll(async () => {
    stack = await FaultStack.start('sigkill');
    formationDb = await serviceDatabase(stack, 'formation');
  });

  afterAll(async () => {
    await formationDb?.close();
    await stack?.stop();
  });

  it('gives each client success or a clear error, heals its read models and publishes every stream in order', async () => {
    const leader = await UserSession.signUp({ name: 'Lydia' });
    const members = await Promise.all(
      ['Anna', 'Phoebe', 'Tabitha', 'Rhoda', 'Dorcas', 'Junia'].map((name) => sharingMember(name)),
    );
    const group = await createGroup(leader, 'Ephesus lecture hall');
    for (const member of members) expect((await sharingJoin(member, group.id)).status).toBe(200);
    const habits = await Promise.all(
      members.map(async (m) =>
        Promise.all(['Morning prayer', 'Scripture'].map(async (name) => (await m.post<Habit>('/api/habits', dailyHabit(name))).body)),
      ),
    );

    const attempts: Attempt[] = [];
    const started = Date.now();
    const burst = members.map(async (member, i) => {
      const state = [false, false];
      for (let n = 0; Date.now() - started < BURST_MS; n++) {
        const which = n % 2;
        const habitId = habits[i][which].id;
        const completed = !state[which];
        const toggled = await member.post<Attempt['res']['body']>(`/api/habits/${habitId}/toggle`, { completed });
        attempts.push({ member: i, kind: 'toggle', habitId, completed, res: toggled });
        if (toggled.status === 200) state[which] = completed;
        const content = `m${i} n${n}: a word kept`;
        const saved = await member.post<Attempt['res']['body']>('/api/journal/entries', { content, mood: 'hopeful' });
        attempts.push({ member: i, kind: 'journal', content, res: saved });
      }
    });
    const crash = (async () => {
      await new Promise((resolve) => setTimeout(resolve, KILL_AT_MS));
      await stack.killService('formation', 'SIGKILL');
      stack.startService('formation');
      await stack.waitReady(['formation'], 60_000);
    })();
    await Promise.all([...burst, crash]);

    // Each client saw success, or a clear problem it can act on: nothing else (no 500, no hang).
    const failed = attempts.filter((a) => a.res.status >= 300);
    expect(attempts.filter((a) => a.res.status < 300).length).toBeGreaterThan(members.length * 4);
    expect(failed.length).toBeGreaterThan(0);
    for (const { res } of failed) {
      expect({ clear: [409, 503, 504].includes(res.status), problem: res.headers.get('content-type'), code: res.body.code }).toEqual({
        clear: true,
        problem: expect.stringContaining('application/problem+json'),
        code: expect.any(String),
      });
    }

    const byStatus = (list: Attempt[]) =>
      list.reduce<Record<number, number>>((acc, a) => ({ ...acc, [a.res.status]: (acc[a.res.status] ?? 0) + 1 }), {});
    observe('sigkill-mid-burst', { requests: attempts.length, statuses: byStatus(attempts), killedAtMs: KILL_AT_MS, burstMs: BURST_MS });

    // The outbox drains after the restart (the new instance takes over the relay lease and heals the read models).
    const workLeft = async () =>
      (await formationDb.collection(OUTBOX_COLLECTION).countDocuments({})) +
      (await formationDb.collection(UNPROJECTED_COLLECTION).countDocuments({}));
    await eventually(async () => ((await workLeft()) === 0 ? true : undefined), { timeoutMs: SETTLE_MS });
    const events = (await formationDb.collection<StoredEvent>('events').find({}).toArray()).filter((e) =>
      e.type.startsWith('formation.habit.'),
    );

    // No stream has a gap or a half-applied decision: versions are 1..n.
    const versions = new Map<string, number[]>();
    for (const e of events) versions.set(e.streamId, [...(versions.get(e.streamId) ?? []), e.version]);
    for (const [streamId, list] of versions) {
      expect({ streamId, versions: [...list].sort((a, b) => a - b) }).toEqual({ streamId, versions: list.map((_, k) => k + 1) });
    }

    // Kafka holds every event of every stream, in version order (a republished event may repeat, never jump back).
    const published = await readTopic(stack.env.formation.KAFKA_BROKERS, `${stack.prefix}${topics.formationHabit}`);
    const seen = new Map<string, number[]>();
    for (const record of published) {
      const envelope = JSON.parse(record.value ?? '{}') as { streamId: string; version: number };
      const list = seen.get(envelope.streamId) ?? [];
      if (!list.includes(envelope.version)) {
        expect({ stream: envelope.streamId, after: list.at(-1) ?? 0 }).toEqual({ stream: envelope.streamId, after: envelope.version - 1 });
        list.push(envelope.version);
      }
      seen.set(envelope.streamId, list);
    }
    for (const [streamId, list] of versions)
      expect({ streamId, published: seen.get(streamId)?.length }).toEqual({ streamId, published: list.length });
    observe('sigkill-mid-burst', {
      habitEvents: events.length,
      streams: versions.size,
      kafkaRecords: published.length,
      republished: published.length - events.length,
    });

    // Formation's read models agree with its log, and community's figures agree with formation.
    // The members' local date, as formation recorded it (they live in UTC until they choose a zone).
    const today = attempts.find((a) => a.kind === 'toggle' && a.res.status === 200)?.res.body.entry?.date;
    const completedInLog = (habitId: string) =>
      events
        .filter((e) => e.data.habitId === habitId && e.data.date === today && /checked-in|check-in-undone/.test(e.type))
        .sort((a, b) => a.version - b.version)
        .at(-1)?.type === 'formation.habit.checked-in';
    await eventually(
      async () => {
        const dashboard = await dashboardOf(leader, group.id);
        for (const member of members) {
          const mine = (await member.get<Habit[]>('/api/habits')).body;
          for (const habit of mine)
            expect({ habit: habit.name, completed: habit.completedOnDate }).toEqual({
              habit: habit.name,
              completed: completedInLog(habit.id),
            });
          const checkedIn = mine.filter((h) => h.completedOnDate).length;
          if (dashboard.members.find((m) => m.userId === member.user.id)?.week?.checkIns !== checkedIn) return undefined;
        }
        return true;
      },
      { timeoutMs: SETTLE_MS, intervalMs: 1000 },
    );

    // Journal: every saved entry is there exactly once and whole; a failed save is either whole or absent.
    for (const [i, member] of members.entries()) {
      const entries = await entriesOf(member);
      const mine = attempts.filter((a) => a.member === i && a.kind === 'journal');
      const contents = entries.map((e) => e.content);
      expect(new Set(contents).size).toBe(contents.length);
      for (const content of contents) expect(mine.map((a) => a.content)).toContain(content);
      for (const saved of mine.filter((a) => a.res.status === 201)) expect(contents).toContain(saved.content);
    }
  });
});
