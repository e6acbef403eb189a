import type { JournalEntry, ProblemDetails } from '@abide/contracts';
import { awayFromRateWindowEdge, call, expectRefusedUntil, randomClientIp, UserSession } from '@abide/testing';

/** The gateway's defaults (JOURNAL_INSIGHT_RATE_LIMIT_MAX, JOURNAL_INSIGHT_RATE_LIMIT_WINDOW_SECONDS; docs/api.md "Limits"). */
const LIMIT = 20;
const WINDOW_SECONDS = 600;

describe('per-member limit on reflections (gateway, declared on formation’s route, Redis)', () => {
  it('makes 20 reflections in 10 minutes for a member, from any network, then says when to ask again; others are not held', async () => {
    const [ruth, naomi] = await Promise.all([UserSession.signUp({ name: 'Ruth' }), UserSession.signUp({ name: 'Naomi' })]);
    const written = await ruth.post<JournalEntry>('/api/journal/entries', { content: 'The Lord is my shepherd; I shall not want.' });
    expect(written.status).toBe(201);
    await awayFromRateWindowEdge(WINDOW_SECONDS, 30);
    const reflect = (member: UserSession, id = written.body.id) =>
      call<ProblemDetails>('POST', `/api/journal/entries/${id}/insight`, { token: member.token, clientIp: randomClientIp() });

    // An entry that is not there costs formation nothing, so it is not counted.
    expect((await reflect(ruth, '0195f0c0-0000-7000-8000-000000000000')).status).toBe(404);
    const made: number[] = [];
    for (let i = 0; i < LIMIT; i += 5)
      made.push(...(await Promise.all(Array.from({ length: 5 }, () => reflect(ruth)))).map((r) => r.status));
    const refused = await reflect(ruth);

    expect(made).toEqual(Array<number>(LIMIT).fill(200));
    expectRefusedUntil(
      refused,
      /^You have asked for many reflections in a short time\. Try again in \d+ (seconds?|minutes?)\.$/,
      WINDOW_SECONDS,
    );
    // Naomi has her own allowance; a request without a session is formation's 401, never counted for anyone.
    const mine = await naomi.post<JournalEntry>('/api/journal/entries', { content: 'Where you go I will go.' });
    expect((await reflect(naomi, mine.body.id)).status).toBe(200);
    expect((await call('POST', `/api/journal/entries/${written.body.id}/insight`, { clientIp: randomClientIp() })).status).toBe(401);
  });
});
