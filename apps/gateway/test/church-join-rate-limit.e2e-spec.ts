import type { ChurchDetail, ChurchSummary, ProblemDetails } from '@abide/contracts';
import { awayFromRateWindowEdge, call, randomClientIp, UserSession } from '@abide/testing';
import { randomUUID } from 'node:crypto';

/** The gateway's defaults (JOIN_CODE_RATE_LIMIT_MAX, JOIN_CODE_RATE_LIMIT_WINDOW_SECONDS; docs/churches.md). */
const LIMIT = 50;
const WINDOW_SECONDS = 900;

const createChurch = async (admin: UserSession): Promise<ChurchDetail> => {
  const res = await admin.post<ChurchSummary>('/api/churches', { name: 'Berea', slug: `berea-${randomUUID().slice(0, 8)}`, primaryColor: '#1e3a8a', timeZone: 'UTC' });
  if (res.status !== 201) throw new Error(`create failed: ${res.status}`);
  return (await admin.get<ChurchDetail>(`/api/churches/${res.body.id}`)).body;
};
/** A well-formed code no church has (8 characters of the code alphabet; a random one matches a church once in 31⁸). */
const unknownCode = () => `${randomUUID().replace(/[^a-f2-9]/g, '').slice(0, 8).toUpperCase().padEnd(8, 'X')}`;

describe('per-IP limit on church join codes (gateway, Redis)', () => {
  it('refuses with 429 and Retry-After once an address sent 50 codes that matched no church in 15 minutes; joins do not count', async () => {
    const [admin, joiner] = await Promise.all([UserSession.signUp(), UserSession.signUp()]);
    const churches = await Promise.all([createChurch(admin), createChurch(admin), createChurch(admin)]);
    await awayFromRateWindowEdge(WINDOW_SECONDS, 30);
    const clientIp = randomClientIp();
    const join = (code: string) => call<ProblemDetails>('POST', '/api/churches/join', { token: joiner.token, clientIp, body: { code } });

    const wrong = await Promise.all([join('not a code'), ...Array.from({ length: LIMIT - 2 }, () => join(unknownCode()))]);
    expect(wrong.map((r) => r.status)).toEqual([400, ...Array<number>(LIMIT - 2).fill(404)]);
    // A congregation joining on one network: each join and each "already a member" is given back.
    for (const church of churches) expect((await join(church.joinCode!)).status).toBe(200);
    expect((await join(churches[0].joinCode!)).status).toBe(409);
    expect((await join(unknownCode())).status).toBe(404);

    const refused = await join(unknownCode());
    expect(refused.status).toBe(429);
    expect(refused.headers.get('content-type')).toContain('application/problem+json');
    expect(refused.body.code).toBe('RATE_LIMITED');
    expect(refused.body.detail).toMatch(
      /^Too many join codes that did not work came from your network\. Please check the code with your church\. Try again in \d+ (minutes?|seconds?)\.$/,
    );
    const retryAfter = Number(refused.headers.get('retry-after'));
    expect(retryAfter).toBeGreaterThanOrEqual(1);
    expect(retryAfter).toBeLessThanOrEqual(WINDOW_SECONDS);
    // Even the right code waits now (a guesser could not tell a hit otherwise); another address is not affected.
    const newcomer = await UserSession.signUp();
    expect((await call('POST', '/api/churches/join', { token: newcomer.token, clientIp, body: { code: churches[0].joinCode } })).status).toBe(429);
    expect((await call('POST', '/api/churches/join', { token: newcomer.token, clientIp: randomClientIp(), body: { code: churches[0].joinCode } })).status).toBe(200);
  });

  it('keeps its own bucket: codes that did not work leave sign-in alone, and sign-in attempts leave joining alone', async () => {
    await awayFromRateWindowEdge(WINDOW_SECONDS, 30);
    const member = await UserSession.signUp();
    const clientIp = randomClientIp();
    await Promise.all(Array.from({ length: LIMIT + 1 }, () => call('POST', '/api/churches/join', { token: member.token, clientIp, body: { code: unknownCode() } })));

    expect((await call('POST', '/api/auth/sign-in', { clientIp, body: {} })).status).toBe(400);
    const other = randomClientIp();
    await Promise.all(Array.from({ length: 31 }, () => call('POST', '/api/auth/sign-in', { clientIp: other, body: {} })));
    expect((await call('POST', '/api/churches/join', { token: member.token, clientIp: other, body: { code: unknownCode() } })).status).toBe(404);
  });
});
