import type { ProblemDetails, ScripturePassage } from '@abide/contracts';
import { call, UserSession } from '@abide/testing';

const path = (ref: string) => `/api/scripture?ref=${encodeURIComponent(ref)}`;

describe('scripture text', () => {
  let lydia: UserSession;

  beforeAll(async () => {
    lydia = await UserSession.signUp({ name: 'Lydia' });
  });

  it('returns the verses of a reference as typed, in canonical form, from the World English Bible', async () => {
    const res = await lydia.get<ScripturePassage>(path('jn 3:16-18'));

    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ reference: 'John 3:16-18', translation: 'World English Bible', truncated: false });
    expect(res.body.verses.map((v) => [v.chapter, v.verse])).toEqual([
      [3, 16],
      [3, 17],
      [3, 18],
    ]);
    expect(res.body.verses[0].text).toMatch(/^For God so loved the world/);
  });

  it('cuts a long passage short and says so', async () => {
    const res = await lydia.get<ScripturePassage>(path('Psalm 119'));

    expect([res.status, res.body.verses.length, res.body.truncated]).toEqual([200, 60, true]);
  });

  it('refuses text that is no reference with 400, and a reference outside the Bible with 404', async () => {
    const unreadable = await lydia.get<ProblemDetails>(path('Love is patient'));
    const missing = await lydia.get<ProblemDetails>(path('John 22:1'));
    const empty = await lydia.get<ProblemDetails>('/api/scripture');

    expect(unreadable.status).toBe(400);
    expect(unreadable.headers.get('content-type')).toMatch(/application\/problem\+json/);
    expect(unreadable.body.errors).toEqual([{ field: 'ref', message: expect.stringMatching(/couldn't read that scripture reference/) }]);
    expect(missing.status).toBe(404);
    expect(missing.body.detail).toBe('John 22:1 is not in the Bible. Check the chapter and verse numbers.');
    expect(empty.status).toBe(400);
    expect(empty.body.errors?.[0].field).toBe('ref');
  });

  it('answers only a signed-in member', async () => {
    expect((await call('GET', path('John 3:16'))).status).toBe(401);
  });
});
