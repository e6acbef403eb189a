import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { IdentityConfig } from '../config/env.schema';
import { Prometheus } from './prometheus';

/** A stand-in for Prometheus's HTTP API: answers `up` and refuses anything else as Prometheus does. */
const fakePrometheus = async (asked: string[]): Promise<{ server: Server; url: string }> => {
  const server = createServer((req, res) => {
    asked.push(req.url ?? '');
    const url = new URL(req.url ?? '/', 'http://x');
    res.setHeader('content-type', 'application/json');
    if (url.searchParams.get('query') === 'up') {
      res.end(
        JSON.stringify({ status: 'success', data: { resultType: 'vector', result: [{ metric: { job: 'identity' }, value: [1, '1'] }] } }),
      );
    } else {
      res.statusCode = 400;
      res.end(JSON.stringify({ status: 'error', errorType: 'bad_data', error: 'parse error at char 3' }));
    }
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return { server, url: `http://127.0.0.1:${(server.address() as AddressInfo).port}` };
};

const prometheusAt = (url: string) => new Prometheus({ PROMETHEUS_URL: url } as IdentityConfig);

describe(Prometheus.name, () => {
  const asked: string[] = [];
  let fake: { server: Server; url: string };

  beforeAll(async () => (fake = await fakePrometheus(asked)));
  afterAll(() => new Promise((resolve) => fake.server.close(resolve)));

  it("passes Prometheus's JSON on and asks only its query endpoints", async () => {
    const { body } = await prometheusAt(fake.url).query('query_range', { query: 'up', start: '0', end: '60', step: '15' });

    expect(body).toEqual({ status: 'success', data: { resultType: 'vector', result: [{ metric: { job: 'identity' }, value: [1, '1'] }] } });
    expect(asked.at(-1)).toBe('/api/v1/query_range?query=up&start=0&end=60&step=15');
  });

  it("answers a query Prometheus refuses with 400 and Prometheus's reason", async () => {
    await expect(prometheusAt(fake.url).query('query', { query: 'up{' })).rejects.toMatchObject({
      status: 400,
      detail: 'Prometheus refused the query: parse error at char 3',
    });
  });

  it('answers 503 naming Prometheus when it does not answer', async () => {
    const closed = await fakePrometheus([]);
    await new Promise((resolve) => closed.server.close(resolve));

    await expect(prometheusAt(closed.url).query('query', { query: 'up' })).rejects.toMatchObject({
      status: 503,
      detail: expect.stringContaining(`Prometheus at ${closed.url}`),
    });
    expect(await prometheusAt(closed.url).ready()).toMatchObject({ status: 'failing' });
  });
});
