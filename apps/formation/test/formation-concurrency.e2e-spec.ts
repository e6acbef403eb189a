import type { JournalEntry, ProblemDetails, SpiritualPlan } from '@abide/contracts';
import { UserSession } from '@abide/testing';

/**
 * Two tabs or a double click on the journal and My Plan: many writes of one entry or one week's plan at the same
 * moment. Each answers either 200 or a 409 that says to try again, never a 500, and what is stored afterwards is what
 * one of the 200s said.
 */
const PARALLEL = 20;

const activitiesOf = (plan: SpiritualPlan) => plan.planData.dailyActivities.flatMap((d) => d.activities);

const expectOnlySuccessOrConflict = (responses: Array<{ status: number; body: unknown }>) => {
  const statuses = responses.map((r) => r.status);
  expect(statuses.filter((s) => s !== 200 && s !== 409)).toEqual([]);
  expect(statuses).toContain(200);
  for (const conflict of responses.filter((r) => r.status === 409)) {
    const problem = conflict.body as ProblemDetails;
    expect(problem.code).toBe('CONCURRENCY_CONFLICT');
    expect(problem.detail).toMatch(/try again/i);
  }
};

describe('parallel writes of one journal entry', () => {
  it(`${PARALLEL} saves of one entry at once: each 200 or 409, and the stored entry is one of the answers`, async () => {
    const member = await UserSession.signUp();
    const entry = (await member.post<JournalEntry>('/api/journal/entries', { content: 'First words', mood: 'peaceful' })).body;

    const responses = await Promise.all(
      Array.from({ length: PARALLEL }, (_, i) =>
        member.patch<JournalEntry>(`/api/journal/entries/${entry.id}`, { content: `Saved from tab ${i}`, gratitude: `Mercy ${i}` }),
      ),
    );

    expectOnlySuccessOrConflict(responses);
    const stored = (await member.get<JournalEntry>(`/api/journal/entries/${entry.id}`)).body;
    expect(stored.content).toBe(stored.gratitude?.replace('Mercy', 'Saved from tab'));
    expect(responses.filter((r) => r.status === 200).map((r) => r.body.content)).toContain(stored.content);
    // One entry still, counted once.
    expect((await member.get<{ total: number }>('/api/journal/entries')).body.total).toBe(1);
  });

  it('a save racing the removal of its entry: each 200, 204, 404 or 409, and the entry is gone', async () => {
    const member = await UserSession.signUp();
    const entry = (await member.post<JournalEntry>('/api/journal/entries', { content: 'Soon gone', mood: 'peaceful' })).body;

    const responses = await Promise.all([
      ...Array.from({ length: PARALLEL / 2 }, (_, i) => member.patch(`/api/journal/entries/${entry.id}`, { content: `Edit ${i}` })),
      member.delete(`/api/journal/entries/${entry.id}`),
    ]);

    expect(responses.map((r) => r.status).filter((s) => ![200, 204, 404, 409].includes(s))).toEqual([]);
    expect((await member.get(`/api/journal/entries/${entry.id}`)).status).toBe(404);
    expect((await member.get<{ total: number }>('/api/journal/entries')).body.total).toBe(0);
  });
});

describe("parallel writes of one week's plan", () => {
  it(`${PARALLEL} toggles of one activity at once: each 200 or 409, and the plan shows one of the answers' states`, async () => {
    const member = await UserSession.signUp();
    const plan = (await member.post<SpiritualPlan>('/api/spiritual-plans/regenerate')).body;
    const activity = activitiesOf(plan)[0];
    const toggle = `/api/spiritual-plans/current/activities/${activity.id}/toggle`;

    const responses = await Promise.all(
      Array.from({ length: PARALLEL }, (_, i) => member.post<SpiritualPlan>(toggle, { completed: i % 2 === 0 })),
    );

    expectOnlySuccessOrConflict(responses);
    const doneIn = (p: SpiritualPlan) => activitiesOf(p).find((a) => a.id === activity.id)?.completed;
    const stored = (await member.get<SpiritualPlan>('/api/spiritual-plans/current')).body;
    expect(responses.filter((r) => r.status === 200).map((r) => doneIn(r.body))).toContain(doneIn(stored));
  });

  it(`two tabs checking off different activities at once: each 200 or 409, and every one answered 200 is done`, async () => {
    const member = await UserSession.signUp();
    const plan = (await member.post<SpiritualPlan>('/api/spiritual-plans/regenerate')).body;
    const activities = activitiesOf(plan).slice(0, 8);

    const responses = await Promise.all(
      activities.map((a) => member.post<SpiritualPlan>(`/api/spiritual-plans/current/activities/${a.id}/toggle`, { completed: true })),
    );

    expectOnlySuccessOrConflict(responses);
    const answered = activities.filter((_, i) => responses[i].status === 200).map((a) => a.id);
    const stored = (await member.get<SpiritualPlan>('/api/spiritual-plans/current')).body;
    const done = activitiesOf(stored)
      .filter((a) => a.completed)
      .map((a) => a.id);
    expect(done.sort()).toEqual(answered.sort());
  });

  it('regenerating and catching up at once: each 200 or 409, and the plan is one the answers gave', async () => {
    const member = await UserSession.signUp();
    await member.post<SpiritualPlan>('/api/spiritual-plans/regenerate');

    const responses = await Promise.all(
      Array.from({ length: 8 }, (_, i) =>
        i % 2 === 0
          ? member.post<SpiritualPlan>('/api/spiritual-plans/regenerate')
          : member.post<{ plan: SpiritualPlan }>('/api/spiritual-plans/current/catch-up'),
      ),
    );

    expectOnlySuccessOrConflict(responses);
    const stored = (await member.get<SpiritualPlan>('/api/spiritual-plans/current')).body;
    const regenerated = responses.filter((r, i) => i % 2 === 0 && r.status === 200).map((r) => (r.body as SpiritualPlan).id);
    expect(regenerated).toContain(stored.id);
  });
});
