// Proves the locally provisioned engines work with the clients the apps use.
// Starts them (idempotent, fast when already up) through the CLI: tools/infra is plain ESM and
// Jest runs this file as CommonJS, so it is not imported here.
import { execFileSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { createTopicsWithLeaders } from '@abide/messaging';
import { Kafka, logLevel } from 'kafkajs';
import mongoose from 'mongoose';
import * as Minio from 'minio';
import Redis from 'ioredis';
import nodemailer from 'nodemailer';

const env = {
  KAFKA_BROKERS: process.env.KAFKA_BROKERS ?? '127.0.0.1:9092',
  MONGO_URL: process.env.MONGO_URL ?? 'mongodb://127.0.0.1:27017',
  S3_ENDPOINT: process.env.S3_ENDPOINT ?? '127.0.0.1',
  S3_PORT: Number(process.env.S3_PORT ?? 9000),
  S3_ACCESS_KEY: process.env.S3_ACCESS_KEY ?? 'abide',
  S3_SECRET_KEY: process.env.S3_SECRET_KEY ?? 'abide-dev-secret',
  REDIS_URL: process.env.REDIS_URL ?? 'redis://127.0.0.1:6379',
  SMTP_HOST: process.env.SMTP_HOST ?? '127.0.0.1',
  SMTP_PORT: Number(process.env.SMTP_PORT ?? 1025),
  SMTP_WEB_URL: process.env.SMTP_WEB_URL ?? 'http://127.0.0.1:1080',
  PROMETHEUS_URL: process.env.PROMETHEUS_URL ?? 'http://127.0.0.1:9090',
  SMS_API_URL: process.env.SMS_API_URL ?? 'http://127.0.0.1:1090',
};

const run = `${Date.now().toString(36)}${randomBytes(3).toString('hex')}`;
jest.setTimeout(90_000);

const cliPath = path.join(__dirname, '..', 'cli.mjs');

beforeAll(() => {
  if (process.env.ABIDE_INFRA_SKIP_UP === '1') return;
  execFileSync(process.execPath, [cliPath, 'up', '--quiet'], {
    stdio: ['ignore', 'inherit', 'inherit'],
    timeout: 20 * 60_000,
  });
}, 20 * 60_000);

type ScrapeTarget = { scrapePool: string; scrapeUrl: string; scrapeInterval: string; labels: Record<string, string> };
/** What a Prometheus scrapes: [{ service, url, every }] sorted by URL. */
const scrapeTargets = async (prometheusUrl: string, stack = 'dev') => {
  const res = (await (await fetch(`${prometheusUrl}/api/v1/targets?state=active`)).json()) as { data: { activeTargets: ScrapeTarget[] } };
  return (
    res.data.activeTargets
      // Each service's first instance (a stack may run up to 5 of each: their ports are listed as well, see below).
      .filter((t) => t.scrapePool === 'abide' && t.labels.stack === stack && t.labels.instance === t.labels.service)
      .map((t) => ({ service: t.labels.service, url: t.scrapeUrl, every: t.scrapeInterval }))
      .sort((a, b) => a.url.localeCompare(b.url))
  );
};
/** The targets once Prometheus has taken them up (it does so a moment after it reports ready). */
const scrapeTargetsSettled = async (prometheusUrl: string, stack = 'dev') => {
  const deadline = Date.now() + 10_000;
  for (;;) {
    const targets = await scrapeTargets(prometheusUrl, stack);
    if (targets.length || Date.now() > deadline) return targets;
    await new Promise((r) => setTimeout(r, 200));
  }
};
/** The dev stack's five metrics listeners (deploy/prometheus/targets.json), ports shifted by `offset`. */
const devMetricsTargets = (offset: number) =>
  ['gateway', 'identity', 'formation', 'library', 'community'].map((service, i) => ({
    service,
    url: `http://127.0.0.1:${9464 + i + offset}/metrics`,
    every: '5s',
  }));

const waitFor = async <T>(fn: () => Promise<T | undefined>, ms: number, what: string): Promise<T> => {
  const deadline = Date.now() + ms;
  for (;;) {
    const v = await fn();
    if (v !== undefined) return v;
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 100));
  }
};

