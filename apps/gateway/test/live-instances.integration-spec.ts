import { topics } from '@abide/contracts';
import { type KafkaPublisher, LiveSignals } from '@abide/messaging';
import { createTopics, deleteTopics, testBrokers, testPublisher, waitFor } from '@abide/messaging/src/testing/test-engines';
import { integrationEnv, openLiveStream, type LiveStreamClient } from '@abide/testing';
import type { NestFastifyApplication } from '@nestjs/platform-fastify';
import { exportJWK, generateKeyPair, type JWK, SignJWT } from 'jose';
import { AssignerProtocol, Kafka, logLevel, Partitioners } from 'kafkajs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { connect, type Socket } from 'node:net';
import { randomUUID } from 'node:crypto';
import { request } from 'undici';
import { LiveSlots } from '../src/live/live-slots';
import { LiveStreams } from '../src/live/live-streams';
import { Redis } from 'ioredis';

/**
 * The push channel across two gateway instances on the real Kafka and Redis (docs/architecture.md, "Live updates"):
 * both instances share the live consumer group and one Redis, a member's stream may be held by either, and the
 * signals are sent as the services send them (LiveSignals).
 */
const { suffix, env } = integrationEnv('gateway');
const prefix = `it_live_${suffix}.`;
process.env.KAFKA_TOPIC_PREFIX = prefix;
const liveTopic = `${prefix}${topics.liveSignal}`;
const PARTITIONS = 6;

let jwks: Server;
let jwksUrl: string;
let sign: (sub: string, roles?: string[], expiresInSeconds?: number, aal?: 'aal1' | 'aal2') => Promise<string>;
let a: NestFastifyApplication;
let b: NestFastifyApplication;
let urlA: string;
let urlB: string;
let publisher: KafkaPublisher;
let live: LiveSignals;
const opened: LiveStreamClient[] = [];

const urlOf = (app: NestFastifyApplication) => `http://127.0.0.1:${(app.getHttpServer().address() as AddressInfo).port}`;

const startInstance = async (name: string, extra: Record<string, string> = {}) => {
  const { startGateway } = await import('../src/gateway-app');
  const { gatewayEnvSchema } = await import('../src/config/env.schema');
  const config = gatewayEnvSchema.parse({
    ...env,
    KAFKA_CLIENT_ID: `gateway-${name}-${suffix}`,
    KAFKA_TOPIC_PREFIX: prefix,
    AUTH_JWKS_URL: jwksUrl,
    IDENTITY_URL: 'http://127.0.0.1:9',
    FORMATION_URL: 'http://127.0.0.1:9',
    LIBRARY_URL: 'http://127.0.0.1:9',
    COMMUNITY_URL: 'http://127.0.0.1:9',
    LIVE_HEARTBEAT_SECONDS: '1',
    ...extra,
  });
  // Any free port (the schema wants a real one).
  return startGateway({ ...config, PORT: 0 }, { maxWaitTimeInMs: 100 });
};

const stream = async (base: string, options: Parameters<typeof openLiveStream>[1]) => {
  const client = await openLiveStream(base, options);
  opened.push(client);
  return client;
};

const changes = (client: LiveStreamClient) => client.messages.filter((m) => m.event === 'change').map((m) => m.data);

/** The partitions each instance's consumer holds, by client id. */
const assignments = async (): Promise<Record<string, number[]>> => {
  const kafka = new Kafka({ clientId: `probe-${suffix}`, brokers: testBrokers(), logLevel: logLevel.NOTHING });
  const admin = kafka.admin();
  await admin.connect();
  try {
    const { groups } = await admin.describeGroups([`${env.KAFKA_GROUP_PREFIX}gateway.live`]);
    return Object.fromEntries(
      groups[0].members.map((m) => [m.clientId, AssignerProtocol.MemberAssignment.decode(m.memberAssignment)?.assignment[liveTopic] ?? []]),
    );
  } finally {
    await admin.disconnect();
  }
};

