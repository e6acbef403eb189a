// Proves the locally provisioned engines work with the clients the apps use.
// Starts them (idempotent, fast when already up) through the CLI: tools/infra is plain ESM and
// Jest runs this file as CommonJS, so it is not imported here.
import { execFileSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import path from 'node:path';
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
};

const run = `${Date.now().toString(36)}${randomBytes(3).toString('hex')}`;
jest.setTimeout(90_000);

beforeAll(() => {
  if (process.env.ABIDE_INFRA_SKIP_UP === '1') return;
  execFileSync(process.execPath, [path.join(__dirname, '..', 'cli.mjs'), 'up', '--quiet'], {
    stdio: ['ignore', 'inherit', 'inherit'],
    timeout: 20 * 60_000,
  });
}, 20 * 60_000);

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
    await admin.createTopics({ topics: [{ topic, numPartitions: 6, replicationFactor: 1 }], waitForLeaders: true });
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
    const conn = await mongoose
      .createConnection(`${env.MONGO_URL}/infra_test_${run}`, { serverSelectionTimeoutMS: 5_000 })
      .asPromise();
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
});