describe('local engines', () => {
  it('Kafka: 6-partition topic, idempotent producer (acks -1), consumer group keeps per-key order', async () => {
    const kafka = new Kafka({ clientId: `infra-test-${run}`, brokers: env.KAFKA_BROKERS.split(','), logLevel: logLevel.NOTHING });
    const topic = `infra-test-${run}`;
    const admin = kafka.admin();
    await admin.connect();
    const cluster = await admin.describeCluster();
    expect(cluster.brokers.length).toBe(1);
    await createTopicsWithLeaders(admin, [{ topic, numPartitions: 6, replicationFactor: 1 }]);
    const meta = await admin.fetchTopicMetadata({ topics: [topic] });
    expect(meta.topics[0].partitions).toHaveLength(6);

    const keys = ['alpha', 'beta', 'gamma', 'delta'];
    const perKey = 10;
    const producer = kafka.producer({ idempotent: true, maxInFlightRequests: 1 });
    await producer.connect();
    for (let i = 0; i < perKey; i++) {
      await producer.send({ topic, acks: -1, messages: keys.map((k) => ({ key: k, value: `${k}:${i}` })) });
    }
    await producer.disconnect();

    const received = new Map<string, number[]>();
    let count = 0;
    const consumer = kafka.consumer({ groupId: `infra-test-${run}`, sessionTimeout: 10_000, heartbeatInterval: 1_000 });
    await consumer.connect();
    await consumer.subscribe({ topics: [topic], fromBeginning: true });
    await consumer.run({
      eachMessage: async ({ message }) => {
        const key = message.key!.toString();
        const [, n] = message.value!.toString().split(':');
        received.set(key, [...(received.get(key) ?? []), Number(n)]);
        count++;
      },
    });
    try {
      await waitFor(async () => (count >= keys.length * perKey ? true : undefined), 45_000, 'all messages');
    } finally {
      await consumer.disconnect();
      await admin.deleteTopics({ topics: [topic] }).catch(() => undefined);
      await admin.disconnect();
    }
    expect(count).toBe(keys.length * perKey);
    for (const k of keys) expect(received.get(k)).toEqual([...Array(perKey).keys()]);
  });

  it('FerretDB: mongoose unique index rejects a duplicate with code 11000', async () => {
    const conn = await mongoose.createConnection(`${env.MONGO_URL}/infra_test_${run}`, { serverSelectionTimeoutMS: 5_000 }).asPromise();
    try {
      const User = conn.model('User', new mongoose.Schema({ email: { type: String, required: true, unique: true } }));
      await User.init();
      await User.create({ email: 'a@example.org' });
      await expect(User.create({ email: 'a@example.org' })).rejects.toMatchObject({ code: 11000 });
      expect(await User.countDocuments()).toBe(1);
    } finally {
      await conn.dropDatabase().catch(() => undefined);
      await conn.close();
    }
  });

  it('FerretDB: a lookup by _id is served from the _id index, not a scan of the collection', async () => {
    const conn = await mongoose.createConnection(`${env.MONGO_URL}/infra_test_id_${run}`, { serverSelectionTimeoutMS: 5_000 }).asPromise();
    try {
      await conn.collection('keyed').insertMany([{ _id: 'stream-a|0000000001' as never }, { _id: 'stream-b|0000000001' as never }]);
      const explained = await conn.db!.command({ explain: { find: 'keyed', filter: { _id: 'stream-a|0000000001' } } });
      // FerretDB answers with SQLite's query plan (the patch in tools/infra/ferretdb/patches.mjs).
      expect(JSON.stringify(explained.queryPlanner)).toMatch(/SEARCH \S+ USING INDEX/);
    } finally {
      await conn.dropDatabase().catch(() => undefined);
      await conn.close();
    }
  });

  it('FerretDB: a read of several documents by key ($in on _id) is served from the _id index and answers as MongoDB does', async () => {
    const conn = await mongoose.createConnection(`${env.MONGO_URL}/infra_test_in_${run}`, { serverSelectionTimeoutMS: 5_000 }).asPromise();
    try {
      const keyed = conn.collection<{ _id: string; rev: number }>('keyed');
      await keyed.insertMany(Array.from({ length: 50 }, (_, i) => ({ _id: `member-${i}`, rev: i % 2 })));
      const wanted = ['member-3', 'member-48', 'member-7', 'nobody'];
      const explained = await conn.db!.command({ explain: { find: 'keyed', filter: { _id: { $in: wanted } } } });
      expect(JSON.stringify(explained.queryPlanner)).toMatch(/SEARCH \S+ USING INDEX/);
      const ids = async (filter: object) => (await keyed.find(filter).toArray()).map((d) => d._id).sort();
      // Missing keys are left out; the rest of the filter still applies; keys of another type match nothing.
      expect(await ids({ _id: { $in: wanted } })).toEqual(['member-3', 'member-48', 'member-7']);
      expect(await ids({ _id: { $in: wanted }, rev: 1 })).toEqual(['member-3', 'member-7']);
      expect(await ids({ _id: { $in: ['member-5', 5] } })).toEqual(['member-5']);
      expect(await ids({ _id: { $in: [] } })).toEqual([]);
      // A list longer than the patch reads through the index is still answered whole (by a scan).
      expect((await ids({ _id: { $in: Array.from({ length: 1200 }, (_, i) => `member-${i}`) } })).length).toBe(50);
      // Writes by such a filter change exactly those documents.
      expect((await keyed.updateMany({ _id: { $in: ['member-1', 'member-2', 'nobody'] } }, { $inc: { rev: 10 } })).modifiedCount).toBe(2);
      expect(await ids({ rev: { $gte: 10 } })).toEqual(['member-1', 'member-2']);
    } finally {
      await conn.dropDatabase().catch(() => undefined);
      await conn.close();
    }
  });

  it('MinIO: bucket, put/get object, presigned GET', async () => {
    const client = new Minio.Client({
      endPoint: env.S3_ENDPOINT,
      port: env.S3_PORT,
      useSSL: false,
      accessKey: env.S3_ACCESS_KEY,
      secretKey: env.S3_SECRET_KEY,
    });
    const bucket = `infra-test-${run}`;
    const key = 'hello/world.txt';
    const body = `hello ${run}`;
    await client.makeBucket(bucket);
    try {
      await client.putObject(bucket, key, Buffer.from(body), body.length, { 'Content-Type': 'text/plain' });
      const stream = await client.getObject(bucket, key);
      const chunks: Buffer[] = [];
      for await (const c of stream) chunks.push(c as Buffer);
      expect(Buffer.concat(chunks).toString()).toBe(body);
      const url = await client.presignedGetObject(bucket, key, 60);
      const res = await fetch(url);
      expect(res.status).toBe(200);
      expect(await res.text()).toBe(body);
    } finally {
      await client.removeObject(bucket, key).catch(() => undefined);
      await client.removeBucket(bucket).catch(() => undefined);
    }
  });

  it('Redis: PING', async () => {
    const redis = new Redis(env.REDIS_URL, { lazyConnect: true, maxRetriesPerRequest: 1 });
    await redis.connect();
    try {
      expect(await redis.ping()).toBe('PONG');
    } finally {
      await redis.quit();
    }
  });

  it('MailDev: a mail sent over SMTP shows up in the REST API', async () => {
    const subject = `infra test ${run}`;
    const transport = nodemailer.createTransport({ host: env.SMTP_HOST, port: env.SMTP_PORT, secure: false, ignoreTLS: true });
    await transport.sendMail({ from: 'abide@example.org', to: `user-${run}@example.org`, subject, text: 'hi' });
    transport.close();
    type Mail = { id: string; subject: string; to: { address: string }[] };
    const mail = await waitFor(
      async () => {
        const list = (await (await fetch(`${env.SMTP_WEB_URL}/email`)).json()) as Mail[];
        return list.find((m) => m.subject === subject);
      },
      10_000,
      'the mail in maildev',
    );
    expect(mail.to[0].address).toBe(`user-${run}@example.org`);
    const del = await fetch(`${env.SMTP_WEB_URL}/email/${mail.id}`, { method: 'DELETE' });
    expect(del.status).toBe(200);
  });

  it("SMS fake: a text sent through Twilio's Messages API shows in the account's inbox, and STOP makes the next one refused", async () => {
    const sid = `AC${randomBytes(16).toString('hex')}`;
    const authToken = randomBytes(16).toString('hex');
    const put = await fetch(`${env.SMS_API_URL}/api/accounts/${sid}`, {
      method: 'PUT',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ authToken, phoneNumber: '+15005550006', label: `infra ${run}` }),
    });
    expect(put.status).toBe(204);
    const send = () =>
      fetch(`${env.SMS_API_URL}/2010-04-01/Accounts/${sid}/Messages.json`, {
        method: 'POST',
        headers: { authorization: `Basic ${Buffer.from(`${sid}:${authToken}`).toString('base64')}` },
        body: new URLSearchParams({ To: '+12015550123', From: '+15005550006', Body: `infra test ${run}` }),
      });

    const sent = await send();
    expect(sent.status).toBe(201);
    expect(await sent.json()).toMatchObject({ sid: expect.stringMatching(/^SM[0-9a-f]{32}$/), status: 'queued', to: '+12015550123' });
    const inbox = (await (await fetch(`${env.SMS_API_URL}/api/accounts/${sid}/messages?number=%2B12015550123`)).json()) as {
      messages: { body: string }[];
    };
    expect(inbox.messages.map((m) => m.body)).toEqual([`infra test ${run}`]);
    const page = await fetch(`${env.SMS_API_URL}/accounts/${sid}/numbers/%2B12015550123`);
    expect(await page.text()).toContain(`infra test ${run}`);

    await fetch(`${env.SMS_API_URL}/api/accounts/${sid}/replies`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ from: '+12015550123', body: 'STOP' }),
    });
    const refused = await send();
    expect(refused.status).toBe(400);
    expect(await refused.json()).toMatchObject({ code: 21610 });
  });

  it("Prometheus: scrapes the dev stack's five metrics ports every 5 s and answers every query of the Grafana dashboard", async () => {
    expect((await fetch(`${env.PROMETHEUS_URL}/-/ready`)).status).toBe(200);
    const offset = Number(new URL(env.PROMETHEUS_URL).port) - 9090;
    expect(await scrapeTargetsSettled(env.PROMETHEUS_URL)).toEqual(devMetricsTargets(offset));
    // The load suite's stack too (4400…), so the operations page moves while it runs.
    expect(await scrapeTargetsSettled(env.PROMETHEUS_URL, 'bench')).toEqual(devMetricsTargets(offset + 4400 - 9464));

    // Scraped, not just configured: each target has an `up` series (1 while its service runs, 0 otherwise).
    const query = async (promql: string) => {
      const res = await fetch(`${env.PROMETHEUS_URL}/api/v1/query?query=${encodeURIComponent(promql)}`);
      return { http: res.status, ...((await res.json()) as { status: string; error?: string; data?: { result: unknown[] } }) };
    };
    // Every configured instance of the dev stack (its five services' first instances and the replicas' ports).
    const configured = (
      (await (await fetch(`${env.PROMETHEUS_URL}/api/v1/targets?state=active`)).json()) as { data: { activeTargets: ScrapeTarget[] } }
    ).data.activeTargets.filter((t) => t.scrapePool === 'abide' && t.labels.stack === 'dev').length;
    expect(configured).toBeGreaterThan(5);
    await waitFor(
      async () => ((await query('up{job="abide",stack="dev"}')).data?.result.length === configured ? true : undefined),
      15_000,
      'every dev target scraped',
    );

    type Panel = { title: string; targets?: { expr: string }[] };
    const dashboard = JSON.parse(readFileSync(path.join(__dirname, '../../../deploy/grafana/abide-dashboard.json'), 'utf8')) as {
      panels: Panel[];
    };
    const answers = [];
    for (const panel of dashboard.panels)
      for (const { expr } of panel.targets ?? []) {
        const { http, status, error } = await query(expr.replaceAll('$__rate_interval', '20s').replaceAll('$service', '.*'));
        answers.push({ panel: panel.title, http, status, error });
      }
    expect(answers.length).toBeGreaterThan(0);
    expect(answers.filter((a) => a.status !== 'success')).toEqual([]);
  });
});