/** A group id whose signals land on one of `partitions` (the producer's partitioner, as LiveSignals keys them). */
const groupIdOnPartitions = (partitions: number[]): string => {
  const partitioner = Partitioners.DefaultPartitioner();
  const partitionMetadata = Array.from({ length: PARTITIONS }, (_, partitionId) => ({
    partitionId,
    leader: 0,
    partitionErrorCode: 0,
    replicas: [0],
    isr: [0],
  }));
  for (;;) {
    const groupId = randomUUID();
    const partition = partitioner({ topic: liveTopic, partitionMetadata, message: { key: `group:${groupId}`, value: null } });
    if (partitions.includes(partition)) return groupId;
  }
};

beforeAll(async () => {
  await createTopics([liveTopic, `${liveTopic}.dlq`], PARTITIONS);
  const { publicKey, privateKey } = await generateKeyPair('ES256');
  const jwk: JWK = { ...(await exportJWK(publicKey)), kid: 'it', alg: 'ES256', use: 'sig' };
  jwks = createServer((_req, res) => res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify({ keys: [jwk] })));
  await new Promise<void>((resolve) => jwks.listen(0, '127.0.0.1', resolve));
  jwksUrl = `http://127.0.0.1:${(jwks.address() as AddressInfo).port}/.well-known/jwks.json`;
  sign = (sub, roles = ['user'], expiresInSeconds = 900, aal = 'aal1') =>
    new SignJWT({ email: `${sub}@test.abide.local`, roles, sid: randomUUID(), aal })
      .setProtectedHeader({ alg: 'ES256', kid: 'it' })
      .setSubject(sub)
      .setIssuer('abide-identity')
      .setAudience('abide')
      .setIssuedAt()
      .setExpirationTime(Math.floor(Date.now() / 1000) + expiresInSeconds)
      .sign(privateKey);
  // A short buffer (each instance trims what it appends to it) and, on B, a small allowance for unread bytes. Open
  // streams: 3 per member, 4 per client network, slots leased for 3 s (renewed each second while a stream is open).
  const limits = { LIVE_BUFFER_LENGTH: '10', LIVE_STREAMS_PER_MEMBER: '3', LIVE_STREAMS_PER_ADDRESS: '4', LIVE_SLOT_LEASE_SECONDS: '3' };
  [a, b] = await Promise.all([startInstance('a', limits), startInstance('b', { ...limits, LIVE_MAX_BUFFERED_BYTES: '16384' })]);
  urlA = urlOf(a);
  urlB = urlOf(b);
  publisher = testPublisher(`it-live-${suffix}`);
  live = new LiveSignals(publisher);
  // Both instances in the group, each with some of the partitions.
  await waitFor(async () => Object.values(await assignments()).filter((p) => p.length > 0).length === 2, {
    timeoutMs: 60_000,
    intervalMs: 500,
    what: 'both gateway instances to share the live topic',
  });
}, 120_000);

afterEach(() => {
  for (const client of opened.splice(0)) client.close();
});

afterAll(async () => {
  await Promise.all([a?.close(), b?.close()]);
  await publisher?.disconnect();
  jwks?.close();
  await deleteTopics([liveTopic, `${liveTopic}.dlq`]).catch(() => undefined);
});

