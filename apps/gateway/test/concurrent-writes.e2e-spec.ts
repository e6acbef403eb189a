import type { Habit, ProblemDetails } from '@abide/contracts';
import { UserSession } from '@abide/testing';

/**
 * Two tabs or a double click: many writes of one member at the same moment. Each answers either 200 or a 409 that says
 * to try again, never a 500, and what is stored afterwards is exactly what one of the 200s said.
 */
const PARALLEL = 20;

const expectOnlySuccessOrConflict = (responses: Array<{ status: number; body: unknown }>) => {
  const statuses = responses.map((r) => r.status);
  expect(statuses.filter((s) => s !== 200 && s !== 409)).toEqual([]);
  expect(statuses).toContain(200);
  for (const conflict of responses.filter((r) => r.status === 409)) {
    const problem = conflict.body as ProblemDetails & { code?: string };
    expect(problem.code).toBe('CONCURRENCY_CONFLICT');
    expect(problem.detail).toMatch(/try again/i);
  }
};

describe('parallel writes of one member', () => {
  it(`${PARALLEL} settings changes at once: each 200 or 409, and the stored settings are one of the answers`, async () => {
    const member = await UserSession.signUp();
    const frequencies = ['daily', 'weekly', 'none'] as const;
    const responses = await Promise.all(
      Array.from({ length: PARALLEL }, (_, i) =>
        member.patch<{ name: string; reminderFrequency: string }>('/api/settings', {
          name: `Lydia ${i}`,
          reminderFrequency: frequencies[i % frequencies.length],
        }),
      ),
    );
    expectOnlySuccessOrConflict(responses);
    const stored = (await member.get<{ name: string; reminderFrequency: string }>('/api/settings')).body;
    const answered = responses.filter((r) => r.status === 200).map((r) => `${r.body.name}|${r.body.reminderFrequency}`);
    expect(answered).toContain(`${stored.name}|${stored.reminderFrequency}`);
  });

  it(`${PARALLEL} rest-day changes at once: each 200 or 409, and the stored days are one of the answers`, async () => {
    const member = await UserSession.signUp();
    const responses = await Promise.all(
      Array.from({ length: PARALLEL }, (_, i) => member.put<{ weekdays: number[] }>('/api/habits/rest-days', { weekdays: [i % 7] })),
    );
    expectOnlySuccessOrConflict(responses);
    const stored = (await member.get<{ weekdays: number[] }>('/api/habits/rest-days')).body.weekdays;
    expect(responses.filter((r) => r.status === 200).map((r) => r.body.weekdays.join())).toContain(stored.join());
  });

  it(`${PARALLEL} check-in toggles of one habit at once: each 200 or 409, and the habit shows the last answer's state`, async () => {
    const member = await UserSession.signUp();
    const habit = (
      await member.post<Habit>('/api/habits', {
        name: 'Morning prayer',
        description: 'Before breakfast',
        category: 'prayer',
        frequency: 'daily',
        reminderTime: '07:00',
      })
    ).body;
    const responses = await Promise.all(
      Array.from({ length: PARALLEL }, (_, i) =>
        member.post<{ habit: Habit }>(`/api/habits/${habit.id}/toggle`, { completed: i % 2 === 0 }),
      ),
    );
    expectOnlySuccessOrConflict(responses);
    const stored = (await member.get<Habit>(`/api/habits/${habit.id}`)).body;
    expect(responses.filter((r) => r.status === 200).map((r) => r.body.habit.completedOnDate)).toContain(stored.completedOnDate);
    expect(stored.streak).toBe(stored.completedOnDate ? 1 : 0);
  });
});
