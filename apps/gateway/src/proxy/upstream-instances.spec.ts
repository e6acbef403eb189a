import http, { type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { Pool } from 'undici';
import { ForwardedBody } from './forwarded-body';
import { mayTryAnother, UpstreamInstances } from './upstream-instances';

/** A service instance: answers with its name and the body it read, and counts the requests it received. */
interface Instance {
  name: string;
  url: string;
  received: string[];
  server: Server;
  /** What it does with a request; default: answer 200 with `name:body`. */
  behave?: (req: IncomingMessage, res: http.ServerResponse, body: string) => void;
}

const listen = async (name: string): Promise<Instance> => {
  const instance = { name, received: [] as string[] } as Instance;
  instance.server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const body = Buffer.concat(chunks).toString();
      instance.received.push(`${req.method} ${body}`);
      if (instance.behave) return instance.behave(req, res, body);
      res.end(`${name}:${body}`);
    });
  });
  await new Promise<void>((resolve) => instance.server.listen(0, '127.0.0.1', resolve));
  instance.url = `http://127.0.0.1:${(instance.server.address() as AddressInfo).port}`;
  return instance;
};

/** Ends an instance like a killed process: its port refuses connections and its open connections break. */
const kill = async (instance: Instance) => {
  instance.server.closeAllConnections();
  await new Promise((resolve) => instance.server.close(resolve));
};

/**
 * A gateway in miniature: the same pieces service-client.ts puts together (instances of undici Pools, a body that is
 * read only once connected, the resend rule), in front of the instances.
 */
