import { EARLY_ANSWER_MAX_AGE_MS, takeEarlyAnswer } from './early-answers';

const origin = 'http://127.0.0.1:4200';
const answer = (token: string, at = 1000) => ({ token, at, response: Promise.resolve(new Response('{}')) });
const get = (path: string, token = 'tok') => new Request(origin + path, { headers: { Authorization: `Bearer ${token}` } });

describe('early answers (index.html reads taken by the app)', () => {
  beforeEach(() => {
    (globalThis as unknown as { window: unknown }).window = {
      location: { href: `${origin}/plan`, origin },
      __abideEarlyAnswers: { '/api/auth/me': answer('tok'), '/api/habits?date=2025-01-02': answer('tok') },
    };
  });
  afterEach(() => {
    delete (globalThis as unknown as { window?: unknown }).window;
  });

  it('gives a GET of the same path, query and token its answer, once', () => {
    expect(takeEarlyAnswer(get('/api/habits?date=2025-01-02'), 1500)).toBeDefined();
    expect(takeEarlyAnswer(get('/api/habits?date=2025-01-02'), 1500)).toBeUndefined();
  });

  it('never for another query, another token or an old answer', () => {
    expect(takeEarlyAnswer(get('/api/habits?date=2025-01-03'), 1500)).toBeUndefined();
    expect(takeEarlyAnswer(get('/api/auth/me', 'other'), 1500)).toBeUndefined();
    window.__abideEarlyAnswers = { '/api/auth/me': answer('tok') };
    expect(takeEarlyAnswer(get('/api/auth/me'), 1000 + EARLY_ANSWER_MAX_AGE_MS + 1)).toBeUndefined();
  });

  it('drops them all at the first write', () => {
    expect(takeEarlyAnswer(new Request(`${origin}/api/habits/h1/toggle`, { method: 'POST' }), 1500)).toBeUndefined();
    expect(takeEarlyAnswer(get('/api/auth/me'), 1500)).toBeUndefined();
  });
});
