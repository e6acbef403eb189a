import type { Habit, HabitEntry, JournalEntry, ProblemDetails } from '@abide/contracts';
import { type ApiResponse, call, eventually, UserSession, withTestRedis } from '@abide/testing';
import { randomUUID } from 'node:crypto';

// A write replayed by the offline queue, a retry after a timeout or a double tap carries the same Idempotency-Key:
// the services apply it once and every repeat gets the first answer (docs/api.md, "Idempotency keys").

const prayer = { name: 'Morning prayer', description: '', category: 'prayer', frequency: 'daily', reminderTime: '07:00' };
type Page = { items: JournalEntry[]; total: number };

const withKey = <T>(member: UserSession, method: string, path: string, key: string, body: unknown): Promise<ApiResponse<T>> =>
  call<T>(method, path, { token: member.token, body, headers: { 'idempotency-key': key } });

/** The same request 20 times at once, as a replayed queue and a double tap would send it. */
const twentyAtOnce = <T>(member: UserSession, method: string, path: string, key: string, body: unknown) =>
  Promise.all(Array.from({ length: 20 }, () => withKey<T>(member, method, path, key, body)));

/** What a member would compare: status, body and where the answer points to. */
const seen = (res: ApiResponse) => ({ status: res.status, body: res.body, location: res.headers.get('location') });