// engineInstance() through the CLI (--offset, --run-root): the same engines as a separate instance that a test may
// stop, crash, restart and reset without touching the shared ones. Ports: 1000 + 100 per test slot (below the ephemeral
// range, which outgoing connections may hold), +50 when the default instance is itself shifted (ABIDE_PORT_OFFSET, e.g. a rehearsal clone), so parallel runs never collide.
describe('a private engine instance', () => {
  const slot = Number.parseInt(process.env.ABIDE_TEST_SLOT ?? '0', 10) || 0;
  const offset = 1000 + 100 * slot + (Number(process.env.ABIDE_PORT_OFFSET ?? 0) ? 50 : 0);
  const runRoot = mkdtempSync(path.join(os.tmpdir(), 'abide-instance-test-'));
  const cli = (...args: string[]): string =>
    execFileSync(process.execPath, [cliPath, ...args, '--offset', String(offset), '--run-root', runRoot], {
      encoding: 'utf8',
      stdio: ['ignore', 'pipe', 'inherit'],
      timeout: 180_000,
    });
  type Row = { engine: string; pid: number | null; ports: number[]; state: string };
  const status = (): Row[] => (JSON.parse(cli('status', '--json')) as { engines: Row[] }).engines;
  const listening = (port: number) =>
    new Promise<boolean>((resolve) => {
      const sock = net.connect({ port, host: '127.0.0.1' });
      sock.once('connect', () => (sock.destroy(), resolve(true)));
      sock.once('error', () => resolve(false));
    });
  // Alive = exists and is not a zombie (the init here may reap a killed engine a moment later).
  const pidAlive = (pid: number) => {
    try {
      const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
      return !/^[ZX]/.test(stat.slice(stat.lastIndexOf(')') + 2));
    } catch {
      return false;
    }
  };
  const kafkaAdmin = async (brokers: string) => {
    const admin = new Kafka({ clientId: `infra-instance-${run}`, brokers: [brokers], logLevel: logLevel.NOTHING }).admin();
    await admin.connect();
    return admin;
  };

  afterAll(() => {
    // A safety net when the test failed half-way; normally everything is down already.
    try {
      cli('down', '--quiet');
    } finally {
      rmSync(runRoot, { recursive: true, force: true });
    }
  }, 120_000);

  it('runs on shifted ports in its own folder; stop, start and reset one engine; down leaves no process', async () => {
    cli('up', '--quiet');
    const env = JSON.parse(cli('env', '--json')) as Record<string, string>;
    expect(env).toMatchObject({
      KAFKA_BROKERS: `127.0.0.1:${9092 + offset}`,
      MONGO_URL: `mongodb://127.0.0.1:${27017 + offset}`,
      S3_PORT: String(9000 + offset),
      REDIS_URL: `redis://127.0.0.1:${6379 + offset}`,
      SMTP_PORT: String(1025 + offset),
      SMTP_WEB_URL: `http://127.0.0.1:${1080 + offset}`,
      SMS_API_URL: `http://127.0.0.1:${1090 + offset}`,
    });
    const started = status();
    expect(started.map((r) => [r.engine, r.state])).toEqual(['kafka', 'mongo', 'minio', 'redis', 'smtp', 'sms'].map((e) => [e, 'up']));
    expect(Object.fromEntries(started.map((r) => [r.engine, r.ports]))).toEqual({
      kafka: [9092 + offset, 9093 + offset],
      mongo: [27017 + offset],
      minio: [9000 + offset, 9001 + offset],
      redis: [6379 + offset],
      smtp: [1025 + offset, 1080 + offset],
      sms: [1090 + offset],
    });
    for (const port of started.flatMap((r) => r.ports)) expect(await listening(port)).toBe(true);

    // Each answers its own protocol on the shifted port.
    const conn = await mongoose.createConnection(`${env.MONGO_URL}/infra_instance`, { serverSelectionTimeoutMS: 5_000 }).asPromise();
    expect((await conn.db!.admin().ping()).ok).toBe(1);
    await conn.close();
    expect((await fetch(`http://127.0.0.1:${env.S3_PORT}/minio/health/live`)).status).toBe(200);
    expect((await fetch(`${env.SMTP_WEB_URL}/healthz`)).status).toBe(200);
    expect((await fetch(`${env.SMS_API_URL}/healthz`)).status).toBe(200);
    const redisPing = async () => {
      const redis = new Redis(env.REDIS_URL, { lazyConnect: true, maxRetriesPerRequest: 0, retryStrategy: () => null });
      redis.on('error', () => undefined);
      try {
        await redis.connect();
        return await redis.ping();
      } catch {
        return 'down';
      } finally {
        redis.disconnect();
      }
    };
    expect(await redisPing()).toBe('PONG');

    // stop → down, start → up again.
    cli('stop', 'redis');
    expect(status().find((r) => r.engine === 'redis')?.state).toBe('down');
    expect(await redisPing()).toBe('down');
    cli('start', 'redis');
    expect(await redisPing()).toBe('PONG');

    // Kafka keeps topics and committed offsets across a crash (SIGKILL) and restart.
    const topic = `infra-instance-${run}`;
    const groupId = `infra-instance-${run}`;
    let admin = await kafkaAdmin(env.KAFKA_BROKERS);
    expect((await admin.describeCluster()).brokers.map((b) => b.port)).toEqual([9092 + offset]);
    await createTopicsWithLeaders(admin, [{ topic, numPartitions: 2, replicationFactor: 1 }]);
    await admin.setOffsets({ groupId, topic, partitions: [{ partition: 0, offset: '0' }] });
    await admin.disconnect();
    cli('stop', 'kafka', '--kill');
    expect(await listening(9092 + offset)).toBe(false);
    cli('start', 'kafka');
    admin = await kafkaAdmin(env.KAFKA_BROKERS);
    expect(await admin.listTopics()).toContain(topic);
    const [committed] = await admin.fetchOffsets({ groupId, topics: [topic] });
    expect(committed.partitions.find((p) => p.partition === 0)?.offset).toBe('0');
    await admin.disconnect();

    // reset → a brand-new broker: no topic, no consumer group.
    cli('reset', 'kafka');
    expect(status().find((r) => r.engine === 'kafka')?.state).toBe('down');
    cli('start', 'kafka');
    admin = await kafkaAdmin(env.KAFKA_BROKERS);
    expect(await admin.listTopics()).not.toContain(topic);
    expect((await admin.listGroups()).groups.map((g) => g.groupId)).not.toContain(groupId);
    await admin.disconnect();

    // down: every process and port of the instance is gone.
    const pids = status().map((r) => r.pid!);
    cli('down', '--quiet');
    expect(status().map((r) => r.state)).toEqual(['down', 'down', 'down', 'down', 'down', 'down']);
    expect(pids.filter(pidAlive)).toEqual([]);
    for (const port of started.flatMap((r) => r.ports)) expect(await listening(port)).toBe(false);
  }, 240_000);

  it("runs Prometheus only when asked, scraping the dev stack's metrics ports shifted by its offset", async () => {
    const prometheus = () => status().find((r) => r.engine === 'prometheus');
    cli('up', '--quiet');
    expect(prometheus()).toBeUndefined();
    expect(await listening(9090 + offset)).toBe(false);
    cli('up', '--only', 'prometheus', '--quiet');
    const row = (JSON.parse(cli('status', '--json', '--only', 'prometheus')) as { engines: Row[] }).engines[0];
    expect([row.state, row.ports]).toEqual(['up', [9090 + offset]]);
    expect(await scrapeTargetsSettled(`http://127.0.0.1:${9090 + offset}`)).toEqual(devMetricsTargets(offset));
    // Every instance a stack may run is a target of its own (those not running are down): formation's five.
    const all = (await (await fetch(`http://127.0.0.1:${9090 + offset}/api/v1/targets?state=active`)).json()) as {
      data: { activeTargets: ScrapeTarget[] };
    };
    const formation = all.data.activeTargets.filter((t) => t.labels.stack === 'dev' && t.labels.service === 'formation');
    expect(formation.map((t) => t.labels.instance).sort()).toEqual([
      'formation',
      'formation-2',
      'formation-3',
      'formation-4',
      'formation-5',
    ]);
    cli('down', '--quiet');
    expect(pidAlive(row.pid!)).toBe(false);
    expect(await listening(9090 + offset)).toBe(false);
  }, 240_000);
});