describe('the live stream across two gateway instances', () => {
  it("pushes to a member connected to instance A a signal that instance B's consumer buffered", async () => {
    const member = randomUUID();
    const held = await assignments();
    const groupId = groupIdOnPartitions(held[`gateway-b-${suffix}`]);
    const client = await stream(urlA, { token: await sign(member) });
    expect(client.status).toBe(200);
    expect(client.headers['content-type']).toBe('text/event-stream; charset=utf-8');
    await client.next((m) => m.event === 'ready');

    live.tell({ members: [member] }, { kind: 'group', groupId });

    const pushed = await client.next((m) => m.event === 'change');
    expect(pushed.data).toMatchObject({ change: { kind: 'group', groupId } });
    expect(held[`gateway-a-${suffix}`]).not.toEqual(expect.arrayContaining(held[`gateway-b-${suffix}`]));
  });

  it('resumes after a reconnect with Last-Event-ID: what happened meanwhile, each once', async () => {
    const member = randomUUID();
    const token = await sign(member);
    const first = await stream(urlB, { token });
    await first.next((m) => m.event === 'ready');
    live.tell({ members: [member] }, { kind: 'notifications' });
    await first.next((m) => m.event === 'change');
    const cursor = first.cursor();
    first.close();

    const [g1, g2] = [randomUUID(), randomUUID()];
    live.tell({ members: [member] }, { kind: 'group', groupId: g1 });
    live.tell({ members: [member] }, { kind: 'upload', resourceId: g2 });
    await live.drained();
    // Buffered by the consumer before the member comes back (to the other instance).
    const again = await (async () => {
      await new Promise((resolve) => setTimeout(resolve, 1500));
      return stream(urlA, { token, lastEventId: cursor });
    })();
    await again.next((m) => m.event === 'ready');
    // Signals about different things travel on different partitions (each keeps its own order), so the two may be
    // buffered either way round; each arrives once.
    expect(changes(again)).toHaveLength(2);
    expect(changes(again)).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ change: { kind: 'group', groupId: g1 } }),
        expect.objectContaining({ change: { kind: 'upload', resourceId: g2 } }),
      ]),
    );
    expect(again.messages.some((m) => m.event === 'resync')).toBe(false);

    live.tell({ members: [member] }, { kind: 'review-queue' });
    await again.next((m) => m.event === 'change' && (m.data as { change: { kind: string } }).change.kind === 'review-queue');
    expect(changes(again)).toHaveLength(3);
  });

  it('says resync when the buffer no longer holds everything since the cursor', async () => {
    const member = randomUUID();
    const token = await sign(member);
    const first = await stream(urlB, { token });
    const ready = await first.next((m) => m.event === 'ready');
    first.close();
    // About 10 are kept per audience (LIVE_BUFFER_LENGTH; Redis trims whole nodes of 100 entries).
    for (let i = 0; i < 260; i++) live.tell({ members: [member] }, { kind: 'group', groupId: `g${i}` });
    await live.drained();
    const head = () => b.get(LiveStreams).buffer;
    await waitFor(
      async () => {
        const { entriesAdded, length } = await head().head(`${env.REDIS_KEY_PREFIX}:live:m:${member}`);
        return entriesAdded === 260 && length < 260;
      },
      { what: 'every signal buffered, and the buffer trimmed' },
    );

    const again = await stream(urlB, { token, lastEventId: ready.id });
    await again.next((m) => m.event === 'ready');
    expect(again.messages.map((m) => m.event)).toEqual(['resync', 'ready']);

    const fromElsewhere = await stream(urlA, { token, lastEventId: `ffff${ready.id?.slice(4)}` });
    await fromElsewhere.next((m) => m.event === 'ready');
    expect(fromElsewhere.messages[0].event).toBe('resync');
  });

  it('sheds a stream whose client stopped reading, while another keeps receiving', async () => {
    const member = randomUUID();
    const token = await sign(member);
    const streams = () => b.get(LiveStreams).open;
    // The earlier tests' streams on B are gone (their clients closed them).
    await waitFor(() => streams() === 0, { what: 'no stream left on B' });
    const before = 0;
    // A client that asks and then never reads: what it is sent piles up in the gateway's write buffer.
    const slow: Socket = connect((b.getHttpServer().address() as AddressInfo).port, '127.0.0.1');
    await new Promise((resolve) => slow.once('connect', resolve));
    slow.write(`GET /api/live HTTP/1.1\r\nHost: x\r\nAuthorization: Bearer ${token}\r\nAccept: text/event-stream\r\n\r\n`);
    slow.pause();
    const fast = await stream(urlB, { token });
    await fast.next((m) => m.event === 'ready');
    await waitFor(() => streams() === before + 2, { what: 'both streams open' });

    let sent = 0;
    while (streams() > before + 1 && sent < 60_000) {
      for (let i = 0; i < 2500; i++) live.tell({ members: [member] }, { kind: 'group', groupId: `slow-${sent + i}` });
      sent += 2500;
      await live.drained();
      await waitFor(() => changes(fast).length >= sent, { timeoutMs: 60_000, what: `the fast client to get ${sent}` });
    }

    expect(streams()).toBe(before + 1);
    expect(changes(fast)).toHaveLength(sent);
    slow.destroy();
  }, 180_000);

  it('refuses a caller without a valid token, and never sends one member what is another’s', async () => {
    const missing = await stream(urlA, {});
    expect([missing.status, (missing.problem as { code: string }).code]).toEqual([401, 'UNAUTHORIZED']);
    const forged = await stream(urlA, { token: `${await sign(randomUUID())}x` });
    expect(forged.status).toBe(401);
    const expired = await stream(urlA, { token: await sign(randomUUID(), ['user'], -60) });
    expect(expired.status).toBe(401);
    // A token in the URL is not a way in (it would land in access logs).
    const inUrl = await request(`${urlA}/api/live?access_token=${await sign(randomUUID())}`);
    await inUrl.body.dump();
    expect(inUrl.statusCode).toBe(401);

    const [me, other] = [randomUUID(), randomUUID()];
    const mine = await stream(urlA, { token: await sign(me) });
    const moderator = await stream(urlB, { token: await sign(randomUUID(), ['user', 'moderator'], 900, 'aal2') });
    await Promise.all([mine.next((m) => m.event === 'ready'), moderator.next((m) => m.event === 'ready')]);
    live.tell({ members: [other] }, { kind: 'notifications' });
    live.tell({ role: 'moderation' }, { kind: 'review-queue' });
    live.tell({ members: [me] }, { kind: 'upload', resourceId: 'mine' });

    await mine.next((m) => m.event === 'change');
    await moderator.next((m) => m.event === 'change');
    expect(changes(mine)).toEqual([expect.objectContaining({ change: { kind: 'upload', resourceId: 'mine' } })]);
    expect(changes(moderator)).toEqual([expect.objectContaining({ change: { kind: 'review-queue' } })]);
  });

  it('keeps the Review Queue from a moderator whose session has not passed two-factor sign-in, and sends them their own changes', async () => {
    const moderatorId = randomUUID();
    const aal1 = await stream(urlA, { token: await sign(moderatorId, ['user', 'moderator']) });
    const aal2 = await stream(urlB, { token: await sign(randomUUID(), ['user', 'moderator'], 900, 'aal2') });
    await Promise.all([aal1.next((m) => m.event === 'ready'), aal2.next((m) => m.event === 'ready')]);

    live.tell({ role: 'moderation' }, { kind: 'review-queue' });
    live.tell({ members: [moderatorId] }, { kind: 'notifications' });

    await aal2.next((m) => m.event === 'change');
    await aal1.next((m) => m.event === 'change');
    await live.drained();
    await new Promise((resolve) => setTimeout(resolve, 500));
    expect(changes(aal1)).toEqual([expect.objectContaining({ change: { kind: 'notifications' } })]);
    expect(changes(aal2)).toEqual([expect.objectContaining({ change: { kind: 'review-queue' } })]);
  });

  it("limits a member's open streams across both instances (429 problem+json), frees a slot when a stream closes, and renews the open ones' leases", async () => {
    const member = randomUUID();
    const token = await sign(member);
    const from = (i: number) => ({ token, headers: { 'x-forwarded-for': `198.51.100.${i}` } });
    const open = [await stream(urlA, from(1)), await stream(urlB, from(2)), await stream(urlA, from(3))];
    expect(open.map((c) => c.status)).toEqual([200, 200, 200]);
    // Longer than a lease: the open streams' slots are renewed, not lost.
    await new Promise((resolve) => setTimeout(resolve, 4000));

    const refused = await stream(urlB, from(4));

    expect(refused.status).toBe(429);
    expect(refused.headers['content-type']).toContain('application/problem+json');
    expect(refused.headers['retry-after']).toBe('30');
    expect(refused.problem).toMatchObject({
      code: 'RATE_LIMITED',
      detail: expect.stringContaining('You have 3 live connections open already'),
    });
    open[1].close();
    await waitFor(
      async () => {
        const again = await stream(urlB, from(5));
        return again.status === 200;
      },
      { what: 'the closed stream to give its slot back' },
    );
  });

  it('limits the open streams of one client network (an IPv6 /64) across both instances, whichever members hold them', async () => {
    // Four addresses of one /64, as a client that picks a new one for each request.
    const inNetwork = (i: number) => ({ 'x-forwarded-for': `2001:db8:5:7:${i}::${i + 1}` });
    const members = await Promise.all(Array.from({ length: 6 }, () => sign(randomUUID())));
    const open = [];
    for (let i = 0; i < 4; i++) open.push(await stream(i % 2 ? urlA : urlB, { token: members[i], headers: inNetwork(i) }));
    expect(open.map((c) => c.status)).toEqual([200, 200, 200, 200]);

    const refused = await stream(urlA, { token: members[4], headers: { 'x-forwarded-for': '2001:db8:5:7:ffff:ffff:ffff:1' } });
    const elsewhere = await stream(urlA, { token: members[5], headers: { 'x-forwarded-for': '2001:db8:5:8::1' } });

    expect(refused.status).toBe(429);
    expect(refused.problem).toMatchObject({
      code: 'RATE_LIMITED',
      detail: expect.stringContaining('4 live connections are open from your network'),
    });
    expect(elsewhere.status).toBe(200);
  });

  it('frees the slots a dead instance held once their leases end', async () => {
    const member = randomUUID();
    const redis = new Redis(env.REDIS_URL);
    const slots = new LiveSlots(redis, { perMember: 3, perNetwork: 4, leaseMs: 3000 });
    const keys = a.get(LiveStreams).keys;
    // A gateway took three slots for the member and stopped renewing them (it died).
    for (let i = 0; i < 3; i++) {
      await expect(
        slots.take({ streamId: randomUUID(), keys: [keys.memberStreams(member), keys.networkStreams(`203.0.113.${i}`)] }),
      ).resolves.toBe('ok');
    }
    const token = await sign(member);

    const refused = await stream(urlA, { token, headers: { 'x-forwarded-for': '203.0.113.50' } });
    await new Promise((resolve) => setTimeout(resolve, 3200));
    const afterLease = await stream(urlB, { token, headers: { 'x-forwarded-for': '203.0.113.50' } });

    redis.disconnect();
    expect(refused.status).toBe(429);
    expect(afterLease.status).toBe(200);
  });

  it('stops listening for a client that leaves while its stream is being set up', async () => {
    // The earlier tests' clients were closed after each test: their streams end shortly.
    await waitFor(() => a.get(LiveStreams).listenedAudiences === 0, { what: 'the earlier streams to end', timeoutMs: 10_000 });
    // Moderators at aal2 listen to several audiences; each client hangs up a few milliseconds into the request.
    await Promise.all(
      Array.from({ length: 40 }, async (_, i) => {
        const token = await sign(randomUUID(), ['user', 'moderator'], 900, 'aal2');
        const { port } = new URL(urlA);
        const socket: Socket = connect(Number(port), '127.0.0.1');
        socket.on('error', () => undefined);
        await new Promise<void>((resolve) => socket.once('connect', () => resolve()));
        socket.write(
          `GET /api/live HTTP/1.1\r\nhost: 127.0.0.1\r\nauthorization: Bearer ${token}\r\nx-forwarded-for: 198.18.${i}.1\r\n\r\n`,
        );
        await new Promise((resolve) => setTimeout(resolve, i % 8));
        socket.destroy();
      }),
    );

    await waitFor(() => a.get(LiveStreams).listenedAudiences === 0, {
      what: 'every abandoned stream to stop listening',
      timeoutMs: 10_000,
    });
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(a.get(LiveStreams).listenedAudiences).toBe(0);
  });

  it('ends its streams cleanly when the instance shuts down', async () => {
    const c = await startInstance('c');
    // Until the new instance's Redis connection is up it answers 503 with a retry delay: ask again, as a browser does.
    const token = await sign(randomUUID());
    let client = await stream(urlOf(c), { token });
    await waitFor(
      async () => {
        if (client.status !== 200) client = await stream(urlOf(c), { token });
        return client.status === 200;
      },
      {
        timeoutMs: 30_000,
        intervalMs: 200,
        what: 'the new instance to open a stream',
      },
    );
    await client.next((m) => m.event === 'ready');
    await c.close();
    await client.ended;
  });
});