describe('Idempotency-Key on writes', () => {
  it('creates one journal entry for 20 parallel requests with one key, each answered with the same 201', async () => {
    const ruth = await UserSession.signUp();
    const key = randomUUID();

    const answers = await twentyAtOnce<JournalEntry>(ruth, 'POST', '/api/journal/entries', key, {
      content: 'Kept once, sent twenty times.',
    });

    expect(answers.map(seen)).toEqual(Array(20).fill(seen(answers[0])));
    expect(answers[0].status).toBe(201);
    expect(answers[0].headers.get('location')).toBe(`/api/journal/entries/${answers[0].body.id}`);
    // One request was handled; every other one was a repeat of its answer.
    expect(answers.filter((res) => res.headers.get('idempotent-replayed') === 'true')).toHaveLength(19);
    const list = await ruth.get<Page>('/api/journal/entries');
    expect(list.body.items.map((entry) => entry.content)).toEqual(['Kept once, sent twenty times.']);
  });

  it('checks a habit in once for 20 parallel requests with one key: equal answers, one check-in on the board', async () => {
    const ruth = await UserSession.signUp();
    const habit = (await ruth.post<Habit>('/api/habits', prayer)).body;
    const key = randomUUID();

    const answers = await twentyAtOnce<{ entry: HabitEntry; habit: Habit }>(ruth, 'POST', `/api/habits/${habit.id}/toggle`, key, {
      completed: true,
      note: 'Psalm 23',
    });

    expect(answers.map(seen)).toEqual(Array(20).fill(seen(answers[0])));
    expect(answers[0].status).toBe(200);
    expect(answers[0].body.habit).toMatchObject({ streak: 1, completedOnDate: true });
    const today = answers[0].body.entry.date;
    const entries = (await ruth.get<HabitEntry[]>(`/api/habit-entries?date=${today}`)).body;
    expect(entries.map((entry) => [entry.habitId, entry.completed, entry.note])).toEqual([[habit.id, true, 'Psalm 23']]);

    // A repeat long after the first, with the check-in undone meanwhile, still answers what the first request got
    // and does not check the day in again.
    expect((await ruth.post(`/api/habits/${habit.id}/toggle`, { completed: false })).status).toBe(200);
    const late = await withKey(ruth, 'POST', `/api/habits/${habit.id}/toggle`, key, { completed: true, note: 'Psalm 23' });
    expect(seen(late)).toEqual(seen(answers[0]));
    const [board] = (await ruth.get<Habit[]>('/api/habits')).body;
    expect(board).toMatchObject({ id: habit.id, completedOnDate: false, streak: 0 });
  });

  it("keeps a journal answer sealed at rest like the entry's words, and a check-in's answer as it was sent", async () => {
    const ruth = await UserSession.signUp();
    const words = `Sealed words ${randomUUID()}`;
    const habit = (await ruth.post<Habit>('/api/habits', prayer)).body;
    expect((await withKey(ruth, 'POST', '/api/journal/entries', randomUUID(), { content: words })).status).toBe(201);
    expect((await withKey(ruth, 'POST', `/api/habits/${habit.id}/toggle`, randomUUID(), { completed: true })).status).toBe(200);

    // The answers are stored in Redis just after the replies went out.
    const kept = async () =>
      withTestRedis(async (redis, prefix) => {
        const keys = await redis.keys(`${prefix}:idempotency:${ruth.user.id}|*`);
        const values = keys.length ? await redis.mget(keys) : [];
        return keys.map((id, i) => ({
          id,
          ...(JSON.parse(values[i] ?? '{}') as { state: string; answer?: { body: string; sealed: boolean } }),
        }));
      });
    const records = await eventually(async () => {
      const found = await kept();
      return found.length === 2 && found.every((r) => r.state === 'answered') ? found : undefined;
    });
    const journal = records.find((r) => r.id.includes('/journal/'));
    const checkIn = records.find((r) => r.id.includes('/toggle'));
    expect(journal?.answer).toMatchObject({ sealed: true });
    expect(journal?.answer?.body).not.toContain(words);
    expect(checkIn?.answer).toMatchObject({ sealed: false });
    expect(JSON.parse(checkIn?.answer?.body ?? '{}')).toMatchObject({ habit: { id: habit.id, completedOnDate: true } });
  });

  it('refuses a key sent again with a different body with 422, changing nothing', async () => {
    const ruth = await UserSession.signUp();
    const key = randomUUID();
    expect((await withKey(ruth, 'POST', '/api/journal/entries', key, { content: 'The first words.' })).status).toBe(201);

    const other = await withKey<ProblemDetails>(ruth, 'POST', '/api/journal/entries', key, { content: 'Other words.' });

    expect(other.status).toBe(422);
    expect(other.headers.get('content-type')).toContain('application/problem+json');
    expect(other.body).toMatchObject({
      code: 'IDEMPOTENCY_KEY_REUSED',
      detail: 'This Idempotency-Key was already used for a different request. Send each new request with a new key.',
    });
    const list = await ruth.get<Page>('/api/journal/entries');
    expect(list.body.items.map((entry) => entry.content)).toEqual(['The first words.']);
  });

  it('keeps each member’s keys their own: two members sending one key each get their own entry', async () => {
    const [ruth, naomi] = await Promise.all([UserSession.signUp(), UserSession.signUp()]);
    const key = randomUUID();
    const body = { content: 'Same words, same key, two people.' };

    const [hers, theirs] = await Promise.all([
      withKey<JournalEntry>(ruth, 'POST', '/api/journal/entries', key, body),
      withKey<JournalEntry>(naomi, 'POST', '/api/journal/entries', key, body),
    ]);

    expect([hers.status, theirs.status]).toEqual([201, 201]);
    expect(hers.body.id).not.toBe(theirs.body.id);
    expect((await naomi.get<Page>('/api/journal/entries')).body.items.map((e) => e.id)).toEqual([theirs.body.id]);
    expect((await ruth.get<Page>('/api/journal/entries')).body.items.map((e) => e.id)).toEqual([hers.body.id]);
  });

  it('refuses a key that is not 1 to 128 visible characters with 400', async () => {
    const ruth = await UserSession.signUp();
    const res = await withKey<ProblemDetails>(ruth, 'POST', '/api/journal/entries', 'k'.repeat(129), { content: 'Too long a key.' });
    expect(res.status).toBe(400);
    expect(res.body.errors).toEqual([{ field: 'Idempotency-Key', message: expect.stringContaining('1 to 128 visible ASCII characters') }]);
    expect((await ruth.get<Page>('/api/journal/entries')).body.total).toBe(0);
  });
});
