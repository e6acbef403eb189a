import { clockTime, rateLimitNotice, rateLimitText } from './auth-errors';

const limited = (body: Record<string, unknown>) => ({
  status: 429,
  data: { type: 'https://abide.app/problems/rate-limited', title: 'Too many requests', status: 429, code: 'RATE_LIMITED', ...body },
});

describe('rateLimitNotice', () => {
  it("says the server's moment in the reader's clock, with the server's reason", () => {
    const retryAt = '2026-11-29T21:41:30.000Z';
    const notice = rateLimitNotice(limited({ detail: 'Too many failed sign-ins for this account. Try again in 3 minutes.', retryAt }));

    expect(notice).toEqual({
      when: `You can try again at ${clockTime(new Date(retryAt))}.`,
      detail: 'Too many failed sign-ins for this account. Try again in 3 minutes.',
    });
  });

  it('never names a time the server did not give', () => {
    expect(rateLimitNotice(limited({ detail: 'Too many requests came from your network. Try again in 5 minutes.' }))).toEqual({
      when: '',
      detail: 'Too many requests came from your network. Try again in 5 minutes.',
    });
    expect(rateLimitText({ status: 429, data: 'Too Many Requests' })).toBe('Too many attempts. Please wait a little and try again.');
  });
});

describe('clockTime', () => {
  it('rounds up to the minute, so the time shown is never before the limit ends', () => {
    const at = new Date(2026, 10, 29, 21, 41, 30);
    expect(clockTime(at)).toBe(new Date(2026, 10, 29, 21, 42).toLocaleTimeString([], { hour: 'numeric', minute: '2-digit' }));
    expect(clockTime(new Date(2026, 10, 29, 21, 42, 0))).toBe(clockTime(at));
  });
});
