import { Writable } from 'node:stream';
import { createFastifyAdapter } from './bootstrap-service';
import { createLogger, currentRequestId } from '../logging/logger';
import { installAccessLog } from '../logging/request-logging';

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

const appWith = async () => {
  const { lines, stream } = capture();
  const adapter = createFastifyAdapter();
  installAccessLog(adapter, createLogger('gateway', 'info', stream));
  const fastify = adapter.getInstance();
  fastify.get('/api/habits', async () => {
    await new Promise((resolve) => setTimeout(resolve, 1));
    return { seenAs: currentRequestId() };
  });
  fastify.post('/api/habits', async () => ({ seenAs: currentRequestId() }));
  fastify.get('/api/broken', async (_req, reply) => reply.status(503).send({}));
  fastify.get('/health/live', async () => ({ status: 'ok' }));
  await fastify.ready();
  return { fastify, lines };
};

describe('request logging', () => {
  it('answers with the caller’s request id and runs the handler in its context, with or without a body', async () => {
    const { fastify } = await appWith();
    // A real socket: a body arrives in later events than the request's start.
    const base = await fastify.listen({ port: 0, host: '127.0.0.1' });
    try {
      const get = await fetch(`${base}/api/habits`, { headers: { 'x-request-id': 'trace-me-1' } });
      const post = await fetch(`${base}/api/habits`, {
        method: 'POST',
        headers: { 'x-request-id': 'trace-me-2', 'content-type': 'application/json' },
        body: JSON.stringify({ name: 'Pray' }),
      });

      expect(get.headers.get('x-request-id')).toBe('trace-me-1');
      expect(await get.json()).toEqual({ seenAs: 'trace-me-1' });
      expect(await post.json()).toEqual({ seenAs: 'trace-me-2' });
    } finally {
      await fastify.close();
    }
  });

  it('starts a new id when the caller sends none or a malformed one', async () => {
    const { fastify } = await appWith();

    const res = await fastify.inject({ method: 'GET', url: '/api/habits', headers: { 'x-request-id': 'no spaces allowed' } });

    expect(res.headers['x-request-id']).toMatch(/^[0-9a-f-]{36}$/);
    expect(res.json()).toEqual({ seenAs: res.headers['x-request-id'] });
  });

  it('writes one line per request, an error line for a 5xx, none for a health probe', async () => {
    const { fastify, lines } = await appWith();

    await fastify.inject({ method: 'GET', url: '/api/habits?date=2026-01-01', headers: { 'x-request-id': 'r1' } });
    await fastify.inject({ method: 'GET', url: '/api/broken', headers: { 'x-request-id': 'r2' } });
    await fastify.inject({ method: 'GET', url: '/health/live' });

    expect(lines).toEqual([
      expect.objectContaining({
        level: 30,
        service: 'gateway',
        req: { id: 'r1', method: 'GET', url: '/api/habits?date=2026-01-01' },
        res: { statusCode: 200 },
        responseTime: expect.any(Number),
        msg: 'request completed',
      }),
      expect.objectContaining({
        level: 50,
        req: { id: 'r2', method: 'GET', url: '/api/broken' },
        res: { statusCode: 503 },
        msg: 'request errored',
      }),
    ]);
  });

  it('logs a search without its words: a member’s search of their journal is as private as the journal', async () => {
    const { fastify, lines } = await appWith();

    await fastify.inject({
      method: 'GET',
      url: '/api/habits?page=2&q=my%20brother%27s%20illness&drafts=1',
      headers: { 'x-request-id': 'r3' },
    });
    await fastify.inject({ method: 'GET', url: '/api/habits?q=grief', headers: { 'x-request-id': 'r4' } });

    expect(lines.map((l) => (l.req as { url: string }).url)).toEqual([
      '/api/habits?page=2&q=[redacted]&drafts=1',
      '/api/habits?q=[redacted]',
    ]);
  });

  it('logs a URL without the credentials it carries (the live stream’s token, a link’s code, a signed URL)', async () => {
    const { fastify, lines } = await appWith();

    await fastify.inject({
      method: 'GET',
      url: '/api/habits?access_token=eyJ.part-two.part-three&after=5',
      headers: { 'x-request-id': 'r5' },
    });
    await fastify.inject({ method: 'GET', url: '/api/habits?code=abc123&X-Amz-Signature=f00d&refresh%5Ftoken=r1&page=2' });

    expect(lines.map((l) => (l.req as { url: string }).url)).toEqual([
      '/api/habits?access_token=[redacted]&after=5',
      '/api/habits?code=[redacted]&X-Amz-Signature=[redacted]&refresh%5Ftoken=[redacted]&page=2',
    ]);
  });
});