const edge = async (upstream: UpstreamInstances<Pool>) => {
  const server = http.createServer((req, res) => {
    let body: ForwardedBody | undefined;
    const hasBody = req.headers['content-length'] !== undefined && req.headers['content-length'] !== '0';
    upstream
      .send(
        ({ pool }) => {
          body = hasBody ? new ForwardedBody(req) : undefined;
          return pool.request({
            method: req.method as 'POST',
            path: req.url ?? '/',
            body,
            headers: { 'content-length': req.headers['content-length'] ?? '0' },
          });
        },
        (error) => mayTryAnother(req.method ?? 'GET', error, body?.started ?? false),
      )
      .then(async (response) => res.writeHead(response.statusCode).end(await response.body.text()))
      .catch(() => res.writeHead(503).end('unavailable'));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return { server, url: `http://127.0.0.1:${(server.address() as AddressInfo).port}` };
};

describe('UpstreamInstances: the replicas of one service behind the gateway', () => {
  let instances: Instance[];
  let upstream: UpstreamInstances<Pool>;
  let front: { server: Server; url: string };
  let clock: number;

  beforeEach(async () => {
    instances = await Promise.all(['a', 'b', 'c'].map(listen));
    clock = 1_000_000;
    upstream = new UpstreamInstances(
      instances.map((i) => i.url),
      (url) => new Pool(url, { connections: 4 }),
      () => clock,
    );
    front = await edge(upstream);
  });

  afterEach(async () => {
    await new Promise((resolve) => front.server.close(resolve));
    front.server.closeAllConnections();
    await Promise.all(upstream.instances.map(({ pool }) => pool.close()));
    await Promise.all(instances.filter((i) => i.server.listening).map(kill));
  });

  const call = async (method: string, body?: string) => {
    const res = await fetch(`${front.url}/work`, { method, body });
    return { status: res.status, text: await res.text() };
  };

  it('spreads requests evenly over the instances, in turn', async () => {
    const answers: string[] = [];
    for (let n = 0; n < 9; n++) answers.push((await call('GET')).text.split(':')[0]);
    expect(answers).toEqual(['a', 'b', 'c', 'a', 'b', 'c', 'a', 'b', 'c']);
  });

  it('sends every request to the others once an instance is killed, body and all, and leaves it out for a while', async () => {
    await call('GET'); // opens kept-alive connections to a …
    await kill(instances[1]);
    const answers: Array<{ status: number; text: string }> = [];
    for (let n = 0; n < 12; n++) answers.push(await call(n % 2 ? 'GET' : 'POST', n % 2 ? undefined : `entry ${n}`));
    expect(answers.map((a) => a.status)).toEqual(Array(12).fill(200));
    // Each write reached exactly one live instance, with its body whole.
    const writes = [...instances[0].received, ...instances[2].received].filter((r) => r.startsWith('POST'));
    expect(writes.sort()).toEqual(['POST entry 0', 'POST entry 10', 'POST entry 2', 'POST entry 4', 'POST entry 6', 'POST entry 8']);
    expect(upstream.instances[1].downUntil).toBeGreaterThan(clock);
    // While it is down it is not even tried: the others take turns.
    const before = upstream.instances[1].downUntil;
    await call('GET');
    expect(upstream.instances[1].downUntil).toBe(before);
  });

  it('tries an instance again once its time out is over, and takes it back when it answers', async () => {
    const port = Number(new URL(instances[1].url).port);
    await kill(instances[1]);
    for (let n = 0; n < 3; n++) expect((await call('GET')).status).toBe(200);
    expect(upstream.instances[1].downUntil).toBeGreaterThan(clock);
    // It comes back on the same port (a restarted process).
    const back = await listen('b2');
    await kill(back);
    back.server.listen(port, '127.0.0.1');
    await new Promise((resolve) => back.server.once('listening', resolve));
    instances[1] = back;
    clock += 10_000;
    const answers: string[] = [];
    for (let n = 0; n < 6; n++) answers.push((await call('GET')).text.split(':')[0]);
    expect(answers).toContain('b2');
    expect(upstream.instances[1].downUntil).toBe(0);
  });

  it('never sends a write again that an instance may have received (its connection broke mid-request): 503', async () => {
    // b takes the write and dies before answering.
    instances[1].behave = (req) => req.socket.destroy();
    expect((await call('GET')).text).toMatch(/^a:/);
    const lost = await call('POST', 'only once');
    expect(lost.status).toBe(503);
    const everywhere = instances.flatMap((i) => i.received).filter((r) => r === 'POST only once');
    expect(everywhere).toHaveLength(1);
    // A read that met the same fate is asked of another instance.
    instances[2].behave = (req) => req.socket.destroy();
    clock += 10_000;
    const read = await call('GET');
    expect(read.status).toBe(200);
  });

  it('answers 503 when every instance is down, and still tries one (the soonest back) on the next request', async () => {
    await Promise.all(instances.map(kill));
    expect((await call('GET')).status).toBe(503);
    expect(upstream.instances.every((i) => i.downUntil > clock)).toBe(true);
    const port = Number(new URL(instances[0].url).port);
    const back = await listen('a2');
    await kill(back);
    back.server.listen(port, '127.0.0.1');
    await new Promise((resolve) => back.server.once('listening', resolve));
    instances[0] = back;
    const answers: number[] = [];
    for (let n = 0; n < 3; n++) answers.push((await call('GET')).status);
    expect(answers).toEqual([200, 200, 200]);
  });
});

describe('mayTryAnother: when a failed request may go to another instance', () => {
  const refused = Object.assign(new Error('connect ECONNREFUSED'), { code: 'ECONNREFUSED' });
  const reset = Object.assign(new Error('other side closed'), { code: 'UND_ERR_SOCKET' });
  const timeout = Object.assign(new Error('Headers Timeout Error'), { code: 'UND_ERR_HEADERS_TIMEOUT' });

  it.each([
    ['POST', refused, false, true],
    ['POST', refused, true, false],
    ['POST', reset, false, false],
    ['DELETE', reset, false, false],
    ['GET', reset, false, true],
    ['GET', timeout, false, false],
    ['POST', new Error('something else'), false, false],
  ])('%s after %s (body sent: %s): %s', (method, error, bodySent, expected) => {
    expect(mayTryAnother(method, error, bodySent)).toBe(expected);
  });
});
