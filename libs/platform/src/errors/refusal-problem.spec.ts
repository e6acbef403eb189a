import { errorCodes, Refusal } from '@abide/contracts';
import type { ArgumentsHost } from '@nestjs/common';
import { ProblemDetailsFilter } from './problem-details.filter';
import { tooManyRequests } from './retry-after';

const answer = (exception: unknown, headers: Record<string, string> = {}) => {
  const sent: { status?: number; body?: Record<string, unknown> } = {};
  const reply = {
    status: (status: number) => ((sent.status = status), reply),
    headers: () => reply,
    send: (body: Record<string, unknown>) => ((sent.body = body), reply),
  };
  const host = {
    getType: () => 'http',
    switchToHttp: () => ({ getRequest: () => ({ id: 'req-1', url: '/habits/h1/toggle', headers }), getResponse: () => reply }),
  } as unknown as ArgumentsHost;
  new ProblemDetailsFilter().catch(exception, host);
  return sent;
};

describe(ProblemDetailsFilter.name, () => {
  it('returns the status of a refusal’s code with its message and field', () => {
    const sut = answer(new Refusal(errorCodes.validationFailed, 'You can check in only for the last 7 days.', 'date'));
    expect(sut.status).toBe(400);
    expect(sut.body).toMatchObject({
      code: 'VALIDATION_FAILED',
      detail: 'You can check in only for the last 7 days.',
      errors: [{ field: 'date', message: 'You can check in only for the last 7 days.' }],
    });
  });

  it('lists every field of a refusal about several, each with its own message', () => {
    const sut = answer(
      Refusal.fields([
        { field: 'weeks.0.title', message: 'Give the week a title.' },
        { field: 'title', message: 'Too long.' },
      ]),
    );
    expect(sut.status).toBe(400);
    expect(sut.body).toMatchObject({
      code: 'VALIDATION_FAILED',
      detail: 'Some fields need your attention.',
      errors: [
        { field: 'weeks.0.title', message: 'Give the week a title.' },
        { field: 'title', message: 'Too long.' },
      ],
    });
  });

  it('returns 404, 403 and 409 for refusals coded not found, forbidden and a lost race', () => {
    expect(answer(new Refusal(errorCodes.notFound, 'This habit was not found.')).status).toBe(404);
    expect(answer(new Refusal(errorCodes.forbidden, 'Only the owner can do this.')).status).toBe(403);
    expect(answer(new Refusal(errorCodes.concurrencyConflict, 'This changed at the same moment elsewhere.')).body).toMatchObject({
      status: 409,
      code: 'CONCURRENCY_CONFLICT',
    });
  });

  it('names the public URL of a request the gateway forwarded, and the service’s own otherwise', () => {
    const refusal = new Refusal(errorCodes.notFound, 'This habit was not found.');

    expect(answer(refusal, { 'x-forwarded-prefix': '/api' }).body?.instance).toBe('/api/habits/h1/toggle');
    expect(answer(refusal).body?.instance).toBe('/habits/h1/toggle');
    expect(answer(refusal, { 'x-forwarded-prefix': 'https://elsewhere' }).body?.instance).toBe('/habits/h1/toggle');
  });

  it('names the moment a limit ends as retryAt, beside its Retry-After', () => {
    const before = Date.now();
    const sut = answer(tooManyRequests('Too many failed sign-ins for this account.', 90));
    const retryAt = Date.parse(String(sut.body?.retryAt));
    expect(sut.status).toBe(429);
    expect(retryAt).toBeGreaterThanOrEqual(before + 90_000);
    expect(retryAt).toBeLessThanOrEqual(Date.now() + 90_000);
  });

  it('sends no retryAt when nothing said when to try again', () => {
    expect(answer(new Refusal(errorCodes.validationFailed, 'No.', 'date')).body).not.toHaveProperty('retryAt');
  });
});
