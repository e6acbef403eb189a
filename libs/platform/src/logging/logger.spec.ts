import { Writable } from 'node:stream';
import { AppLogger, createLogger, currentRequestId, requestContext } from './logger';

const capture = () => {
  const lines: Record<string, unknown>[] = [];
  const stream = new Writable({
    write(chunk: Buffer, _encoding, done) {
      lines.push(JSON.parse(chunk.toString()));
      done();
    },
  });
  return { lines, stream };
};

const request = { req: { id: 'req-1', method: 'GET', url: '/habits' } };

describe(AppLogger.name, () => {
  it('writes one JSON line with the service, and the request inside a request only', async () => {
    const { lines, stream } = capture();
    const sut = new AppLogger(createLogger('formation', 'info', stream));

    sut.log('outside', 'Boot');
    await requestContext.run(request, async () => {
      await Promise.resolve();
      sut.warn({ habitId: 'h1' }, 'inside', 'Habits');
    });

    expect(lines).toEqual([
      expect.objectContaining({ level: 30, service: 'formation', context: 'Boot', msg: 'outside' }),
      expect.objectContaining({ level: 40, service: 'formation', context: 'Habits', habitId: 'h1', msg: 'inside', req: request.req }),
    ]);
    expect(lines[0]).not.toHaveProperty('req');
  });

  it('keeps the request context it read from untouched by the fields of a line', () => {
    const { lines, stream } = capture();
    const sut = new AppLogger(createLogger('gateway', 'info', stream));

    requestContext.run(request, () => sut.log({ req: { id: 'other' } }, 'explicit wins'));

    expect(lines[0].req).toEqual({ id: 'other' });
    expect(request.req).toEqual({ id: 'req-1', method: 'GET', url: '/habits' });
  });

  it('logs an Error as err, and Nest’s (message, stack, context) as an error with that stack', () => {
    const { lines, stream } = capture();
    const sut = new AppLogger(createLogger('identity', 'info', stream));

    sut.error(new Error('boom'), 'Errors');
    sut.error('Unhandled', 'Error: Unhandled\n    at somewhere (file.ts:1:1)', 'ExceptionsHandler');

    expect(lines[0]).toMatchObject({ level: 50, context: 'Errors', err: { message: 'boom', type: 'Error' } });
    expect(lines[1]).toMatchObject({
      level: 50,
      context: 'ExceptionsHandler',
      err: { message: 'Unhandled', stack: expect.stringContaining('at somewhere') },
    });
  });

  it('writes nothing below its level', () => {
    const { lines, stream } = capture();
    const sut = new AppLogger(createLogger('library', 'warn', stream));

    sut.log('info line');
    sut.debug('debug line');

    expect(lines).toEqual([]);
  });

  it('tells the id of the request being handled', () => {
    expect(currentRequestId()).toBeUndefined();
    expect(requestContext.run(request, currentRequestId)).toBe('req-1');
  });
});
