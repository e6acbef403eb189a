import type { GroupSummary, PrayerRequest, ProblemDetails, Resource } from '@abide/contracts';
import { settled, submission, testBuckets, txt, upload, UserSession } from '@abide/testing';
import { closePublisher, objectsOf } from './library-e2e.support';

/**
 * Two tabs or a double click on one resource or one prayer request: many writes of one stream at the same moment.
 * Each answers with success, a refusal the domain gives anyway (already submitted, already deleted), or a 409 that
 * says to try again, never a 500; and what is stored afterwards agrees with the successful answers.
 */
const PARALLEL = 12;

type Answer = { status: number; body: unknown };

const problemOf = (r: Answer) => r.body as ProblemDetails;

/** Only `ok`, the statuses in `alsoAllowed`, or a 409 lost race; and at least one `ok`. */
const expectNoFailure = (responses: Answer[], ok: number, alsoAllowed: number[] = []) => {
  const statuses = responses.map((r) => r.status);
  expect(statuses.filter((s) => s !== ok && s !== 409 && !alsoAllowed.includes(s))).toEqual([]);
  expect(statuses).toContain(ok);
  for (const lost of responses.filter((r) => r.status === 409 && problemOf(r).code === 'CONCURRENCY_CONFLICT')) {
    expect(problemOf(lost).detail).toMatch(/try again/i);
  }
};

afterAll(async () => {
  await closePublisher();
});

describe('parallel writes of one resource by its owner', () => {
  it(`${PARALLEL} edits of one draft at once: each 200 or 409, and the stored draft is one of the answers`, async () => {
    const owner = await UserSession.signUp();
    const draft = await upload(
      owner,
      txt('Words on patience.'),
      submission({ termsAccepted: 'false', draft: 'true', visibility: 'private' }),
    );
    expect(draft.status).toBe(201);

    const responses = await Promise.all(
      Array.from({ length: PARALLEL }, (_, i) => owner.patch<Resource>(`/api/uploads/${draft.body.id}`, { title: `Patience ${i}` })),
    );
    expectNoFailure(responses, 200);
    for (const lost of responses.filter((r) => r.status === 409)) expect(problemOf(lost).code).toBe('CONCURRENCY_CONFLICT');
    const stored = (await owner.get<Resource>(`/api/uploads/${draft.body.id}`)).body;
    expect(stored.status).toBe('draft');
    expect(responses.filter((r) => r.status === 200).map((r) => r.body.title)).toContain(stored.title);
  });

  it(`${PARALLEL} submits of one draft at once: one goes through, the others are told it already was`, async () => {
    const owner = await UserSession.signUp();
    const draft = await upload(owner, txt('Words on joy.'), submission({ termsAccepted: 'false', draft: 'true', visibility: 'private' }));

    const responses = await Promise.all(
      Array.from({ length: PARALLEL }, () => owner.post<Resource>(`/api/uploads/${draft.body.id}/submit`, { termsAccepted: true })),
    );
    expectNoFailure(responses, 200);
    expect(responses.filter((r) => r.status === 200)).toHaveLength(1);
    for (const refused of responses.filter((r) => r.status === 409 && problemOf(r).code !== 'CONCURRENCY_CONFLICT')) {
      expect(problemOf(refused)).toMatchObject({ code: 'CONFLICT', detail: 'This resource was already submitted.' });
    }
    await settled(owner, draft.body.id, 'approved');
  });

  it(`${PARALLEL} deletes of one resource at once: one 204, the others find nothing left (404), and its file is gone`, async () => {
    const owner = await UserSession.signUp();
    const res = await upload(owner, txt('Words on peace.'), submission({ visibility: 'private' }));
    await settled(owner, res.body.id, 'approved');

    const responses = await Promise.all(Array.from({ length: PARALLEL }, () => owner.delete(`/api/uploads/${res.body.id}`)));
    expectNoFailure(responses, 204, [404]);
    expect(responses.filter((r) => r.status === 204)).toHaveLength(1);
    expect((await owner.get(`/api/uploads/${res.body.id}`)).status).toBe(404);
    expect(await objectsOf(testBuckets.store(), owner.user.id)).toEqual([]);
  });
});

describe('parallel writes of one prayer request', () => {
  const groupWith = async (owner: UserSession, members: UserSession[]) => {
    const group = (await owner.post<GroupSummary>('/api/groups', { name: 'Troas prayer group' })).body;
    for (const member of members) expect((await member.post(`/api/groups/${group.id}/join`)).status).toBeLessThan(300);
    return group;
  };

  it('members praying at once (each clicking twice): each 200 or 409, and every member who got a 200 is counted once', async () => {
    const [author, ...members] = await Promise.all(Array.from({ length: 6 }, () => UserSession.signUp()));
    const group = await groupWith(author, members);
    const prayer = (await author.post<PrayerRequest>(`/api/groups/${group.id}/prayers`, { text: 'For the journey to Macedonia' })).body;
    const path = `/api/groups/${group.id}/prayers/${prayer.id}/prayed`;

    const clicks = [...members, ...members, author];
    const responses = await Promise.all(clicks.map((member) => member.post<PrayerRequest>(path)));
    expectNoFailure(responses, 200);
    for (const lost of responses.filter((r) => r.status === 409)) expect(problemOf(lost).code).toBe('CONCURRENCY_CONFLICT');
    const counted = new Set(clicks.filter((_, i) => responses[i].status === 200).map((member) => member.user.id));
    const stored = (await author.get<PrayerRequest[]>(`/api/groups/${group.id}/prayers`)).body.find((p) => p.id === prayer.id);
    expect(stored?.prayedCount).toBe(counted.size);
  });

  it(`${PARALLEL} “answered” marks by the author at once: each 200 or 409, and the stored testimony is one of the answers`, async () => {
    const [author, member] = await Promise.all([UserSession.signUp(), UserSession.signUp()]);
    const group = await groupWith(author, [member]);
    const prayer = (await author.post<PrayerRequest>(`/api/groups/${group.id}/prayers`, { text: 'For Eutychus' })).body;

    const responses = await Promise.all(
      Array.from({ length: PARALLEL }, (_, i) =>
        author.post<PrayerRequest>(`/api/groups/${group.id}/prayers/${prayer.id}/answered`, { testimony: `He woke up (${i})` }),
      ),
    );
    expectNoFailure(responses, 200);
    for (const lost of responses.filter((r) => r.status === 409)) expect(problemOf(lost).code).toBe('CONCURRENCY_CONFLICT');
    const stored = (await member.get<PrayerRequest[]>(`/api/groups/${group.id}/prayers`)).body.find((p) => p.id === prayer.id);
    expect(stored?.answered).toBe(true);
    expect(responses.filter((r) => r.status === 200).map((r) => r.body.testimony)).toContain(stored?.testimony);
  });
});
